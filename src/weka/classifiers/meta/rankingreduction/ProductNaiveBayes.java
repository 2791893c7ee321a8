/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Random;

import weka.classifiers.Classifier;
import weka.classifiers.bayes.NaiveBayes;
import weka.core.Attribute;
import weka.core.Instances;
import weka.core.Utils;
import weka.estimators.DiscreteEstimator;
import weka.estimators.Estimator;
import weka.estimators.NormalEstimator;

/**
 * WEKA's {@link NaiveBayes} trained on a member's pairs from the rows: the
 * estimators WEKA's own {@code buildClassifier} fills on the materialised
 * pair instances, without making a pair object. The pairs are all pairs (a
 * product of the rows, {@link PairTraining#productSides}) or any pair list a
 * member draws ({@link PairTraining#pairList}: the default's two pairs per
 * instance, say).
 *
 * <p>A pair attribute reads one row of the pair, so NaiveBayes' statistics
 * of a class are sums over the rows: a row counts once for each pair of that
 * class that holds it on the attribute's side (its multiplicity there; in a
 * product, every row of the other side). A drawn list's multiplicities are
 * counted as its pairs are drawn ({@link PairTraining#pairMultiplicities}),
 * no list made. A side's statistics follow from its multiplicities alone, so
 * they are computed once for every member whose side holds the rows as
 * often ({@link Side}): in a binary task every member's first side, which
 * holds each row as often as the row has pairs. A nominal attribute's
 * counts are sums of whole numbers, exact in any order, so each row is added
 * once with its multiplicity (for a nominal attribute of at most
 * {@link ValueBits#FEW_VALUES} values, 64 rows at a time: the rows of each
 * value as bits, made once a training, against the multiplicities' bits;
 * for another feature, value by value over the rows grouped by value,
 * {@link RowsByRank}). A numeric attribute's {@link NormalEstimator} sums its
 * (rounded) values and their squares in floating point, one pair at a time,
 * so its result depends on the order of the additions, and WEKA's order is
 * not the pairs' order: before counting, {@code buildClassifier} sorts its
 * copy of the pairs by every numeric attribute in turn with
 * {@link Utils#sortWithNoMissingValues}, a quicksort that is not stable, so
 * the final order follows from the whole chain of sorts.
 * {@link PairTraining#sumsInPairOrder} chooses between two ways:
 *
 * <ul>
 * <li>from the rows (the default): each sum is the sum of the rows' terms
 * times their multiplicities, computed exactly ({@link ExactSum}) and rounded
 * once. Linear in the rows; the sums are the exactly rounded sums of WEKA's
 * terms, where WEKA's own differ from them by its rounding errors over the pairs (a few
 * units in the last place of the means and deviations, measured in
 * {@code docs/scale.md}). Then {@code NormalEstimator}'s parameters are
 * computed once, from the final sums, as its last addition computes them.
 * <li>in WEKA's order: the chain of sorts is replayed on the pairs' numbers
 * (an int and a double a pair, not an object), by the same sort, and the
 * values are fed to WEKA's own estimators in the resulting order: the same
 * model to the bit, in O(pairs log pairs) a numeric attribute, as WEKA's own
 * sorts are, but with neither pair objects nor their copies.
 * </ul>
 *
 * <p>A numeric pair attribute's precision comes from its distinct values,
 * which are those of the rows on its side of some pair (every row, for all
 * pairs). Missing values are skipped per attribute, as WEKA skips them.
 *
 * <p>Options honoured: the defaults, {@code -O} (display only) and
 * {@code AbstractClassifier}'s options, none of which changes training.
 * Declined, so the member trains on the pair instances: {@code -K} (kernel
 * estimators) and {@code -D} (supervised discretisation); attributes neither
 * nominal nor numeric (WEKA's own refusal is then given); a numeric value of
 * {@code Double.MAX_VALUE} or more (WEKA's sort files missing values under
 * that key, so such a value's place beside them decides the precision);
 * sampled pairs that are not a plain list ({@link PairTraining#pairListDeclined}:
 * pair features of no one side, another pair order, query groups, weighted
 * rows); and, replaying WEKA's order with a numeric attribute, more pairs
 * than one Java array holds.
 */
final class ProductNaiveBayes implements ProductTraining.ListBuilder {

  /** A drawn pair's bytes: its rows' numbers and label as drawn, and its label as listed. */
  private static final long LIST_BYTES = 4 + 4 + 8 + 4;

  @Override
  public boolean accepts(Classifier member, PairTraining training) {
    NaiveBayes bayes = (NaiveBayes) member;
    if (bayes.getUseKernelEstimator() || bayes.getUseSupervisedDiscretization()) {
      return false;
    }
    if (training.productSides() == null && training.pairListDeclined() != null) {
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
    // A scan of the rows, not their ranks: the members rank the features
    // between them on their threads (PairTraining.rowRanks), where this check
    // runs alone before them.
    boolean[] huge = training.hugeValues();
    for (int j = 0; j < huge.length; j++) {
      if (huge[j] && header.attribute(j).type() == Attribute.NUMERIC) {
        return false;
      }
    }
    return true;
  }

  @Override
  public WekaInternals.Path internals() {
    return WekaInternals.Path.NAIVE_BAYES_FROM_ROWS;
  }

  /**
   * {@inheritDoc} From the rows, nothing a pair: drawn pairs are counted as
   * they are drawn, a few ints a row. Replaying WEKA's order with a numeric
   * attribute, a drawn list is made (its pairs' rows and labels) and the
   * sorts run on pair numbers: the order, its next permutation, the keys and
   * the sort's index, 4 + 4 + 8 + 4 bytes a pair at the peak.
   */
  @Override
  public long bytesPerPair(PairTraining training) {
    if (!training.sumsInPairOrder() || !hasNumeric(training.pairHeader())) {
      return 0;
    }
    return (training.productSides() == null ? LIST_BYTES : 0) + 20;
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
  public String train(Classifier member, PairTraining training, Random random, int threads)
      throws Exception {
    Instances header = training.pairHeader();
    int features = features(header);
    boolean numeric = hasNumeric(header);
    boolean pairOrder = numeric && training.sumsInPairOrder();
    int[][] sides = training.productSides();
    Held pairs;
    if (sides != null) {
      pairs = new Product(training.rows(), sides[0], sides[1], features);
    } else if (random == null) {
      return "sampled pairs without the member's generator";
    } else if (pairOrder) {
      pairs = new ListPairs(training.rows(), training.pairList(random), features);
    } else {
      pairs = new Drawn(training.pairMultiplicities(random));
    }
    int[] order = pairOrder ? sortedOrder(header, (PairSet) pairs) : null;
    long[] perClass = pairs.perClass();
    Estimator[][] distributions = new Estimator[header.numAttributes() - 1][];
    NormalSums sums = numeric && !pairOrder ? new NormalSums() : null;
    for (int side = 0; side < 2; side++) {
      int[][] times = pairs.multiplicities(side == 0);
      Side statistics = pairOrder ? null : training.naiveBayesSide(side);
      if (statistics == null || !statistics.holds(times)) {
        statistics = new Side(training, times, perClass, !pairOrder);
        if (!pairOrder) {
          training.keepNaiveBayesSide(side, statistics);
        }
      }
      for (int feature = 0; feature < features; feature++) {
        int att = side * features + feature;
        Attribute attribute = header.attribute(att);
        if (attribute.type() != Attribute.NUMERIC) {
          distributions[att] = statistics.discrete(feature, attribute.numValues());
        } else if (pairOrder) {
          distributions[att] = normal((PairSet) pairs, att, order,
              statistics.precision(feature));
        } else {
          distributions[att] = statistics.normal(feature, sums);
        }
      }
    }
    DiscreteEstimator classes = new DiscreteEstimator(header.numClasses(), true);
    classes.addValue(1, perClass[1]);
    classes.addValue(0, perClass[0]);

    set(member, "m_NumClasses", header.numClasses());
    set(member, "m_Instances", new Instances(header, 0));
    set(member, "m_Disc", null);
    set(member, "m_Distributions", distributions);
    set(member, "m_ClassDistribution", classes);
    return null;
  }

  /**
   * One side's statistics of a member's pairs, all NaiveBayes needs of its
   * attributes there: each nominal feature's pairs of each label holding
   * each value, each numeric feature's precision and, from the rows, its
   * normal estimators' sums. Made from how many pairs of each label hold
   * each row on the side, they are the same for any pairs that hold the rows
   * as often: in a binary task every member's first side
   * ({@link PairTraining#naiveBayesSide}). Numbers, not estimators: each
   * member is given estimators of its own, which it may update.
   */
  static final class Side {
    /** Pairs of each label holding each row on the side: [label][row]. */
    private final int[][] m_Times;
    /** Each nominal feature's pairs of each label holding each value: [feature][label][value]. */
    private final long[][][] m_Counts;
    /** Each numeric feature's precision, from the distinct values the side holds. */
    private final double[] m_Precision;
    /**
     * Each numeric feature's sums from the rows, by label: {pairs holding a
     * value, sum of the rounded values, sum of their squares}, null where no
     * pair of the label holds one: [feature][label][sum].
     */
    private final double[][][] m_Sums;

    /**
     * @param training the rows
     * @param times pairs of each label holding each row on the side: [label][row]
     * @param perLabel pairs of each label
     * @param fromRows whether to sum the numeric features from the rows
     */
    Side(PairTraining training, int[][] times, long[] perLabel, boolean fromRows)
        throws Exception {
      Instances header = training.pairHeader();
      int features = features(header);
      m_Times = times;
      m_Counts = new long[features][][];
      m_Precision = new double[features];
      m_Sums = new double[features][][];
      ValueBits bits = training.valueBits();
      long[][][] planes = null;
      long[] all = null; // pairs of each label
      RowsByRank groups = null; // made only for a feature not held as bits
      for (int feature = 0; feature < features; feature++) {
        long[][] rowsWithValue = bits.rowsWithValue(feature);
        if (rowsWithValue != null) {
          if (planes == null) {
            planes = new long[][][] {bitPlanes(times[0]), bitPlanes(times[1])};
            all = new long[] {held(planes[0], null), held(planes[1], null)};
          }
          m_Counts[feature] = counts(rowsWithValue, bits.complete(feature), planes, all);
          continue;
        }
        if (groups == null) {
          groups = training.rowsByRank();
        }
        double[] values = training.rowRanks().m_Values[feature];
        long[][] counts = groups.counts(feature, times, perLabel);
        Attribute attribute = header.attribute(feature);
        if (attribute.type() != Attribute.NUMERIC) {
          m_Counts[feature] = byValue(values, counts, attribute.numValues());
          continue;
        }
        m_Precision[feature] = ProductNaiveBayes.precision(values, counts);
        if (fromRows) {
          m_Sums[feature] = normalSums(values, counts, m_Precision[feature]);
        }
      }
    }

    /** Whether pairs holding the rows this often on the side have these statistics. */
    boolean holds(int[][] times) {
      return Arrays.equals(m_Times[0], times[0]) && Arrays.equals(m_Times[1], times[1]);
    }

    /** Each class's counts of a nominal attribute: each value, as many times as pairs hold it. */
    Estimator[] discrete(int feature, int numValues) {
      Estimator[] byClass = new Estimator[2];
      for (int label = 0; label < 2; label++) {
        byClass[label] = new DiscreteEstimator(numValues, true);
        long[] counts = m_Counts[feature][label];
        for (int value = 0; value < counts.length; value++) {
          if (counts[value] > 0) {
            byClass[label].addValue(value, counts[value]);
          }
        }
      }
      return byClass;
    }

    /** Each class's normal estimator of a numeric attribute from the rows, given its sums. */
    Estimator[] normal(int feature, NormalSums sums) throws ReflectiveOperationException {
      Estimator[] byClass = new Estimator[2];
      for (int label = 0; label < 2; label++) {
        NormalEstimator estimator = new NormalEstimator(m_Precision[feature]);
        double[] sum = m_Sums[feature][label];
        if (sum != null) {
          sums.set(estimator, sum[0], sum[1], sum[2]);
        }
        byClass[label] = estimator;
      }
      return byClass;
    }

    /** A numeric feature's precision, from the distinct values the side holds. */
    double precision(int feature) {
      return m_Precision[feature];
    }
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
  private static int[] sortedOrder(Instances header, PairSet pairs) {
    int[] order = null;
    int[] next = null;
    double[] keys = null;
    for (int att = 0; att < header.numAttributes() - 1; att++) {
      if (header.attribute(att).type() != Attribute.NUMERIC) {
        continue;
      }
      if (order == null) {
        int count = (int) pairs.pairs();
        order = new int[count];
        for (int k = 0; k < count; k++) {
          order[k] = k;
        }
        next = new int[count];
        keys = new double[count];
      }
      for (int i = 0; i < order.length; i++) {
        double value = pairs.value(order[i], att);
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
  private static Estimator[] normal(PairSet pairs, int att, int[] order, double precision) {
    Estimator[] byClass = {new NormalEstimator(precision), new NormalEstimator(precision)};
    for (int k : order) {
      double value = pairs.value(k, att);
      if (!Utils.isMissingValue(value)) {
        byClass[pairs.label(k)].addValue(value, 1);
      }
    }
    return byClass;
  }

  /**
   * How many pairs of each label hold each value of a nominal feature of few
   * values on a side, a word of 64 rows at a time (a value costs a word
   * a bit plane where a row costs a step, and the planes are a few): a row's
   * multiplicity is the sum of its bits' powers of two, so the pairs of a
   * label holding a value are the sum over the bit planes of 2^k times how
   * many rows of the value have bit k set, each a count of set bits. Where
   * every row holds a value, the last value's pairs are what the others
   * leave of all the label's pairs (a binary feature's, half the counting).
   * Whole numbers, so exact.
   *
   * @param rowsWithValue the rows of each value: [value index][word] ({@link ValueBits})
   * @param complete whether every row holds a value (none missing)
   * @param planes the multiplicities' bits: [label][bit][word] ({@link #bitPlanes})
   * @param all the pairs of each label
   * @return [label][value index]
   */
  private static long[][] counts(long[][] rowsWithValue, boolean complete, long[][][] planes,
      long[] all) {
    int values = rowsWithValue.length;
    int counted = complete && values > 0 ? values - 1 : values;
    long[][] counts = new long[2][values];
    for (int label = 0; label < 2; label++) {
      long left = all[label];
      for (int value = 0; value < counted; value++) {
        counts[label][value] = held(planes[label], rowsWithValue[value]);
        left -= counts[label][value];
      }
      if (counted < values) {
        counts[label][counted] = left;
      }
    }
    return counts;
  }

  /**
   * How many pairs hold some row of a set on the side: the rows'
   * multiplicities summed from their bit planes.
   *
   * @param planes the multiplicities' bits: [bit][word] ({@link #bitPlanes})
   * @param rows the set as bits, or null for every row
   * @return the pairs
   */
  private static long held(long[][] planes, long[] rows) {
    long total = 0;
    for (int bit = 0; bit < planes.length; bit++) {
      long[] plane = planes[bit];
      long set = 0;
      if (rows == null) {
        for (long word : plane) {
          set += Long.bitCount(word);
        }
      } else {
        for (int word = 0; word < rows.length; word++) {
          set += Long.bitCount(plane[word] & rows[word]);
        }
      }
      total += set << bit;
    }
    return total;
  }

  /**
   * The rows' multiplicities on a side bit by bit: plane k holds row r (bit
   * {@code r % 64} of word {@code r / 64}) when bit k of its multiplicity is
   * set. Eight rows at a time, their multiplicities' bytes side by side in a
   * long: bit k of each byte is gathered into one byte by a multiplication
   * (byte i's bit, times 2^(7 - j) from byte j of the multiplier, reaches the
   * top byte as its bit i where i + j = 7, with no carries), where a bit
   * a row costs a shift and an or.
   *
   * @param times each row's multiplicity, not negative
   * @return [bit][word], as many planes as the largest multiplicity has bits
   */
  private static long[][] bitPlanes(int[] times) {
    int any = 0;
    for (int t : times) {
      any |= t;
    }
    int words = (times.length + 63) >>> 6;
    long[][] planes = new long[Integer.SIZE - Integer.numberOfLeadingZeros(any)][words];
    for (int low = 0; low < planes.length; low += 8) { // the multiplicities' bytes, low first
      int high = Math.min(planes.length, low + 8);
      for (int row = 0; row < times.length; row += 8) {
        long bytes = 0; // byte i: bits low to low + 7 of row + i's multiplicity
        int rows = Math.min(8, times.length - row);
        for (int i = 0; i < rows; i++) {
          bytes |= (long) ((times[row + i] >>> low) & 0xFF) << (i << 3);
        }
        for (int bit = low; bit < high; bit++) {
          long gathered = ((bytes >>> (bit - low)) & 0x0101010101010101L)
              * 0x0102040810204080L >>> 56;
          planes[bit][row >>> 6] |= gathered << (row & 63);
        }
      }
    }
    return planes;
  }

  /**
   * Each class's sums of a numeric attribute from the rows: each of the
   * normal estimator's sums is its terms of the side's distinct values times
   * how many pairs of the class hold them, computed exactly and rounded once.
   *
   * @return [label]{pairs holding a value, sum of the rounded values, sum of
   *     their squares}, null for a label no pair of which holds a value
   */
  private static double[][] normalSums(double[] values, long[][] counts, double precision) {
    long[] present = new long[2];
    ExactSum[] sum = {new ExactSum(), new ExactSum()};
    ExactSum[] squares = {new ExactSum(), new ExactSum()};
    for (int rank = 0; rank < values.length; rank++) {
      if (counts[0][rank] == 0 && counts[1][rank] == 0) {
        continue;
      }
      double rounded = Math.rint(values[rank] / precision) * precision; // its round
      double square = rounded * rounded;
      for (int label = 0; label < 2; label++) {
        long times = counts[label][rank];
        if (times > 0) {
          sum[label].add(rounded, times);
          squares[label].add(square, times);
          present[label] += times;
        }
      }
    }
    double[][] byClass = new double[2][];
    for (int label = 0; label < 2; label++) {
      if (present[label] > 0) {
        byClass[label] = new double[] {present[label], sum[label].sum(),
            squares[label].sum()};
      }
    }
    return byClass;
  }

  /**
   * Gives a normal estimator its final sums and has it compute its mean and
   * deviation from them, as its last {@code addValue} would: its private
   * fields and method looked up once for all of a member's estimators.
   */
  private static final class NormalSums {
    private final Field m_Weights = WekaInternals.field(NormalEstimator.class,
        "m_SumOfWeights");
    private final Field m_Values = WekaInternals.field(NormalEstimator.class, "m_SumOfValues");
    private final Field m_Squares = WekaInternals.field(NormalEstimator.class,
        "m_SumOfValuesSq");
    private final Method m_Compute = WekaInternals.method(NormalEstimator.class,
        "computeParameters");

    void set(NormalEstimator estimator, double weights, double values, double squares)
        throws ReflectiveOperationException {
      m_Weights.setDouble(estimator, weights);
      m_Values.setDouble(estimator, values);
      m_Squares.setDouble(estimator, squares);
      m_Compute.invoke(estimator);
    }
  }

  /**
   * A nominal feature's counts by value index, from its counts by rank among
   * the distinct values the rows hold.
   *
   * @param values the value index of each rank
   * @param counts [label][rank]
   * @param numValues the attribute's values
   * @return [label][value index]
   */
  private static long[][] byValue(double[] values, long[][] counts, int numValues) {
    long[][] out = new long[2][numValues];
    for (int label = 0; label < 2; label++) {
      for (int rank = 0; rank < values.length; rank++) {
        out[label][(int) values[rank]] = counts[label][rank];
      }
    }
    return out;
  }

  /**
   * A numeric attribute's precision as NaiveBayes derives it: the mean gap
   * between adjacent distinct values of the pairs, those held on the side.
   */
  private static double precision(double[] values, long[][] counts) throws Exception {
    double gaps = 0;
    int distinct = 0;
    int last = -1;
    for (int rank = 0; rank < values.length; rank++) {
      if (counts[0][rank] + counts[1][rank] > 0) {
        if (last >= 0) {
          gaps += values[rank] - values[last];
          distinct++;
        }
        last = rank;
      }
    }
    if (distinct == 0) {
      return (Double) WekaInternals.get(NaiveBayes.class, null, "DEFAULT_NUM_PRECISION");
    }
    return gaps / distinct;
  }

  /** Sets a field NaiveBayes gives no setter for, as its buildClassifier would. */
  private static void set(Classifier of, String name, Object value)
      throws IllegalAccessException {
    WekaInternals.set(NaiveBayes.class, of, name, value);
  }

  /**
   * How often a member's pairs hold each row on each side: all NaiveBayes
   * needs of them from the rows.
   */
  private interface Held {
    /** Pairs of each label: {label 0, label 1}. */
    long[] perClass();

    /** How many pairs of each label hold each row first (or second): [label][row]. */
    int[][] multiplicities(boolean first);
  }

  /** A member's drawn pairs, counted and not made ({@link PairTraining#pairMultiplicities}). */
  private static final class Drawn implements Held {
    /** [side][label][row]. */
    private final int[][][] m_Times;

    Drawn(int[][][] times) {
      m_Times = times;
    }

    /** {@inheritDoc} Every pair holds one row on each side. */
    @Override
    public long[] perClass() {
      long[] out = new long[2];
      for (int label = 0; label < 2; label++) {
        for (int times : m_Times[0][label]) {
          out[label] += times;
        }
      }
      return out;
    }

    @Override
    public int[][] multiplicities(boolean first) {
      return m_Times[first ? 0 : 1];
    }
  }

  /**
   * A member's pairs addressed by number without making them: each pair's
   * label and rows, in the order of its pair instances.
   */
  private abstract static class PairSet implements Held {
    final double[][] m_Rows;
    final int m_Features;

    PairSet(double[][] rows, int features) {
      m_Rows = rows;
      m_Features = features;
    }

    /** Pairs. */
    abstract long pairs();

    /** A pair's label, the class value index of its instance. */
    abstract int label(int pair);

    /** The row a pair holds first (or second). */
    abstract int row(int pair, boolean first);

    /** A pair attribute's value of a pair: its side's row's value of the feature. */
    double value(int pair, int att) {
      return m_Rows[row(pair, att < m_Features)][att % m_Features];
    }
  }

  /**
   * The pair set S1 x S0 (label 1) then S0 x S1 (label 0), each in row-major
   * order: a row of S1 or S0 meets every row of the other side once a label.
   */
  private static final class Product extends PairSet {
    private final int[] m_First;
    private final int[] m_Second;
    /** Pairs of each label: |S1| |S0|. */
    private final long m_PerClass;

    Product(double[][] rows, int[] first, int[] second, int features) {
      super(rows, features);
      m_First = first;
      m_Second = second;
      m_PerClass = (long) first.length * second.length;
    }

    @Override
    long pairs() {
      return 2 * m_PerClass;
    }

    @Override
    public long[] perClass() {
      return new long[] {m_PerClass, m_PerClass};
    }

    @Override
    int label(int pair) {
      return pair < m_PerClass ? 1 : 0;
    }

    @Override
    int row(int pair, boolean first) {
      if (pair < m_PerClass) {
        return first ? m_First[pair / m_Second.length] : m_Second[pair % m_Second.length];
      }
      int k = (int) (pair - m_PerClass);
      return first ? m_Second[k / m_First.length] : m_First[k % m_First.length];
    }

    /** {@inheritDoc} Label 1 holds S1 first and S0 second; label 0 the other way. */
    @Override
    public int[][] multiplicities(boolean first) {
      int[][] out = new int[2][m_Rows.length];
      int[] labelOne = first ? m_First : m_Second;
      int[] labelZero = first ? m_Second : m_First;
      for (int row : labelOne) {
        out[1][row] = labelZero.length;
      }
      for (int row : labelZero) {
        out[0][row] = labelOne.length;
      }
      return out;
    }
  }

  /** A member's drawn pair list. */
  private static final class ListPairs extends PairSet {
    private final PairList m_List;

    ListPairs(double[][] rows, PairList list, int features) {
      super(rows, features);
      m_List = list;
    }

    @Override
    long pairs() {
      return m_List.size();
    }

    @Override
    public long[] perClass() {
      long[] out = new long[2];
      for (int label : m_List.label) {
        out[label]++;
      }
      return out;
    }

    @Override
    int label(int pair) {
      return m_List.label[pair];
    }

    @Override
    int row(int pair, boolean first) {
      return first ? m_List.first[pair] : m_List.second[pair];
    }

    @Override
    public int[][] multiplicities(boolean first) {
      int[][] out = new int[2][m_Rows.length];
      int[] rows = first ? m_List.first : m_List.second;
      for (int k = 0; k < rows.length; k++) {
        out[m_List.label[k]][rows[k]]++;
      }
      return out;
    }
  }
}
