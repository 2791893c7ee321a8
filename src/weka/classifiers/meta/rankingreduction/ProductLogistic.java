/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;
import java.util.Random;

import weka.classifiers.Classifier;
import weka.classifiers.functions.Logistic;
import weka.core.Attribute;
import weka.core.ConjugateGradientOptimization;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Optimization;
import weka.core.Utils;
import weka.filters.Filter;
import weka.filters.unsupervised.attribute.NominalToBinary;
import weka.filters.unsupervised.attribute.RemoveUseless;
import weka.filters.unsupervised.attribute.ReplaceMissingValues;

/**
 * WEKA's {@link Logistic} trained on a pair list from the rows: the model of
 * WEKA's own {@code buildClassifier} on the pair instances (its filters,
 * standardisation, ridge, initial values, {@code Optimization} line search
 * and stopping rule, and the coefficients brought back to the attributes'
 * units), with the objective and its gradient computed from the rows instead
 * of a dense copy of every pair, filled into a plain {@code Logistic}.
 *
 * <p>After Logistic's filters a pair attribute is a function of one of the
 * pair's rows, so a pair's linear predictor is c + s_a + t_b, with s and t
 * the rows' values times the first and the second half of the coefficients.
 * The standardisation's weighted sums over the pairs are sums over the rows,
 * each row weighted by its pairs' weights on that side; the negative
 * log-likelihood needs one logarithm a pair (e^eta is the product of its
 * rows' exponentials; a scalar, not 2m multiply-adds), and its gradient is a sum over the rows of their values times their pairs'
 * residuals. An evaluation costs O(rows x attributes + pairs), where WEKA's
 * costs O(pairs x attributes), and no pair is copied. The filters are WEKA's
 * own, trained on a few instances of the pairs' statistics: weighted halves
 * for ReplaceMissingValues' means and modes, and for RemoveUseless instances
 * holding each half's distinct values, as many as the pairs or enough that no
 * nominal attribute varies too much either way.
 *
 * <p>The same model means the same optimisation problem, solved by the same
 * optimiser from the same start: sums in another order change the last bits
 * of the objective, so the optimum agrees with WEKA's to the optimiser's
 * tolerance (its {@code m_TOLX} is 1e-6 on the standardised coefficients),
 * not to the bit: the same log-likelihood, the same votes, and the same
 * coefficients where the problem determines them (a nominal attribute's
 * indicators sum to the intercept's 1, and a value of one class only lets its
 * coefficient drift, held by the ridge alone: there two stopping points of
 * the same answers differ). Where the pairs are separable (every pair on its label's
 * side of an iterate or of the fitted hyperplane), the optimum is at infinity,
 * bounded only by the ridge, and where an optimiser stops is decided by the
 * last bits of every evaluation: there a member's sampled pairs, on rows
 * without missing values, are replayed in their order by
 * {@link PairOrderLogistic}, whose model is WEKA's to the bit (the fit from
 * the rows stops at the first iterate that separates them); all pairs, and
 * rows with missing values, are declined after the fit, and the member trains
 * on the pair instances, so the model is WEKA's own.
 *
 * <p>Options honoured: {@code -R} (ridge), {@code -M} (iterations), {@code -C}
 * (conjugate gradients), {@code -S} (no standardisation) and
 * {@code AbstractClassifier}'s options but {@code -output-debug-info}.
 * Declined, so the member trains on the pair instances:
 * {@code -output-debug-info} (WEKA's debug output describes its pair instances), attributes neither nominal, numeric nor dates (WEKA's own
 * refusal is then given), rows of weight zero or below, pairs of one class
 * (one-order pairs: separable), and sampled pairs when no generator is given.
 */
final class ProductLogistic implements ProductTraining.ListBuilder {

  /** Why a member whose pairs are separable is left to WEKA's path. */
  static final String SEPARABLE = "its pairs are separable: the optimum is at infinity, "
      + "bounded by the ridge alone, and where an optimiser stops there is arbitrary";

  /** Blocks of the pair loop: fixed, so that sums are the same on any number of threads. */
  private static final int BLOCKS = 16;

  @Override
  public boolean accepts(Classifier member, PairTraining training) {
    if (((Logistic) member).getDebug()) {
      return false;
    }
    Instances header = training.pairHeader();
    for (int att = 0; att < header.numAttributes(); att++) {
      int type = header.attribute(att).type();
      if (att != header.classIndex() && type != Attribute.NUMERIC
          && type != Attribute.NOMINAL && type != Attribute.DATE) {
        return false;
      }
    }
    for (int row = 0; row < training.numRows(); row++) {
      if (!(training.weight(row) > 0) || Double.isInfinite(training.weight(row))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public WekaInternals.Path internals() {
    return WekaInternals.Path.LOGISTIC_FROM_ROWS;
  }

  /**
   * {@inheritDoc} All pairs: none; a sampled list: its rows' numbers, label
   * and weight, and the pair-order replay's class, predictor and term.
   */
  @Override
  public long bytesPerPair(PairTraining training) {
    return training.productSides() != null ? 0 : 44;
  }

  @Override
  public String train(Classifier member, PairTraining training, Random random, int threads)
      throws Exception {
    int[][] sides = training.productSides();
    PairSet pairs;
    if (sides != null) {
      pairs = new ProductPairs(training.numRows(), sides[0], sides[1]);
    } else if (random != null) {
      pairs = new ListPairs(training, training.drawPairs(random));
    } else {
      return "sampled pairs without the member's generator";
    }
    long[] perClass = pairs.perClass();
    if (perClass[0] == 0 || perClass[1] == 0) {
      return "its pairs are of one class: separable by the intercept alone, the optimum "
          + "at infinity";
    }
    Logistic logistic = (Logistic) member;
    Filters filters = new Filters(training, pairs);
    String notReplayed = pairs instanceof ListPairs
        ? PairOrderLogistic.declined(filters.m_FirstColumns, filters.m_SecondColumns,
            training.rows())
        : "all pairs are not replayed in their order";
    boolean replayable = notReplayed == null;
    Fit fit = new Fit(logistic, filters, pairs, threads, replayable);
    if (!fit.separated()) {
      filters.fill(logistic, fit.m_Par, fit.m_LL);
      return null;
    }
    if (!replayable) {
      return SEPARABLE + " (" + notReplayed + ")";
    }
    ListPairs list = (ListPairs) pairs;
    PairOrderLogistic replay = new PairOrderLogistic(logistic, filters.m_Values,
        filters.m_FirstColumns.length, list.m_Pairs, list.m_Weights, threads);
    filters.fill(logistic, replay.coefficients(), replay.logLikelihood());
    return null;
  }

  /**
   * Logistic's three filters as buildClassifier trains them on the pairs,
   * trained on instances of the pairs' statistics, and every row's values
   * through them: which columns of Logistic's data matrix read the first row
   * of a pair and which the second.
   */
  private static final class Filters {
    private final ReplaceMissingValues m_ReplaceMissingValues = new ReplaceMissingValues();
    private final RemoveUseless m_AttFilter = new RemoveUseless();
    private final NominalToBinary m_NominalToBinary = new NominalToBinary();
    private final Instances m_Structure;
    private final int m_ClassIndex;
    private final int m_Predictors;
    /** Columns of Logistic's data matrix (from 1) that read the first, the second row. */
    private final int[] m_FirstColumns;
    private final int[] m_SecondColumns;
    /** Whether column j (from 1) reads the first row of a pair. */
    private final boolean[] m_First;
    /** Each row's values in every column, through the filters (column 0 unused). */
    private final double[][] m_Values;

    Filters(PairTraining training, PairSet pairs) throws Exception {
      Instances header = training.pairHeader();
      double[][] rows = training.rows();
      int n = rows.length;
      double[] firstWeights = pairs.sideWeights(true);
      double[] secondWeights = pairs.sideWeights(false);
      m_ReplaceMissingValues.setInputFormat(header);
      Filter.useFilter(halves(header, rows, firstWeights, secondWeights),
          m_ReplaceMissingValues);
      Instances distinct = Filter.useFilter(distinctValues(header, rows, firstWeights,
          secondWeights, pairs.size()), m_ReplaceMissingValues);
      m_AttFilter.setInputFormat(distinct);
      Instances useful = Filter.useFilter(distinct, m_AttFilter);
      m_NominalToBinary.setInputFormat(useful);
      Filter.useFilter(useful, m_NominalToBinary);
      m_Structure = new Instances(m_NominalToBinary.getOutputFormat(), 0);
      m_ClassIndex = m_Structure.classIndex();
      m_Predictors = m_Structure.numAttributes() - 1;

      m_First = new boolean[m_Predictors + 1];
      int firsts = 0;
      for (int k = 0, j = 1; k <= m_Predictors; k++) {
        if (k != m_ClassIndex) {
          m_First[j] = m_Structure.attribute(k).name().startsWith("first_");
          firsts += m_First[j++] ? 1 : 0;
        }
      }
      m_FirstColumns = new int[firsts];
      m_SecondColumns = new int[m_Predictors - firsts];
      for (int j = 1, a = 0, b = 0; j <= m_Predictors; j++) {
        if (m_First[j]) {
          m_FirstColumns[a++] = j;
        } else {
          m_SecondColumns[b++] = j;
        }
      }
      // A row's filtered values: the pair (r, r) through the filters gives both halves.
      m_Values = new double[n][m_Predictors + 1];
      PairInstance pair = new PairInstance(rows, 0, 0, 0, 1.0);
      pair.setDataset(header);
      for (int r = 0; r < n; r++) {
        pair.setPair(r, r);
        Instance out = through(pair);
        for (int k = 0, j = 1; k <= m_Predictors; k++) {
          if (k != m_ClassIndex) {
            m_Values[r][j++] = out.value(k);
          }
        }
      }
    }

    /** The instance through the three filters, as Logistic passes it. */
    private Instance through(Instance instance) throws Exception {
      for (Filter filter : new Filter[] {m_ReplaceMissingValues, m_AttFilter,
          m_NominalToBinary}) {
        filter.input(instance);
        instance = filter.output();
      }
      return instance;
    }

    /** Sets the fields buildClassifier sets, on an untrained Logistic. */
    void fill(Logistic logistic, double[][] par, double logLikelihood) throws Exception {
      set(logistic, "m_ReplaceMissingValues", m_ReplaceMissingValues);
      set(logistic, "m_AttFilter", m_AttFilter);
      set(logistic, "m_NominalToBinary", m_NominalToBinary);
      set(logistic, "m_structure", m_Structure);
      set(logistic, "m_ClassIndex", m_ClassIndex);
      set(logistic, "m_NumClasses", 2);
      set(logistic, "m_NumPredictors", m_Predictors);
      set(logistic, "m_Data", null);
      set(logistic, "m_LL", logLikelihood);
      set(logistic, "m_Par", par);
    }
  }

  /**
   * Logistic's training on the pairs, replayed from the rows: the
   * standardised rows of each half, the optimisation, and the coefficients
   * in the attributes' units.
   */
  private static final class Fit {
    private final PairSet m_Pairs;
    private final int[] m_FirstColumns;
    private final int[] m_SecondColumns;
    /** Each row's values in those columns, standardised as Logistic standardises. */
    private final double[][] m_FirstValues;
    private final double[][] m_SecondValues;
    private final double[] m_Mean;
    private final double[] m_Sd;
    private double[][] m_Par;
    private double m_LL;
    private double[] m_Argmin;
    /** Whether an iterate put every pair on its label's side, and the fit stopped there. */
    private boolean m_StoppedSeparated;

    /**
     * Fits, or stops at the first iterate that separates the pairs when
     * {@code stopWhenSeparated} (the caller then trains otherwise: the
     * pairs are separable, whatever the optimum).
     */
    Fit(Logistic logistic, Filters filters, PairSet pairs, int threads,
        boolean stopWhenSeparated) throws Exception {
      m_Pairs = pairs;
      m_FirstColumns = filters.m_FirstColumns;
      m_SecondColumns = filters.m_SecondColumns;
      double[][] filtered = filters.m_Values;
      int n = filtered.length;
      double[] firstWeights = pairs.sideWeights(true);
      double[] secondWeights = pairs.sideWeights(false);

      // Means and standard deviations over the pairs, as weighted sums over the rows.
      double totWeights = 0;
      for (double w : firstWeights) {
        totWeights += w;
      }
      checkWeights(totWeights, pairs.size());
      int predictors = filters.m_Predictors;
      m_Mean = new double[predictors + 1];
      m_Sd = new double[predictors + 1];
      m_Sd[0] = 1;
      for (int j = 1; j <= predictors; j++) {
        double[] weights = filters.m_First[j] ? firstWeights : secondWeights;
        double sum = 0;
        double squares = 0;
        for (int r = 0; r < n; r++) {
          double x = filtered[r][j];
          sum += weights[r] * x;
          squares += weights[r] * x * x;
        }
        m_Mean[j] = sum / totWeights;
        m_Sd[j] = sd(squares, totWeights, m_Mean[j]);
      }
      boolean standardise = !logistic.getDoNotStandardizeAttributes();
      m_FirstValues = standardised(filtered, m_FirstColumns, standardise);
      m_SecondValues = standardised(filtered, m_SecondColumns, standardise);

      long[] perClass = pairs.perClass();
      Objective objective = new Objective(this, logistic.getRidge(), threads,
          stopWhenSeparated);
      Optimization[] optimization = new Optimization[1];
      try {
        m_Argmin = minimise(logistic, objective, predictors, perClass[0], perClass[1],
            optimization);
      } catch (SeparatingIterate e) {
        m_StoppedSeparated = true;
        return;
      }
      m_LL = -optimization[0].getMinFunction();
      m_Par = coefficients(m_Argmin, m_Mean, m_Sd, standardise);
    }

    /** The rows' values in these columns, standardised where Logistic standardises. */
    private double[][] standardised(double[][] filtered, int[] columns, boolean standardise) {
      double[][] out = new double[filtered.length][columns.length];
      for (int r = 0; r < filtered.length; r++) {
        for (int i = 0; i < columns.length; i++) {
          int j = columns[i];
          double x = filtered[r][j];
          out[r][i] = standardise && m_Sd[j] != 0 ? (x - m_Mean[j]) / m_Sd[j] : x;
        }
      }
      return out;
    }

    /** s = the first half's terms of each row, t = the second half's, at x. */
    double[][] terms(double[] x) {
      int n = m_FirstValues.length;
      double[] s = new double[n];
      double[] t = new double[n];
      for (int r = 0; r < n; r++) {
        double first = 0;
        for (int i = 0; i < m_FirstColumns.length; i++) {
          first += x[m_FirstColumns[i]] * m_FirstValues[r][i];
        }
        double second = 0;
        for (int i = 0; i < m_SecondColumns.length; i++) {
          second += x[m_SecondColumns[i]] * m_SecondValues[r][i];
        }
        s[r] = first;
        t[r] = second;
      }
      return new double[][] {s, t};
    }

    /** Whether every pair lies on its label's side at an iterate or at the optimiser's answer. */
    boolean separated() {
      if (m_StoppedSeparated) {
        return true;
      }
      double[][] st = terms(m_Argmin);
      return m_Pairs.separated(m_Argmin[0], st[0], st[1]);
    }

    /** The gradient's row sums times the rows' values, plus the ridge's part. */
    double[] gradient(double[] x, double[] firstResiduals, double[] secondResiduals,
        double residual, double ridge) {
      double[] grad = new double[x.length];
      grad[0] = residual;
      for (int i = 0; i < m_FirstColumns.length; i++) {
        double sum = 0;
        for (int r = 0; r < firstResiduals.length; r++) {
          sum += m_FirstValues[r][i] * firstResiduals[r];
        }
        grad[m_FirstColumns[i]] = sum;
      }
      for (int i = 0; i < m_SecondColumns.length; i++) {
        double sum = 0;
        for (int r = 0; r < secondResiduals.length; r++) {
          sum += m_SecondValues[r][i] * secondResiduals[r];
        }
        grad[m_SecondColumns[i]] = sum;
      }
      for (int j = 1; j < x.length; j++) {
        grad[j] += 2 * ridge * x[j];
      }
      return grad;
    }
  }

  /** WEKA's refusal of pairs that weigh too little, as buildClassifier words it. */
  static void checkWeights(double totWeights, long instances) throws Exception {
    if (totWeights <= 1 && instances > 1) {
      throw new Exception("Sum of weights of instances less than 1, please reweight!");
    }
  }

  /** A column's standard deviation from its weighted sum of squares, as Logistic computes it. */
  static double sd(double squares, double totWeights, double mean) {
    return totWeights > 1
        ? Math.sqrt(Math.abs(squares - totWeights * mean * mean) / (totWeights - 1))
        : 0;
  }

  /** Logistic's objective and gradient at a point, however they are summed. */
  interface Evaluation {
    /** The negative log-likelihood plus the ridge. */
    double value(double[] x) throws Exception;

    /** Its gradient. */
    double[] gradient(double[] x) throws Exception;
  }

  /**
   * Logistic's optimisation from its null model, as buildClassifier runs it
   * (BFGS or {@code -C}'s conjugate gradients, {@code -M}'s iterations or
   * until convergence); the optimiser is left in {@code optimizations[0]}.
   *
   * @return the argmin, intercept first
   */
  static double[] minimise(Logistic logistic, Evaluation objective, int predictors,
      double classZero, double classOne, Optimization[] optimizations) throws Exception {
    double[] x = new double[predictors + 1];
    double[][] bounds = new double[2][x.length];
    for (double[] bound : bounds) {
      Arrays.fill(bound, Double.NaN);
    }
    x[0] = Math.log(classZero + 1.0) - Math.log(classOne + 1.0);
    Optimization opt = logistic.getUseConjugateGradientDescent()
        ? new ConjugateGradients(objective) : new Bfgs(objective);
    optimizations[0] = opt;
    if (logistic.getMaxIts() == -1) {
      x = opt.findArgmin(x, bounds);
      while (x == null) {
        x = opt.getVarbValues();
        x = opt.findArgmin(x, bounds);
      }
    } else {
      opt.setMaxIteration(logistic.getMaxIts());
      x = opt.findArgmin(x, bounds);
      if (x == null) {
        x = opt.getVarbValues();
      }
    }
    return x;
  }

  /** The coefficients of the standardised columns brought back to the attributes' units. */
  static double[][] coefficients(double[] x, double[] mean, double[] sd, boolean standardise) {
    double[][] par = new double[x.length][1];
    par[0][0] = x[0];
    for (int j = 1; j < x.length; j++) {
      par[j][0] = x[j];
      if (standardise && sd[j] != 0) {
        par[j][0] /= sd[j];
        par[0][0] -= par[j][0] * mean[j];
      }
    }
    return par;
  }

  /**
   * Instances of each half of the pairs with the pairs' weights: a row's
   * first half (the second missing) weighted by its pairs as first element,
   * and its second half weighted by its pairs as second element, so that
   * ReplaceMissingValues' weighted counts and sums are the pairs'.
   */
  private static Instances halves(Instances header, double[][] rows, double[] firstWeights,
      double[] secondWeights) {
    int m = (header.numAttributes() - 1) / 2;
    Instances out = new Instances(header, 2 * rows.length);
    for (int half = 0; half < 2; half++) {
      double[] weights = half == 0 ? firstWeights : secondWeights;
      for (int r = 0; r < rows.length; r++) {
        if (weights[r] > 0) {
          double[] values = new double[2 * m + 1];
          Arrays.fill(values, Utils.missingValue());
          System.arraycopy(rows[r], 0, values, half * m, m);
          values[2 * m] = 0;
          out.add(new DenseInstance(weights[r], values));
        }
      }
    }
    return out;
  }

  /**
   * Instances whose every attribute takes the pairs' distinct values: the
   * i-th pairs the i-th row of each half, cycling, as many as the pairs or,
   * where there are more, enough that a nominal attribute's distinct values
   * are at most half of them (RemoveUseless removes a nominal attribute
   * whose distinct values are over 99 % of the instances, and with more
   * instances than twice its values it keeps it, as it keeps it on the pairs).
   */
  private static Instances distinctValues(Instances header, double[][] rows,
      double[] firstWeights, double[] secondWeights, long pairs) {
    int[] firsts = present(firstWeights);
    int[] seconds = present(secondWeights);
    int most = 0;
    for (int att = 0; att < header.numAttributes(); att++) {
      most = Math.max(most, header.attribute(att).numValues());
    }
    long enough = Math.max(Math.max(firsts.length, seconds.length), 2L * most + 2);
    int count = (int) Math.min(pairs, enough);
    int m = (header.numAttributes() - 1) / 2;
    Instances out = new Instances(header, count);
    for (int i = 0; i < count; i++) {
      double[] values = new double[2 * m + 1];
      System.arraycopy(rows[firsts[i % firsts.length]], 0, values, 0, m);
      System.arraycopy(rows[seconds[i % seconds.length]], 0, values, m, m);
      out.add(new DenseInstance(1.0, values));
    }
    return out;
  }

  private static int[] present(double[] weights) {
    int[] out = new int[weights.length];
    int k = 0;
    for (int r = 0; r < weights.length; r++) {
      if (weights[r] > 0) {
        out[k++] = r;
      }
    }
    return Arrays.copyOf(out, k);
  }

  private static void set(Logistic of, String name, Object value)
      throws IllegalAccessException {
    WekaInternals.set(Logistic.class, of, name, value);
  }

  /**
   * The linear predictor's two terms of every row at a point: u = c + the
   * first half's sum, t = the second half's, and their exponentials, so that
   * a pair's e^eta is a product instead of an exponential.
   */
  private static final class Terms {
    final double[] m_U;
    final double[] m_T;
    final double[] m_ExpU;
    final double[] m_ExpT;

    Terms(double c, double[] s, double[] t) {
      m_U = new double[s.length];
      m_T = t;
      m_ExpU = new double[s.length];
      m_ExpT = new double[s.length];
      for (int r = 0; r < s.length; r++) {
        m_U[r] = c + s[r];
        m_ExpU[r] = Math.exp(m_U[r]);
        m_ExpT[r] = Math.exp(t[r]);
      }
    }
  }

  /** One block's share of an evaluation: its loss and residual sums. */
  private static final class Sums {
    final double[] m_First;
    final double[] m_Second;
    double m_Loss;
    double m_Residual;

    Sums(int rows) {
      m_First = new double[rows];
      m_Second = new double[rows];
    }

    /**
     * Adds the pair (a, b) of this weight and class: its negative
     * log-likelihood as Logistic's {@code logOfSum} computes it (class 0 is
     * Logistic's modelled class, "the first does not win", of probability
     * e^eta / (1 + e^eta)), and its residual, the loss's derivative in eta.
     */
    void add(Terms terms, int a, int b, double weight, boolean classZero) {
      double eta = terms.m_U[a] + terms.m_T[b];
      double e = terms.m_ExpU[a] * terms.m_ExpT[b];
      double softplus;
      double probability;
      if (e > 0 && e < Double.POSITIVE_INFINITY) {
        softplus = 0 > eta ? Math.log(1 + e) : eta + Math.log(1 + 1 / e);
        probability = e / (1 + e);
      } else if (0 > eta) { // a factor under- or overflowed: the exponential itself
        e = Math.exp(eta);
        softplus = Math.log(1 + e);
        probability = e / (1 + e);
      } else {
        e = Math.exp(-eta);
        softplus = eta + Math.log(1 + e);
        probability = 1 / (1 + e);
      }
      double residual;
      if (classZero) {
        m_Loss += weight * (softplus - eta);
        residual = weight * (probability - 1);
      } else {
        m_Loss += weight * softplus;
        residual = weight * probability;
      }
      m_Residual += residual;
      m_First[a] += residual;
      m_Second[b] += residual;
    }
  }

  /** The pairs as row numbers: what an evaluation and the statistics need of them. */
  private interface PairSet {
    /** Pairs. */
    long size();

    /** Pairs of each class: {class 0, class 1}. */
    long[] perClass();

    /** Each row's summed pair weight as the first (or the second) element. */
    double[] sideWeights(boolean first);

    /** Adds block k's pairs (of {@link #BLOCKS}) at these terms to the sums. */
    void add(int block, Terms terms, Sums sums);

    /** Whether every pair is strictly on its label's side at c + s_a + t_b. */
    boolean separated(double c, double[] s, double[] t);
  }

  /** Every mixed pair both ways: S1 x S0 (class 1), then S0 x S1 (class 0), unit weights. */
  private static final class ProductPairs implements PairSet {
    private final int m_Rows;
    private final int[] m_First;
    private final int[] m_Second;

    ProductPairs(int rows, int[] first, int[] second) {
      m_Rows = rows;
      m_First = first;
      m_Second = second;
    }

    @Override
    public long size() {
      return 2L * m_First.length * m_Second.length;
    }

    @Override
    public long[] perClass() {
      return new long[] {size() / 2, size() / 2};
    }

    /** {@inheritDoc} The same either way: a row meets every row of the other side twice. */
    @Override
    public double[] sideWeights(boolean first) {
      double[] out = new double[m_Rows];
      for (int a : m_First) {
        out[a] = m_Second.length;
      }
      for (int b : m_Second) {
        out[b] = m_First.length;
      }
      return out;
    }

    @Override
    public void add(int block, Terms terms, Sums sums) {
      int from = (int) ((long) block * m_First.length / BLOCKS);
      int to = (int) ((long) (block + 1) * m_First.length / BLOCKS);
      for (int i = from; i < to; i++) {
        int a = m_First[i];
        for (int b : m_Second) {
          sums.add(terms, a, b, 1, false);
          sums.add(terms, b, a, 1, true);
        }
      }
    }

    @Override
    public boolean separated(double c, double[] s, double[] t) {
      for (int a : m_First) {
        for (int b : m_Second) {
          if (!(c + s[a] + t[b] < 0) || !(c + s[b] + t[a] > 0)) {
            return false;
          }
        }
      }
      return true;
    }
  }

  /** A member's drawn pairs, each weighing the product of its rows' weights. */
  private static final class ListPairs implements PairSet {
    private final Pairs m_Pairs;
    private final double[] m_Weights;
    private final int m_Rows;

    ListPairs(PairTraining training, Pairs pairs) {
      m_Pairs = pairs;
      m_Rows = training.numRows();
      m_Weights = new double[pairs.size()];
      for (int k = 0; k < m_Weights.length; k++) {
        m_Weights[k] = training.weight(pairs.left[k]) * training.weight(pairs.right[k]);
      }
    }

    @Override
    public long size() {
      return m_Pairs.size();
    }

    @Override
    public long[] perClass() {
      long[] out = new long[2];
      for (double label : m_Pairs.label) {
        out[(int) label]++;
      }
      return out;
    }

    @Override
    public double[] sideWeights(boolean first) {
      double[] out = new double[m_Rows];
      int[] rows = first ? m_Pairs.left : m_Pairs.right;
      for (int k = 0; k < rows.length; k++) {
        out[rows[k]] += m_Weights[k];
      }
      return out;
    }

    @Override
    public void add(int block, Terms terms, Sums sums) {
      int from = (int) ((long) block * m_Weights.length / BLOCKS);
      int to = (int) ((long) (block + 1) * m_Weights.length / BLOCKS);
      for (int k = from; k < to; k++) {
        sums.add(terms, m_Pairs.left[k], m_Pairs.right[k], m_Weights[k],
            m_Pairs.label[k] == 0);
      }
    }

    @Override
    public boolean separated(double c, double[] s, double[] t) {
      for (int k = 0; k < m_Weights.length; k++) {
        double eta = c + s[m_Pairs.left[k]] + t[m_Pairs.right[k]];
        if (m_Pairs.label[k] == 0 ? !(eta > 0) : !(eta < 0)) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * Logistic's objective and gradient from the rows, evaluated once for both
   * at a point (the optimiser asks the gradient where it last asked the
   * objective), its blocks summed in a fixed order on any number of threads.
   */
  private static final class Objective implements Evaluation {
    private final Fit m_Fit;
    private final double m_Ridge;
    private final int m_Threads;
    private final boolean m_StopWhenSeparated;
    private double[] m_At;
    private double m_Value;
    private double[] m_Gradient;

    Objective(Fit fit, double ridge, int threads, boolean stopWhenSeparated) {
      m_Fit = fit;
      m_Ridge = ridge;
      m_Threads = threads;
      m_StopWhenSeparated = stopWhenSeparated;
    }

    @Override
    public double value(double[] x) throws Exception {
      evaluate(x);
      return m_Value;
    }

    @Override
    public double[] gradient(double[] x) throws Exception {
      evaluate(x);
      return m_Gradient.clone();
    }

    private void evaluate(double[] x) throws Exception {
      if (m_At != null && Arrays.equals(m_At, x)) {
        return;
      }
      double[][] st = m_Fit.terms(x);
      if (m_StopWhenSeparated && m_Fit.m_Pairs.separated(x[0], st[0], st[1])) {
        throw new SeparatingIterate();
      }
      Terms terms = new Terms(x[0], st[0], st[1]);
      int rows = st[0].length;
      Sums[] blocks = new Sums[BLOCKS];
      Parallel.forEach(BLOCKS, m_Threads, k -> {
        blocks[k] = new Sums(rows);
        m_Fit.m_Pairs.add(k, terms, blocks[k]);
      });
      Sums total = new Sums(rows);
      for (Sums block : blocks) {
        total.m_Loss += block.m_Loss;
        total.m_Residual += block.m_Residual;
        for (int r = 0; r < rows; r++) {
          total.m_First[r] += block.m_First[r];
          total.m_Second[r] += block.m_Second[r];
        }
      }
      double nll = total.m_Loss;
      for (int j = 1; j < x.length; j++) {
        nll += m_Ridge * x[j] * x[j];
      }
      m_Gradient = m_Fit.gradient(x, total.m_First, total.m_Second, total.m_Residual,
          m_Ridge);
      m_Value = nll;
      m_At = x.clone();
    }
  }

  /** Thrown by an evaluation at a point that puts every pair on its label's side. */
  private static final class SeparatingIterate extends Exception {
    private static final long serialVersionUID = 1L;

    SeparatingIterate() {
      super(null, null, false, false);
    }
  }

  /** WEKA's BFGS with Logistic's objective summed either way. */
  private static final class Bfgs extends Optimization {
    private final Evaluation m_Objective;

    Bfgs(Evaluation objective) {
      m_Objective = objective;
    }

    @Override
    protected double objectiveFunction(double[] x) throws Exception {
      return m_Objective.value(x);
    }

    @Override
    protected double[] evaluateGradient(double[] x) throws Exception {
      return m_Objective.gradient(x);
    }

    @Override
    public String getRevision() {
      return "weka-ranking";
    }
  }

  /** WEKA's conjugate gradients ({@code -C}) with Logistic's objective summed either way. */
  private static final class ConjugateGradients extends ConjugateGradientOptimization {
    private final Evaluation m_Objective;

    ConjugateGradients(Evaluation objective) {
      m_Objective = objective;
    }

    @Override
    protected double objectiveFunction(double[] x) throws Exception {
      return m_Objective.value(x);
    }

    @Override
    protected double[] evaluateGradient(double[] x) throws Exception {
      return m_Objective.gradient(x);
    }

    @Override
    public String getRevision() {
      return "weka-ranking";
    }
  }
}
