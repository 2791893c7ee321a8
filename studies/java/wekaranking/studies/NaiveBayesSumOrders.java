/*
 * NaiveBayes trained on all pairs from the rows in each sum order, measured
 * against each other and against exact arithmetic, for the benchmarks.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;

import weka.classifiers.bayes.NaiveBayes;
import weka.classifiers.meta.rankingreduction.PairTraining;
import weka.classifiers.meta.rankingreduction.ProductTraining;
import weka.classifiers.meta.rankingreduction.RankingTask;
import weka.core.Instances;
import weka.core.Utils;
import weka.estimators.Estimator;
import weka.estimators.NormalEstimator;

/**
 * How far NaiveBayes's numeric estimators from the rows (exact sums, rounded
 * once) are from WEKA's own (its order of additions over the pairs,
 * replayed: the same model to the bit), and from the means and deviations
 * of exact arithmetic over WEKA's terms; and whether any pair's prediction
 * differs.
 */
public final class NaiveBayesSumOrders {

  /** Digits of the exact references' quotients and roots: far beyond a double's 17. */
  private static final MathContext EXACT = new MathContext(60);

  /** The two models and what separates them; ulps are the largest over the estimators. */
  public static final class Comparison {
    /** Pair instances. */
    public long pairs;
    /** Normal estimators (numeric pair attribute and class) with a value. */
    public int estimators;
    /** Estimators whose mean or deviation differs between the two orders. */
    public int differingEstimators;
    /** Seconds of training from the rows in each order. */
    public double rowsSeconds;
    /** Seconds of training in WEKA's order, replayed. */
    public double pairsSeconds;
    /** Ulps between the two orders' means. */
    public double meanUlps;
    /** Ulps between the two orders' deviations. */
    public double deviationUlps;
    /** Ulps from the exact mean: the rows' sums. */
    public double rowsMeanUlps;
    /** Ulps from the exact deviation: the rows' sums. */
    public double rowsDeviationUlps;
    /** Ulps from the exact mean: WEKA's order. */
    public double pairsMeanUlps;
    /** Ulps from the exact deviation: WEKA's order. */
    public double pairsDeviationUlps;
    /** Pairs whose predicted class differs. */
    public long differingPredictions;
    /** The largest difference of a pair's class probability. */
    public double largestProbabilityDifference;
    /** Whether the two models print the same. */
    public boolean sameText;
  }

  private NaiveBayesSumOrders() {
  }

  /**
   * NaiveBayes trained on all pairs of a binary task from the rows, with
   * exact sums and in WEKA's order, compared.
   *
   * @param data a binary task, its class set, with a numeric attribute
   * @param rankFirst the class that ranks first, as -rank-first names it
   * @return the comparison
   * @throws Exception if NaiveBayes refuses the data or declines the row path
   */
  public static Comparison compare(Instances data, String rankFirst) throws Exception {
    data = new Instances(data);
    data.deleteWithMissingClass();
    PairTraining training = new PairTraining(data, RankingTask.of(data, rankFirst, ""), 0,
        false);
    Comparison out = new Comparison();
    long started = System.nanoTime();
    NaiveBayes rows = trained(training, false);
    out.rowsSeconds = (System.nanoTime() - started) / 1e9;
    started = System.nanoTime();
    NaiveBayes pairs = trained(training, true);
    out.pairsSeconds = (System.nanoTime() - started) / 1e9;
    out.sameText = rows.toString().equals(pairs.toString());
    compareEstimators(training, rows.getConditionalEstimators(),
        pairs.getConditionalEstimators(), out);
    Instances instances = training.pairs(new Random(1));
    out.pairs = instances.numInstances();
    for (int i = 0; i < instances.numInstances(); i++) {
      double[] p = rows.distributionForInstance(instances.instance(i));
      double[] q = pairs.distributionForInstance(instances.instance(i));
      if (Utils.maxIndex(p) != Utils.maxIndex(q)) {
        out.differingPredictions++;
      }
      for (int k = 0; k < p.length; k++) {
        out.largestProbabilityDifference =
            Math.max(out.largestProbabilityDifference, Math.abs(p[k] - q[k]));
      }
    }
    return out;
  }

  private static NaiveBayes trained(PairTraining training, boolean pairOrder)
      throws Exception {
    training.setSumsInPairOrder(pairOrder);
    NaiveBayes model = new NaiveBayes();
    if (!ProductTraining.train(model, training, 1)) {
      throw new IllegalArgumentException("NaiveBayes declines the row path on this data");
    }
    return model;
  }

  /** Each numeric estimator of both models beside exact arithmetic over its side's rows. */
  private static void compareEstimators(PairTraining training, Estimator[][] rows,
      Estimator[][] pairs, Comparison out) {
    int[][] sides = training.productSides();
    int features = rows.length / 2;
    for (int att = 0; att < rows.length; att++) {
      for (int label = 0; label < 2; label++) {
        if (!(rows[att][label] instanceof NormalEstimator)) {
          continue;
        }
        NormalEstimator fast = (NormalEstimator) rows[att][label];
        NormalEstimator weka = (NormalEstimator) pairs[att][label];
        // A label-1 pair is (S1 row, S0 row), a label-0 pair (S0 row, S1 row).
        int[] side = (label == 1) == (att < features) ? sides[0] : sides[1];
        double[] exact = exact(training.rows(), side, att % features, fast.getPrecision());
        if (exact == null) {
          continue;
        }
        out.estimators++;
        if (fast.getMean() != weka.getMean() || fast.getStdDev() != weka.getStdDev()) {
          out.differingEstimators++;
        }
        out.meanUlps = Math.max(out.meanUlps, ulps(fast.getMean(), weka.getMean()));
        out.deviationUlps =
            Math.max(out.deviationUlps, ulps(fast.getStdDev(), weka.getStdDev()));
        out.rowsMeanUlps = Math.max(out.rowsMeanUlps, ulps(fast.getMean(), exact[0]));
        out.rowsDeviationUlps =
            Math.max(out.rowsDeviationUlps, ulps(fast.getStdDev(), exact[1]));
        out.pairsMeanUlps = Math.max(out.pairsMeanUlps, ulps(weka.getMean(), exact[0]));
        out.pairsDeviationUlps =
            Math.max(out.pairsDeviationUlps, ulps(weka.getStdDev(), exact[1]));
      }
    }
  }

  /**
   * The mean and the deviation NormalEstimator would hold in exact
   * arithmetic over its terms (each row's value rounded to the precision;
   * every row of a side counts the same number of times, which cancels),
   * with its floor of a sixth of the precision.
   *
   * @return {mean, deviation}, or null when no row has a value
   */
  private static double[] exact(double[][] rows, int[] side, int feature, double precision) {
    BigDecimal sum = BigDecimal.ZERO;
    BigDecimal squares = BigDecimal.ZERO;
    long present = 0;
    for (int row : side) {
      double value = rows[row][feature];
      if (!Utils.isMissingValue(value)) {
        BigDecimal rounded = new BigDecimal(Math.rint(value / precision) * precision);
        sum = sum.add(rounded);
        squares = squares.add(rounded.multiply(rounded));
        present++;
      }
    }
    if (present == 0) {
      return null;
    }
    BigDecimal count = BigDecimal.valueOf(present);
    BigDecimal mean = sum.divide(count, EXACT);
    BigDecimal variance = squares.subtract(mean.multiply(sum)).abs().divide(count, EXACT);
    double deviation = variance.sqrt(EXACT).doubleValue();
    double floor = precision / (2 * 3);
    return new double[] {mean.doubleValue(),
        deviation > 1e-10 ? Math.max(floor, deviation) : floor};
  }

  /** The distance between two doubles in units of the last place of the larger. */
  private static double ulps(double a, double b) {
    return a == b ? 0 : Math.abs(a - b) / Math.ulp(Math.max(Math.abs(a), Math.abs(b)));
  }
}
