/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;
import java.util.Random;

import weka.classifiers.Classifier;
import weka.classifiers.functions.SMO;
import weka.classifiers.functions.supportVector.PolyKernel;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Utils;
import weka.filters.Filter;
import weka.filters.unsupervised.attribute.NominalToBinary;
import weka.filters.unsupervised.attribute.Normalize;
import weka.filters.unsupervised.attribute.ReplaceMissingValues;
import weka.filters.unsupervised.attribute.Standardize;

/**
 * SMO's linear machine on all pairs, solved as a linear SVM without bias on
 * the rows' differences by dual coordinate descent (Hsieh et al., ICML 2008),
 * and filled into a plain WEKA {@link SMO}.
 *
 * <p>On all pairs in both orders, (a, b) with label 1 and (b, a) with label
 * 0, swapping a pair's halves and its label maps the SVM's problem onto
 * itself, so its optimal weights are (w, -w) and a bias of 0 is optimal: the
 * machine is w.(x_a - x_b), and its problem, min |w|^2/2 + C sum xi over the
 * pairs (p, n) of S1 x S0 subject to w.(x_p - x_n) >= 1 - xi, is SMO's own
 * (half of its objective) with one constraint a pair where SMO has one an
 * order. The filters are SMO's, fitted on the pair instances as SMO fits
 * them; the optimiser is not: its solution is the same optimum to the
 * tolerance below, not SMO's iterate, so the weights differ from SMO's by
 * about that tolerance, and a ranking can differ where a pair's margin is
 * that close to 0.
 *
 * <p>Stopping rule: the spread of the projected gradients over a sweep
 * (largest less smallest) falls below SMO's tolerance parameter (-L,
 * 0.001 by default), as liblinear stops; at most {@link #MOST_SWEEPS}
 * sweeps, in an order drawn from SMO's seed (-W).
 */
public final class DifferenceSvm {

  /** Sweeps over the pairs at most. */
  static final int MOST_SWEEPS = 1000;

  private DifferenceSvm() {
  }

  /**
   * Why the fast solver cannot train this member on these pairs, or null
   * when it can: WEKA's SMO itself (not a subclass), with its linear
   * PolyKernel (exponent 1, no lower-order term), no calibration models, and
   * all pairs of a binary task in both orders with unit weights, and a WEKA
   * whose SMO has the fields the solver writes ({@link WekaInternals}).
   *
   * @param member the untrained member
   * @param training the training data
   * @return the reason, in words, or null
   */
  public static String declines(Classifier member, PairTraining training) {
    if (member.getClass() != SMO.class) {
      return "the learner is not weka.classifiers.functions.SMO";
    }
    SMO smo = (SMO) member;
    if (smo.getKernel().getClass() != PolyKernel.class
        || ((PolyKernel) smo.getKernel()).getExponent() != 1.0
        || ((PolyKernel) smo.getKernel()).getUseLowerOrder()) {
      return "SMO's kernel is not the linear PolyKernel (exponent 1, no lower-order term)";
    }
    if (smo.getBuildCalibrationModels() || smo.getChecksTurnedOff()) {
      return "SMO builds calibration models (-M) or has its checks turned off";
    }
    if (training.productSides() == null) {
      return "the pairs are not all pairs of a binary task in both orders with unit weights";
    }
    return WekaInternals.Path.SMO_FROM_DIFFERENCES.declined();
  }

  /**
   * Trains the member, for which {@link #declines} is null.
   *
   * @param member the untrained SMO
   * @param training the training data
   * @throws Exception if SMO's filters refuse the data
   */
  public static void train(Classifier member, PairTraining training) throws Exception {
    SMO smo = (SMO) member;
    int[][] sides = training.productSides();
    Instances pairs = training.pairs(new Random(0)); // all pairs: nothing is drawn
    smo.getCapabilities().testWithFail(pairs);
    Filter[] filters = filters(smo, pairs);
    Instances header = pairs;
    for (Filter filter : filters) {
      if (filter != null) {
        header = filter.getOutputFormat();
      }
    }
    pairs = null;
    double[][][] halves = filteredRows(training, filters, header);
    double[] w = solve(halves[0], halves[1], sides[0], sides[1], smo.getC(),
        smo.getToleranceParameter(), new Random(smo.getRandomSeed()));
    fill(smo, filters, header, w);
  }

  /** SMO's filters, fitted on the pairs as SMO.buildClassifier fits them. */
  private static Filter[] filters(SMO smo, Instances pairs) throws Exception {
    ReplaceMissingValues missing = new ReplaceMissingValues();
    missing.setInputFormat(pairs);
    Instances data = Filter.useFilter(pairs, missing);
    NominalToBinary nominal = null;
    for (int j = 0; j < data.numAttributes(); j++) {
      if (j != data.classIndex() && !data.attribute(j).isNumeric()) {
        nominal = new NominalToBinary();
        nominal.setInputFormat(data);
        data = Filter.useFilter(data, nominal);
        break;
      }
    }
    Filter scale = null;
    int type = smo.getFilterType().getSelectedTag().getID();
    if (type == SMO.FILTER_STANDARDIZE) {
      scale = new Standardize();
    } else if (type == SMO.FILTER_NORMALIZE) {
      scale = new Normalize();
    }
    if (scale != null) {
      scale.setInputFormat(data);
      Filter.useFilter(data, scale);
    }
    return new Filter[] {missing, nominal, scale};
  }

  /**
   * Each row's values after the filters as the first element of a pair and
   * as the second: the halves of the pair (r, r) filtered.
   */
  private static double[][][] filteredRows(PairTraining training, Filter[] filters,
      Instances header) throws Exception {
    int n = training.numRows();
    int width = (header.numAttributes() - 1) / 2;
    double[][][] out = new double[2][n][width];
    PairInstance pair = new PairInstance(training.rows(), 0, 0, Utils.missingValue(), 1);
    pair.setDataset(training.pairHeader());
    for (int r = 0; r < n; r++) {
      pair.setPair(r, r);
      Instance inst = pair;
      for (Filter filter : filters) {
        if (filter != null) {
          filter.input(inst); // as SMO filters an instance it is asked about
          filter.batchFinished();
          inst = filter.output();
        }
      }
      for (int j = 0, k = 0; j < header.numAttributes(); j++) {
        if (j != header.classIndex()) {
          out[k / width][r][k % width] = inst.value(j);
          k++;
        }
      }
    }
    return out;
  }

  /**
   * Dual coordinate descent for min |w|^2/2 + C sum xi subject to
   * w.(first[p] - second[n]) >= 1 - xi over every p of s1 and n of s0.
   *
   * @return w
   */
  static double[] solve(double[][] first, double[][] second, int[] s1, int[] s0, double c,
      double tolerance, Random random) {
    int width = first.length == 0 ? 0 : first[0].length;
    int count = s1.length * s0.length;
    double[] w = new double[width];
    double[] alpha = new double[count];
    int[] order = new int[count];
    for (int k = 0; k < count; k++) {
      order[k] = k;
    }
    for (int sweep = 0; sweep < MOST_SWEEPS; sweep++) {
      Shuffle.drawToFront(order, count, random);
      double highest = Double.NEGATIVE_INFINITY;
      double lowest = Double.POSITIVE_INFINITY;
      for (int k : order) {
        double[] x = first[s1[k / s0.length]];
        double[] y = second[s0[k % s0.length]];
        double margin = 0;
        double norm = 0;
        for (int j = 0; j < width; j++) {
          double d = x[j] - y[j];
          margin += w[j] * d;
          norm += d * d;
        }
        if (norm == 0) {
          continue; // a pair of equal rows: its constraint holds for no w
        }
        double gradient = margin - 1;
        double projected = alpha[k] == 0 ? Math.min(gradient, 0)
            : alpha[k] == c ? Math.max(gradient, 0) : gradient;
        highest = Math.max(highest, projected);
        lowest = Math.min(lowest, projected);
        if (projected != 0) {
          double next = Math.min(Math.max(alpha[k] - gradient / norm, 0), c);
          double step = next - alpha[k];
          alpha[k] = next;
          for (int j = 0; j < width; j++) {
            w[j] += step * (x[j] - y[j]);
          }
        }
      }
      if (!(highest - lowest >= tolerance)) {
        break;
      }
    }
    return w;
  }

  /**
   * The trained SMO: its filters, and its linear machine (w, -w) with no bias,
   * which counts 0 kernel evaluations, as many as the solver made.
   */
  private static void fill(SMO smo, Filter[] filters, Instances header, double[] w)
      throws Exception {
    int width = w.length;
    double[] weights = new double[2 * width];
    int[] indices = new int[2 * width];
    int count = 0;
    for (int j = 0, k = 0; j < header.numAttributes(); j++) {
      if (j != header.classIndex()) {
        double value = k < width ? w[k] : -w[k - width];
        k++;
        if (value != 0) {
          weights[count] = value;
          indices[count++] = j;
        }
      }
    }
    SMO.BinarySMO machine = smo.new BinarySMO();
    set(machine, "m_sparseWeights", Arrays.copyOf(weights, count));
    set(machine, "m_sparseIndices", Arrays.copyOf(indices, count));
    set(machine, "m_b", 0.0);
    set(machine, "m_data", new Instances(header, 0));
    // The solver evaluates no kernel; left at its -1 the count read "-1".
    set(machine, "m_nEvals", 0L);
    SMO.BinarySMO[][] machines = new SMO.BinarySMO[2][2];
    machines[0][1] = machine;
    set(smo, "m_classifiers", machines);
    set(smo, "m_Missing", filters[0]);
    set(smo, "m_NominalToBinary", filters[1]);
    set(smo, "m_Filter", filters[2]);
    set(smo, "m_classIndex", header.classIndex());
    set(smo, "m_classAttribute", header.classAttribute());
    set(smo, "m_KernelIsLinear", true);
  }

  private static void set(Object of, String name, Object value) throws Exception {
    Class<?> owner = of instanceof SMO ? SMO.class : SMO.BinarySMO.class;
    WekaInternals.set(owner, of, name, value);
  }
}
