/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.Arrays;

import weka.classifiers.Classifier;
import weka.classifiers.bayes.NaiveBayes;
import weka.core.Attribute;
import weka.core.Instances;
import weka.core.Utils;
import weka.estimators.DiscreteEstimator;
import weka.estimators.Estimator;
import weka.estimators.NormalEstimator;

/**
 * WEKA's {@link NaiveBayes} trained on all pairs from the rows: the estimators
 * WEKA's own {@code buildClassifier} fills on the materialised pair instances,
 * without making a pair object.
 *
 * <p>A nominal attribute's counts factorise: a row's value counts once for
 * each row of the other side, and sums of whole numbers are exact in any
 * order, so each row is added once with that multiplicity. A numeric
 * attribute's {@link NormalEstimator} sums its (rounded) values and their
 * squares in floating point, one pair at a time, so its result depends on the
 * order of the additions, and WEKA's order is not the pairs' order: before
 * counting, {@code buildClassifier} sorts its copy of the pairs by every
 * numeric attribute in turn with {@link Utils#sortWithNoMissingValues}, a
 * quicksort that is not stable, so the final order follows from the whole
 * chain of sorts. {@link PairTraining#sumsInPairOrder} chooses between two
 * ways:
 *
 * <ul>
 * <li>from the rows (the default): a row on the attribute's side is added
 * once for each row of the other side, so each sum is that count times the
 * side's sum over its rows, computed exactly and rounded once. Linear in the
 * rows; the sums are the exactly rounded sums of WEKA's terms, where WEKA's
 * own differ from them by its rounding errors over the pairs (a few units in
 * the last place of the means and deviations, measured in
 * {@code docs/scale.md}). Then {@code NormalEstimator}'s parameters are
 * computed once, from the final sums, as its last addition computes them.
 * <li>in WEKA's order: the chain of sorts is replayed on the pairs' numbers
 * (an int and a double a pair, not an object), by the same sort, and the
 * values are fed to WEKA's own estimators in the resulting order: the same
 * model to the bit, in O(pairs log pairs) a numeric attribute, as WEKA's own
 * sorts are, but with neither pair objects nor their copies.
 * </ul>
 *
 * <p>A numeric attribute's precision comes from its distinct values, which
 * are the rows' values. Missing values are skipped per attribute, as WEKA
 * skips them.
 *
 * <p>Options honoured: the defaults, {@code -O} (display only) and
 * {@code AbstractClassifier}'s options, none of which changes training.
 * Declined, so the member trains on the pair instances: {@code -K} (kernel
 * estimators) and {@code -D} (supervised discretisation); attributes neither
 * nominal nor numeric (WEKA's own refusal is then given); a numeric value of
 * {@code Double.MAX_VALUE} or more (WEKA's sort files missing values under
 * that key, so such a value's place beside them decides the precision); and,
 * replaying WEKA's order with a numeric attribute, more pairs than one Java
 * array holds.
 */
final class ProductNaiveBayes implements ProductTraining.Builder {

  @Override
  public boolean accepts(Classifier member, PairTraining training) {
    NaiveBayes bayes = (NaiveBayes) member;
    if (bayes.getUseKernelEstimator() || bayes.getUseSupervisedDiscretization()) {
      return false;
    }
    Instances header = training.pairHeader();
    boolean numeric = false;
    for (int att = 0; att < header.numAttributes(); att++) {
      if (att == header.classIndex()) {
        continue;
      }
      int type = header.attribute(att).type();
      if (type == Attribute.NUMERIC) {
        numeric = true;
      } else if (type != Attribute.NOMINAL) {
        return false;
      }
    }
    if (!numeric) {
      return true;
    }
    if (training.sumsInPairOrder() && training.pairsPerMember() > Integer.MAX_VALUE - 8) {
      return false;
    }
    int features = features(header);
    for (double[] row : training.rows()) {
      for (int j = 0; j < features; j++) {
        if (header.attribute(j).type() == Attribute.NUMERIC && row[j] >= Double.MAX_VALUE) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * {@inheritDoc} Replaying WEKA's order with a numeric attribute, the sorts
   * run on pair numbers: the order, its next permutation, the keys and the
   * sort's index, 4 + 4 + 8 + 4 bytes a pair at the peak. From the rows, or
   * without a numeric attribute, nothing a pair.
   */
  @Override
  public long bytesPerPair(PairTraining training) {
    return training.sumsInPairOrder() && hasNumeric(training.pairHeader()) ? 20 : 0;
  }

  /** Whether a pair attribute is numeric. */
  private static boolean hasNumeric(Instances header) {
    for (int j = 0; j < header.numAttributes(); j++) {
      if (j != header.classIndex() && header.attribute(j).type() == Attribute.NUMERIC) {
        return true;
      }
    }
    return false;
  }

  /** {@inheritDoc} One thread: the counts, the sums and the replayed sorts are sequential. */
  @Override
  public void train(Classifier member, PairTraining training, int[] first, int[] second,
      int threads) throws Exception {
    Instances header = training.pairHeader();
    Product product = new Product(training.rows(), first, second, features(header));
    boolean pairOrder = training.sumsInPairOrder();
    int[] order = pairOrder ? sortedOrder(header, product) : null;
    Estimator[][] distributions = new Estimator[header.numAttributes() - 1][];
    // A feature's two pair attributes (first side, then second) share its
    // precision and, from the rows, its sums over S1 and over S0.
    double[] precisions = new double[product.m_Features];
    RowSums[][] sums = new RowSums[product.m_Features][];
    for (int att = 0; att < distributions.length; att++) {
      Attribute attribute = header.attribute(att);
      int feature = product.feature(att);
      if (attribute.type() == Attribute.NUMERIC) {
        if (att < product.m_Features) {
          precisions[feature] = precision(training.rows(), feature);
          sums[feature] = pairOrder ? null : new RowSums[] {
            new RowSums(product.m_Rows, first, feature, precisions[feature]),
            new RowSums(product.m_Rows, second, feature, precisions[feature]),
          };
        }
        distributions[att] = pairOrder
            ? normal(product, att, order, precisions[feature])
            : normalFromRows(product, att, precisions[feature], sums[feature]);
      } else {
        distributions[att] = discrete(product, att, attribute.numValues());
      }
    }
    DiscreteEstimator classes = new DiscreteEstimator(header.numClasses(), true);
    classes.addValue(1, product.m_PerClass);
    classes.addValue(0, product.m_PerClass);

    set(member, "m_NumClasses", header.numClasses());
    set(member, "m_Instances", new Instances(header, 0));
    set(member, "m_Disc", null);
    set(member, "m_Distributions", distributions);
    set(member, "m_ClassDistribution", classes);
  }

  /** Features a side: the pair header holds both sides, then the class. */
  private static int features(Instances header) {
    return (header.numAttributes() - 1) / 2;
  }

  /**
   * The pairs' order when WEKA counts them: the pair set's own order sorted by
   * each numeric attribute in turn, as {@code Instances.sort} sorts (missing
   * values under the key {@code Double.MAX_VALUE}).
   *
   * @return pair numbers in counting order, or null without numeric attributes
   */
  private static int[] sortedOrder(Instances header, Product product) {
    int[] order = null;
    int[] next = null;
    double[] keys = null;
    for (int att = 0; att < header.numAttributes() - 1; att++) {
      if (header.attribute(att).type() != Attribute.NUMERIC) {
        continue;
      }
      if (order == null) {
        int pairs = (int) product.pairs();
        order = new int[pairs];
        for (int k = 0; k < pairs; k++) {
          order[k] = k;
        }
        next = new int[pairs];
        keys = new double[pairs];
      }
      for (int i = 0; i < order.length; i++) {
        double value = product.value(order[i], att);
        keys[i] = Utils.isMissingValue(value) ? Double.MAX_VALUE : value;
      }
      int[] sorted = Utils.sortWithNoMissingValues(keys);
      for (int i = 0; i < order.length; i++) {
        next[i] = order[sorted[i]];
      }
      int[] previous = order;
      order = next;
      next = previous;
    }
    return order;
  }

  /** Each class's normal estimator of a numeric attribute, fed pair by pair in WEKA's order. */
  private static Estimator[] normal(Product product, int att, int[] order, double precision) {
    Estimator[] byClass = {new NormalEstimator(precision), new NormalEstimator(precision)};
    for (int k : order) {
      double value = product.value(k, att);
      if (!Utils.isMissingValue(value)) {
        byClass[product.label(k)].addValue(value, 1);
      }
    }
    return byClass;
  }

  /**
   * Each class's normal estimator of a numeric attribute from the rows: a row
   * on the attribute's side meets every row of the other side once, so each
   * of the estimator's sums is that count times the side's sum.
   *
   * @param sums the attribute's feature summed over S1 and over S0
   */
  private static Estimator[] normalFromRows(Product product, int att, double precision,
      RowSums[] sums) throws Exception {
    Estimator[] byClass = new Estimator[2];
    for (int label = 0; label < 2; label++) {
      int[] side = product.side(label, att);
      RowSums sideSums = sums[side == product.m_First ? 0 : 1];
      long meets = product.m_PerClass / side.length;
      NormalEstimator estimator = new NormalEstimator(precision);
      if (sideSums.m_Present > 0) {
        setSums(estimator, (double) (sideSums.m_Present * meets),
            sideSums.m_Values.times(meets), sideSums.m_Squares.times(meets));
      }
      byClass[label] = estimator;
    }
    return byClass;
  }

  /**
   * A feature's terms over one side's rows, as {@code NormalEstimator} adds
   * them: the rows with a value, the values rounded to the precision, and
   * their squares.
   */
  private static final class RowSums {
    final long m_Present;
    final ExactSum m_Values = new ExactSum();
    final ExactSum m_Squares = new ExactSum();

    RowSums(double[][] rows, int[] side, int feature, double precision) {
      long present = 0;
      for (int row : side) {
        double value = rows[row][feature];
        if (!Utils.isMissingValue(value)) {
          double rounded = Math.rint(value / precision) * precision; // NormalEstimator's round
          m_Values.add(rounded);
          m_Squares.add(rounded * rounded);
          present++;
        }
      }
      m_Present = present;
    }
  }

  /**
   * Gives a normal estimator its final sums and has it compute its mean and
   * deviation from them, as its last {@code addValue} would.
   */
  private static void setSums(NormalEstimator estimator, double weights, double values,
      double squares) throws Exception {
    String[] names = {"m_SumOfWeights", "m_SumOfValues", "m_SumOfValuesSq"};
    double[] sums = {weights, values, squares};
    for (int i = 0; i < names.length; i++) {
      Field field = NormalEstimator.class.getDeclaredField(names[i]);
      field.setAccessible(true);
      field.setDouble(estimator, sums[i]);
    }
    Method compute = NormalEstimator.class.getDeclaredMethod("computeParameters");
    compute.setAccessible(true);
    compute.invoke(estimator);
  }

  /**
   * A sum of doubles kept exactly, rounded once when read: the same in any
   * order. Infinite and NaN terms are summed apart, in doubles, where their
   * sum (infinite or NaN) is the same in any order too, and it then is the sum.
   */
  private static final class ExactSum {
    private BigDecimal m_Finite = BigDecimal.ZERO;
    private double m_NonFinite;
    private boolean m_HasNonFinite;

    void add(double term) {
      if (Double.isFinite(term)) {
        m_Finite = m_Finite.add(new BigDecimal(term));
      } else {
        m_NonFinite += term;
        m_HasNonFinite = true;
      }
    }

    /** The sum times a count, rounded to the nearest double. */
    double times(long count) {
      return m_HasNonFinite ? m_NonFinite
          : m_Finite.multiply(BigDecimal.valueOf(count)).doubleValue();
    }
  }

  /**
   * Each class's counts of a nominal attribute: a row on the attribute's side
   * meets every row of the other side once.
   */
  private static Estimator[] discrete(Product product, int att, int values) {
    Estimator[] byClass = new Estimator[2];
    for (int label = 0; label < 2; label++) {
      byClass[label] = new DiscreteEstimator(values, true);
      int[] side = product.side(label, att);
      double meets = product.m_PerClass / side.length; // the other side's rows
      for (int row : side) {
        double value = product.m_Rows[row][product.feature(att)];
        if (!Utils.isMissingValue(value)) {
          byClass[label].addValue(value, meets);
        }
      }
    }
    return byClass;
  }

  /**
   * A numeric attribute's precision as NaiveBayes derives it: the mean gap
   * between adjacent distinct values, which over all pairs are the rows'.
   */
  private static double precision(double[][] rows, int feature) throws Exception {
    double[] values = new double[rows.length];
    int present = 0;
    for (double[] row : rows) {
      if (!Utils.isMissingValue(row[feature])) {
        values[present++] = row[feature];
      }
    }
    values = Arrays.copyOf(values, present);
    Arrays.sort(values);
    double gaps = 0;
    int distinct = 0;
    for (int i = 1; i < values.length; i++) {
      if (values[i] != values[i - 1]) {
        gaps += values[i] - values[i - 1];
        distinct++;
      }
    }
    if (distinct == 0) {
      return (Double) FlatTree.field(NaiveBayes.class, null, "DEFAULT_NUM_PRECISION");
    }
    return gaps / distinct;
  }

  /** Sets a field NaiveBayes gives no setter for, as its buildClassifier would. */
  private static void set(Classifier of, String name, Object value) throws Exception {
    Field field = NaiveBayes.class.getDeclaredField(name);
    field.setAccessible(true);
    field.set(of, value);
  }

  /**
   * The pair set S1 x S0 (label 1) then S0 x S1 (label 0), each in row-major
   * order, addressed by a pair's number without making it.
   */
  private static final class Product {

    final double[][] m_Rows;
    final int[] m_First;
    final int[] m_Second;
    final int m_Features;
    /** Pairs of each label: |S1| |S0|. */
    final long m_PerClass;

    Product(double[][] rows, int[] first, int[] second, int features) {
      m_Rows = rows;
      m_First = first;
      m_Second = second;
      m_Features = features;
      m_PerClass = (long) first.length * second.length;
    }

    long pairs() {
      return 2 * m_PerClass;
    }

    int label(int pair) {
      return pair < m_PerClass ? 1 : 0;
    }

    /** The row feature a pair attribute reads. */
    int feature(int att) {
      return att % m_Features;
    }

    /** The rows a label's pairs take a pair attribute from: its first or second elements. */
    int[] side(int label, int att) {
      boolean firstElement = att < m_Features;
      return (label == 1) == firstElement ? m_First : m_Second;
    }

    double value(int pair, int att) {
      int row;
      if (pair < m_PerClass) {
        row = att < m_Features ? m_First[pair / m_Second.length]
            : m_Second[pair % m_Second.length];
      } else {
        int k = (int) (pair - m_PerClass);
        row = att < m_Features ? m_Second[k / m_First.length]
            : m_First[k % m_First.length];
      }
      return m_Rows[row][feature(att)];
    }
  }
}
