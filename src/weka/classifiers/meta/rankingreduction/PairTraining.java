/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Random;
import weka.core.Instances;

/**
 * The training data as the committee's members see it: each member's pair
 * instances, views of the training rows (AUC-Train, with the monograph's
 * sampling), and how many there are before any is made.
 */
public final class PairTraining {

  /** Name of the pair instances' class attribute. */
  public static final String PAIR_CLASS = "first_wins";

  /*
   * The heap estimate's constants, measured: the smallest -Xmx in which one
   * member trained (found to 5 % by halving, less the heap in use before
   * training; weka-ranking bench --sections memory, ParallelGC, WEKA 3.9.7,
   * Java 17) on kr-vs-kp (36 nominal attributes) and spambase (57 numeric).
   * A learner's heap grew in a straight line with its pairs; each constant
   * is that line's slope or intercept, rounded up so that the estimate stays
   * above every measurement and within 1.35 times it.
   *
   * J48: 522 bytes a pair and 17 MB more on kr-vs-kp (159,800 and 479,400
   * pairs: 97 and 256 MB), but 2,684 bytes a pair and nothing more on
   * spambase (18,404 and 46,010 pairs: 43 and 114 MB). WEKA's Instances.add
   * copies each instance it is given, so every level of the tree holds a
   * copy of the views that reach it (48 bytes and a reference each), and
   * subtree raising keeps every node's: a pair costs about 56 bytes a level
   * of its path, and numeric attributes, split again and again, make deeper
   * trees. The estimate takes 600 bytes a pair of nominal attributes, 2,600
   * of numeric ones, in proportion.
   *
   * NaiveBayes: 98 bytes a pair and 10 MB more (479,400 kr-vs-kp pairs: 54
   * MB; 138,030 spambase pairs: 22 MB): the view, its indices and NaiveBayes'
   * copy of the references.
   *
   * Logistic and SMO copy every pair into dense values (their filters:
   * ReplaceMissingValues, NominalToBinary when there is a nominal attribute,
   * SMO's Normalize; then Logistic's double[][] of the data), so a pair costs
   * copies of 8 bytes a value of the width after NominalToBinary, and 56 an
   * instance. Logistic: 1,639 bytes a pair and 4 MB more on kr-vs-kp (15,980
   * and 47,940 pairs: 29 and 79 MB), 2.3 copies; on spambase 1.2 copies
   * (23,005 pairs: 32 MB), where NominalToBinary has nothing to change. SMO:
   * 1,968 bytes a pair and 18 MB more on kr-vs-kp (6,392 and 15,980 pairs: 29
   * and 47 MB; its kernel cache of 250,007 entries is 4 MB of that), 2.8
   * copies; 2.5 on spambase (9,202 pairs: 39 MB); 3.4 on sick (7,544 pairs:
   * 33 MB), where ReplaceMissingValues has values to replace.
   *
   * Held out, on sick (22 nominal attributes, 7 numeric, missing values), the
   * estimate was 1.18 times what J48 needed (75,440 pairs: 76 MB), 1.17
   * NaiveBayes (188,600: 27 MB), 1.15 Logistic (18,860: 29 MB); SMO's
   * copies were raised from 3 to 3.5 for sick's 0.95.
   */
  private static final long J48_NOMINAL_BYTES = 600;
  private static final long J48_NUMERIC_BYTES = 2600;
  private static final long J48_MODEL_BYTES = 12L << 20;
  private static final long NAIVE_BAYES_BYTES = 110;
  private static final long NAIVE_BAYES_MODEL_BYTES = 12L << 20;
  private static final double LOGISTIC_COPIES = 1.4;
  private static final double LOGISTIC_NOMINAL_COPIES = 1;
  private static final long LOGISTIC_MODEL_BYTES = 6L << 20;
  private static final double SMO_COPIES = 3.5;
  private static final long SMO_MODEL_BYTES = 18L << 20;

  /** A view, its index arrays and a reference to it, beside a learner's copies. */
  private static final long VIEW_BYTES = 120;

  /** A DenseInstance beside its values: the object and the array's header. */
  private static final long DENSE_OBJECT_BYTES = 56;

  private final double[][] m_Rows;
  private final double[] m_Grades;
  private final int[] m_Groups;
  private final double[] m_Weights;
  private final Instances m_PairHeader;
  private final int m_PairsPerInstance;
  private final boolean m_OneOrder;
  private boolean m_SumsInPairOrder;
  private final PairFeatures m_Layout;
  private final int m_Order;
  /** The rows' ranks feature by feature, made for the first member that asks. */
  private RowRanks m_RowRanks;
  /** The rows of each nominal value as bits, made for the first member that asks. */
  private ValueBits m_ValueBits;
  /** The rows grouped by value, made for the first member that asks. */
  private RowsByRank m_RowsByRank;
  /** Per feature, whether a row holds Double.MAX_VALUE or more there; for the first that asks. */
  private boolean[] m_HugeValues;
  /**
   * Each side's NaiveBayes statistics as a member last computed them from
   * the rows, for the next member whose side holds the same rows as often.
   */
  private final ProductNaiveBayes.Side[] m_NaiveBayesSides = new ProductNaiveBayes.Side[2];
  /** Each row's partners, found for the first member that asks. */
  private Pairs.Partners m_Partners;
  /** {@link #pairsPerMember}, counted for the first member that asks; -1 before. */
  private long m_PairsPerMember = -1;

  /**
   * Pairs of the two rows side by side (concat), in blocks.
   *
   * @param data the training data, without missing classes
   * @param task how the data ranks
   * @param pairsPerInstance pairs drawn per instance, 0 for all
   * @param oneOrder keep only the pairs whose first element has the higher grade
   */
  public PairTraining(Instances data, RankingTask task, int pairsPerInstance,
      boolean oneOrder) {
    this(data, task, pairsPerInstance, oneOrder, PairFeatures.CONCAT, Pairs.BLOCKS);
  }

  /**
   * @param data the training data, without missing classes
   * @param task how the data ranks
   * @param pairsPerInstance pairs drawn per instance, 0 for all
   * @param oneOrder keep only the pairs whose first element has the higher grade
   * @param features the pair features, {@link PairFeatures#CONCAT} and so on
   * @param order {@link Pairs#BLOCKS}, or {@link Pairs#INTERLEAVED} (all pairs
   *     in both orders only)
   */
  public PairTraining(Instances data, RankingTask task, int pairsPerInstance,
      boolean oneOrder, int features, int order) {
    m_Layout = task.pairFeatures(data, features);
    m_Order = order;
    m_Rows = task.rows(data);
    m_Grades = task.grades(data);
    m_Groups = task.groups(data);
    m_Weights = new double[data.numInstances()];
    for (int i = 0; i < m_Weights.length; i++) {
      m_Weights[i] = data.instance(i).weight();
    }
    m_PairHeader = task.pairHeader(data, m_Layout, PAIR_CLASS);
    m_PairsPerInstance = pairsPerInstance;
    m_OneOrder = oneOrder;
  }

  /**
   * The pairs drawn per instance.
   *
   * @return 0 for all, or p
   */
  public int perInstance() {
    return m_PairsPerInstance;
  }

  /** The same rows, weights and pairs as {@code of}, read through another layout. */
  private PairTraining(PairTraining of, PairFeatures layout, Instances pairHeader, int order) {
    m_Layout = layout;
    m_Order = order;
    m_Rows = of.m_Rows;
    m_Grades = of.m_Grades;
    m_Groups = of.m_Groups;
    m_Weights = of.m_Weights;
    m_PairHeader = pairHeader;
    m_PairsPerInstance = of.m_PairsPerInstance;
    m_OneOrder = of.m_OneOrder;
    m_SumsInPairOrder = of.m_SumsInPairOrder;
  }

  /**
   * These pairs as the two rows side by side, in blocks: what training from
   * the rows takes, to ask whether it would apply but for this training's
   * features or order ({@link #rowPathDeclined}). A view: the rows, grades
   * and weights are this training's own arrays, not read again.
   *
   * @param data the training data this training was made of
   * @param task how the data ranks
   * @return this training itself when it is side by side in blocks already
   */
  public PairTraining sideBySideInBlocks(Instances data, RankingTask task) {
    if (m_Layout.mode() == PairFeatures.CONCAT && m_Order == Pairs.BLOCKS) {
      return this;
    }
    PairFeatures layout = task.pairFeatures(data, PairFeatures.CONCAT);
    return new PairTraining(this, layout, task.pairHeader(data, layout, PAIR_CLASS),
        Pairs.BLOCKS);
  }

  /**
   * Says how a learner trained from the rows ({@link ProductTraining}) adds
   * a floating-point sum over the pairs: in the order WEKA adds it on the
   * materialised pairs, replayed (the same model to the bit, at the cost of
   * that order), or from the rows, computed exactly and rounded once.
   *
   * @param pairOrder true to replay WEKA's order over the pairs
   */
  public void setSumsInPairOrder(boolean pairOrder) {
    m_SumsInPairOrder = pairOrder;
  }

  /**
   * Whether a learner trained from the rows adds its floating-point sums in
   * WEKA's order over the pairs ({@link #setSumsInPairOrder}).
   *
   * @return true to replay that order, false for exact sums from the rows
   */
  public boolean sumsInPairOrder() {
    return m_SumsInPairOrder;
  }

  /**
   * The training rows' feature values.
   *
   * @return one array a row
   */
  public double[][] rows() {
    return m_Rows;
  }

  /**
   * The training rows' values and their ranks feature by feature, computed
   * once and shared by the members a tree trains from the rows (side by
   * side: a row's features are half the pair's attributes).
   *
   * @return the ranks
   */
  RowRanks rowRanks() {
    RowRanks ranks;
    synchronized (this) {
      if (m_RowRanks == null) {
        m_RowRanks = new RowRanks(m_Rows, m_Layout.width() / 2);
      }
      ranks = m_RowRanks;
    }
    return ranks.ranked(); // members asking at once rank its features between them
  }

  /**
   * Per feature, whether some training row holds {@code Double.MAX_VALUE} or
   * more there (infinity, say), found by one scan of the rows for the
   * first that asks: WEKA's sorts file missing values under that key.
   *
   * @return one flag a feature
   */
  synchronized boolean[] hugeValues() {
    if (m_HugeValues == null) {
      m_HugeValues = new boolean[m_Layout.width() / 2];
      for (double[] row : m_Rows) {
        for (int f = 0; f < m_HugeValues.length; f++) {
          m_HugeValues[f] |= row[f] >= Double.MAX_VALUE;
        }
      }
    }
    return m_HugeValues;
  }

  /**
   * The rows holding each value of each nominal feature of few values, as
   * bits, made once and shared by the members NaiveBayes trains from the
   * rows (side by side: a row's features are half the pair's attributes).
   *
   * @return the bits
   */
  synchronized ValueBits valueBits() {
    if (m_ValueBits == null) {
      m_ValueBits = new ValueBits(m_Rows, m_PairHeader, m_Layout.width() / 2);
    }
    return m_ValueBits;
  }

  /**
   * The rows grouped by their value of each feature not held as bits
   * ({@link #valueBits}), made once and shared by the members NaiveBayes
   * trains from the rows.
   *
   * @return the groups
   */
  synchronized RowsByRank rowsByRank() {
    if (m_RowsByRank == null) {
      m_RowsByRank = new RowsByRank(rowRanks(), valueBits());
    }
    return m_RowsByRank;
  }

  /**
   * A side's NaiveBayes statistics a member computed from the rows, kept for
   * the others: in a binary task every member's pairs hold each row on the
   * first side as often (its own pairs, as many as it draws), so the first
   * side's statistics are computed once a training.
   *
   * @param side 0 for the first side, 1 for the second
   * @return the statistics last kept for the side, or null
   */
  synchronized ProductNaiveBayes.Side naiveBayesSide(int side) {
    return m_NaiveBayesSides[side];
  }

  /**
   * Keeps a side's NaiveBayes statistics for the next member ({@link #naiveBayesSide}).
   *
   * @param side 0 for the first side, 1 for the second
   * @param statistics the statistics
   */
  synchronized void keepNaiveBayesSide(int side, ProductNaiveBayes.Side statistics) {
    m_NaiveBayesSides[side] = statistics;
  }

  /**
   * What the pair instances' attributes are.
   *
   * @return the layout
   */
  public PairFeatures layout() {
    return m_Layout;
  }

  /**
   * The empty dataset of the pair instances.
   *
   * @return the pair header
   */
  public Instances pairHeader() {
    return m_PairHeader;
  }

  /**
   * Pair instances a member is trained on (the same number for every member).
   *
   * @return the count
   */
  public synchronized long pairsPerMember() {
    if (m_PairsPerMember < 0) {
      m_PairsPerMember = Pairs.count(partners(), m_PairsPerInstance, m_OneOrder);
    }
    return m_PairsPerMember;
  }

  /**
   * Each row's partners, the same for every member, found once a training
   * and shared by the members' draws ({@link Pairs#build}).
   *
   * @return the partners
   */
  private synchronized Pairs.Partners partners() {
    if (m_Partners == null) {
      m_Partners = new Pairs.Partners(m_Grades, m_Groups);
    }
    return m_Partners;
  }

  /**
   * Whether any two instances (of one group) differ in grade.
   *
   * @return true when a pair can be formed
   */
  public boolean hasPairs() {
    return Pairs.count(partners(), 0, false) > 0;
  }

  /**
   * One member's pair instances, drawn from its own generator.
   *
   * @param random the member's generator, {@code new Random(seed + i)}
   * @return views of the training rows, weighted by the product of their weights
   * @throws InterruptedException if the thread is interrupted meanwhile
   */
  public Instances pairs(Random random) throws InterruptedException {
    Pairs pairs = drawPairs(random);
    Instances out = new Instances(m_PairHeader, pairs.size());
    for (int k = 0; k < pairs.size(); k++) {
      if (k % Parallel.CHECK_EVERY == 0) {
        Parallel.stopIfInterrupted();
      }
      int a = pairs.left[k];
      int b = pairs.right[k];
      out.add(new PairInstance(m_Rows, m_Layout, a, b, pairs.label[k],
          m_Weights[a] * m_Weights[b]));
    }
    return out;
  }

  /**
   * One member's pairs as plain row pairs, the same that {@link #pairs}
   * makes instances of and in their order, for a learner trained from the
   * rows on a sample ({@link ProductTraining}).
   *
   * @param random the member's generator, {@code new Random(seed + i)}
   * @return the pairs, or null where they are not plain row pairs of unit
   *     weight side by side ({@link #pairListDeclined} says why)
   */
  public PairList pairList(Random random) {
    return pairListDeclined() != null ? null : new PairList(drawPairs(random));
  }

  /**
   * How many of one member's pairs hold each row on each side, by label:
   * those of {@link #pairList} from the same generator, counted without
   * being made, for a learner whose statistics are sums over each side's
   * rows ({@link ProductNaiveBayes}).
   *
   * @param random the member's generator, {@code new Random(seed + i)}
   * @return [side: 0 first, 1 second][label][row], or null where
   *     {@link #pairList} is
   */
  int[][][] pairMultiplicities(Random random) {
    return pairListDeclined() != null ? null
        : Pairs.multiplicities(partners(), m_PairsPerInstance, random, m_OneOrder);
  }

  /**
   * Why a member's pairs are not given as a {@link PairList}, or null when
   * they are: a pair list is rows side by side in blocks (as
   * {@link #rowPathDeclined}), of one group (no learner from the rows takes
   * pairs within query groups yet), and of unit weights (the list has none).
   *
   * @return the reason, or null
   */
  public String pairListDeclined() {
    String reason = rowPathDeclined();
    if (reason != null) {
      return reason;
    }
    if (m_Groups != null) {
      return "query groups: pairs within groups are not given as a list";
    }
    for (double weight : m_Weights) {
      if (weight != 1) {
        return "weighted instances: a pair list has unit weights";
      }
    }
    return null;
  }

  /**
   * One member's pairs as row numbers, the same that {@link #pairs} makes
   * instances of, for a learner trained from any pair list
   * ({@link ProductTraining}), weights aside.
   *
   * @param random the member's generator, {@code new Random(seed + i)}
   * @return the pairs
   */
  Pairs drawPairs(Random random) {
    Pairs pairs = Pairs.build(partners(), m_PairsPerInstance, random, m_OneOrder);
    return m_Order == Pairs.INTERLEAVED ? pairs.interleaved() : pairs;
  }

  /**
   * A training row's weight: a pair weighs the product of its rows' weights.
   *
   * @param row the row's number
   * @return its weight
   */
  double weight(int row) {
    return m_Weights[row];
  }

  /**
   * The pair set's two sides when it is a product of the rows: every mixed
   * pair of a binary task in both orders, with unit weights, side by side
   * (concat) and in blocks. Then the pairs
   * are, in order, S1 x S0 (label 1) and S0 x S1 (label 0), where S1 holds
   * the rows of the class that ranks first and S0 the others, each in data
   * order; a learner whose statistics factorise over such products can be
   * trained from the rows ({@link ProductTraining}).
   *
   * @return {S1, S0} as row indices, or null for sampled, one-order, grouped
   *     or weighted pairs, for grades, and for pairs of other features or in
   *     another order ({@link #rowPathDeclined})
   */
  public int[][] productSides() {
    if (m_PairsPerInstance != 0 || m_OneOrder || m_Groups != null
        || rowPathDeclined() != null) {
      return null;
    }
    int firsts = 0;
    for (int i = 0; i < m_Grades.length; i++) {
      if (m_Weights[i] != 1 || (m_Grades[i] != 0 && m_Grades[i] != 1)) {
        return null;
      }
      firsts += (int) m_Grades[i];
    }
    int[] s1 = new int[firsts];
    int[] s0 = new int[m_Grades.length - firsts];
    for (int i = 0, one = 0, zero = 0; i < m_Grades.length; i++) {
      if (m_Grades[i] == 1) {
        s1[one++] = i;
      } else {
        s0[zero++] = i;
      }
    }
    return new int[][] {s1, s0};
  }

  /**
   * Why the pair features or the pair order keep members from being trained
   * from the rows, or null when they do not. Training from the rows counts
   * each side's values over S1 and S0; a difference a - b is a value of
   * neither side. And the row path reproduces the learners' sums over the
   * pairs in the blocks' order (NaiveBayes' running sums of the values, J48's
   * of fractional weights where values are missing): floating-point sums in
   * another order may round otherwise, so it is exact for the blocks only.
   *
   * @return the reason, or null
   */
  public String rowPathDeclined() {
    if (!m_Layout.sideBySide()) {
      return "pair features " + PairFeatures.NAMES[m_Layout.mode()] + ": a difference "
          + "a - b is counted over no side alone";
    }
    if (m_Order != Pairs.BLOCKS) {
      return "pair order " + Pairs.ORDERS[m_Order] + ": the counts reproduce the sums "
          + "in the blocks' order only";
    }
    return null;
  }

  /**
   * Bytes of JVM heap that a pair instance needs while its member trains on
   * it, by learner (the measured constants above): J48 and NaiveBayes train
   * on the views (J48's trees grow deeper on numeric attributes); Logistic
   * and SMO on dense copies, so that their cost grows with the attributes. A learner not measured is counted as SMO is, the
   * most a measured learner holds.
   *
   * @param learner the base learner's classname
   * @return the estimate for one pair
   */
  public long bytesPerPair(String learner) {
    switch (learner) {
      case "weka.classifiers.trees.J48":
        double numeric = numericShare();
        return Math.round(numeric * J48_NUMERIC_BYTES + (1 - numeric) * J48_NOMINAL_BYTES);
      case "weka.classifiers.bayes.NaiveBayes":
        return NAIVE_BAYES_BYTES;
      case "weka.classifiers.functions.Logistic":
        double copies = LOGISTIC_COPIES + (hasNominal() ? LOGISTIC_NOMINAL_COPIES : 0);
        return VIEW_BYTES + (long) Math.ceil(copies * denseBytes());
      default:
        return VIEW_BYTES + (long) Math.ceil(SMO_COPIES * denseBytes());
    }
  }

  /**
   * Bytes of a member's training beside its pairs (the measured constants
   * above): the learner's fixed structures and the collector's room.
   *
   * @param learner the base learner's classname
   * @return the fixed part of a member's estimate
   */
  public long bytesPerModel(String learner) {
    switch (learner) {
      case "weka.classifiers.trees.J48":
        return J48_MODEL_BYTES;
      case "weka.classifiers.bayes.NaiveBayes":
        return NAIVE_BAYES_MODEL_BYTES;
      case "weka.classifiers.functions.Logistic":
        return LOGISTIC_MODEL_BYTES;
      default:
        return SMO_MODEL_BYTES;
    }
  }

  /**
   * Bytes of JVM heap that training a member from the rows needs
   * ({@link ProductTraining}), per training row: the rows' values, and per
   * row an index into each attribute's sorted order and the sides' index
   * arrays at every level of a tree. A bound from those structures, not
   * measured (no learner is trained from the rows yet): 16 bytes an
   * attribute and 256 bytes a row.
   *
   * @return the estimate for one row
   */
  public long bytesPerRow() {
    int m = m_Rows.length == 0 ? 0 : m_Rows[0].length;
    return 16L * m + 256;
  }

  /**
   * Rows of the training data.
   *
   * @return the count
   */
  public int numRows() {
    return m_Rows.length;
  }

  /** A dense copy of a pair after NominalToBinary: its values and the object. */
  private long denseBytes() {
    return 8 * binaryWidth() + DENSE_OBJECT_BYTES;
  }

  /** The share of a pair's attributes that are numeric, its class aside. */
  private double numericShare() {
    int numeric = 0;
    for (int a = 0; a < m_PairHeader.numAttributes(); a++) {
      if (a != m_PairHeader.classIndex() && m_PairHeader.attribute(a).isNumeric()) {
        numeric++;
      }
    }
    return numeric / (double) Math.max(1, m_PairHeader.numAttributes() - 1);
  }

  /** Whether NominalToBinary has an attribute to change. */
  private boolean hasNominal() {
    for (int a = 0; a < m_PairHeader.numAttributes(); a++) {
      if (a != m_PairHeader.classIndex() && m_PairHeader.attribute(a).isNominal()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Values of a pair after NominalToBinary: one for each value of a nominal
   * attribute of more than two, one for any other attribute.
   */
  private long binaryWidth() {
    long width = 0;
    for (int a = 0; a < m_PairHeader.numAttributes(); a++) {
      int values = m_PairHeader.attribute(a).numValues();
      width += a != m_PairHeader.classIndex() && values > 2 ? values : 1;
    }
    return width;
  }
}
