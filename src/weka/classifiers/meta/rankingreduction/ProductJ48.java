/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;

import weka.classifiers.Classifier;
import weka.classifiers.trees.J48;
import weka.classifiers.trees.j48.C45ModelSelection;
import weka.classifiers.trees.j48.C45PruneableClassifierTree;
import weka.classifiers.trees.j48.C45Split;
import weka.classifiers.trees.j48.ClassifierSplitModel;
import weka.classifiers.trees.j48.ClassifierTree;
import weka.classifiers.trees.j48.Distribution;
import weka.classifiers.trees.j48.GainRatioSplitCrit;
import weka.classifiers.trees.j48.InfoGainSplitCrit;
import weka.classifiers.trees.j48.NoSplit;
import weka.classifiers.trees.j48.Stats;
import weka.core.Attribute;
import weka.core.ContingencyTables;
import weka.core.Instances;
import weka.core.Utils;

/**
 * WEKA's J48 (C4.5) trained on all pairs from counts over the rows: the tree,
 * distributions and all, that J48 builds on the materialised pair instances,
 * in time about linear in the rows.
 *
 * <p>Why it is the same tree: the pairs are S1 x S0 (label 1) and S0 x S1
 * (label 0). A split tests one side's attribute, so it filters the rows of
 * that side and keeps the other side whole: every node's pairs stay the union
 * of two products, A1 x B1 (label 1) and A0 x B0 (label 0). Every number J48
 * computes is a sum of pair weights over such a set, and with unit weights it
 * is an integer: a row on the tested side counts once for each row of the
 * other side. Integers below 2^53 are exact in doubles whatever the order of
 * addition, so the distributions below are the very doubles J48's own
 * pair-by-pair sums give, and WEKA's own {@link Distribution},
 * {@link InfoGainSplitCrit}, {@link GainRatioSplitCrit} and {@link Stats}
 * turn them into the same gains, split points, collapses and pruning
 * decisions. The steps mirror C4.5's as WEKA has them: {@code
 * C45ModelSelection.selectModel} (the average-gain filter and the many-valued
 * nominal rule), {@code C45Split} (minimum split size, the 1e-5 gap between
 * candidate values, the MDL correction, the split point moved to a training
 * value), {@code C45PruneableClassifierTree} (collapse, error-based pruning
 * with subtree raising, redistribution). The result is a plain J48 whose
 * nodes are WEKA's own classes, filled in.
 *
 * <p>Missing values: C4.5 sends a pair missing the tested value down every
 * branch, its weight times the branch's share of the known weight
 * (C45Split.weights), counts it in the split criteria as the unknown share
 * (InfoGainSplitCrit, GainRatioSplitCrit), adds it to every bag of the
 * chosen split in proportion (Distribution.addInstWithUnknown), and does the
 * same when pruning sends a node's pairs anew through a raised subtree
 * (C45Split.resetDistribution). A pair's attribute comes from one side, so
 * a split multiplies the weights of that side's rows only: a pair's weight is
 * the product of its two rows' weights, each row carries its own, and every
 * sum over a node's pairs is still a product of two sums over rows. Nothing
 * here declines for missing values. What differs is the order of addition:
 * WEKA adds the fractional weights a pair at a time, in the order its sort of
 * each node's pairs leaves them, which no count over the rows replays; the
 * sums agree to the last bits, not to the bit. C4.5's decisions compare with
 * margins (1e-6, 1e-3, 0.1) far above that, ties included (Distribution's
 * maxBag and maxClass compare with Utils' 1e-6 as well, so two bags or
 * classes of equal weight are told apart alike), so the tree is WEKA's and
 * every pair's class probabilities are within 1e-11 of WEKA's (tested; 9e-13
 * at most over Pima diabetes' ten folds with its zeros missing; a leaf weight
 * on a half of a hundredth may print rounded the other way). Without a
 * missing value every weight is 1 and all of the above is to the bit.
 *
 * <p>Honoured: J48's default options and {@code -U}, {@code -C}, {@code -M},
 * {@code -S}, {@code -O}, {@code -J}, {@code -A} and {@code
 * -doNotMakeSplitPointActualValue}. Declined (the member trains on the pair
 * instances): {@code -B} (binary nominal splits), {@code -R} (reduced-error
 * pruning draws folds of pairs), {@code -L} (keeps the pairs in the tree),
 * and option combinations J48 itself refuses.
 */
public final class ProductJ48 implements ProductTraining.Builder {

  private static final InfoGainSplitCrit INFO_GAIN = new InfoGainSplitCrit();
  /** Rows of a node above which its attributes are weighed on several threads. */
  private static final int PARALLEL_ROWS = 2000;
  /** Ranges of candidates shorter than this are weighed one by one, not bounded. */
  private static final int BOXED = 4;
  private static final GainRatioSplitCrit GAIN_RATIO = new GainRatioSplitCrit();

  @Override
  public boolean accepts(Classifier member, PairTraining training) {
    J48 j48 = (J48) member;
    // Option values J48 refuses are accepted here: train() asks J48 itself,
    // which refuses them in its own words before any pair or row is counted.
    if (j48.getBinarySplits() || j48.getReducedErrorPruning() || j48.getSaveInstanceData()) {
      return false;
    }
    return true;
  }

  /**
   * {@inheritDoc} The attributes of a large node are weighed on up to
   * {@code threads} threads, each attribute's split alone, so the tree does
   * not depend on their number.
   */
  @Override
  public void train(Classifier member, PairTraining training, int[] first, int[] second,
      int threads) throws Exception {
    J48 j48 = (J48) member;
    Instances header = new Instances(training.pairHeader(), 0);
    // J48's own checks of its options and capabilities, on no pairs.
    j48.buildClassifier(header);
    ProductGrower grower = new ProductGrower(j48, training.rows(), training.rowRanks(),
        header, first, second, threads);
    Node<Part> root;
    try {
      root = grower.grow(new Part(first, second, second, first), grower.sortedRows(),
          grower.sortedRows());
    } finally {
      grower.close();
    }
    grower.finish(j48, root);
  }

  /**
   * A node's pairs: A1 x B1 labelled 1 and A0 x B0 labelled 0, as row
   * indices in data order (A1 and B0 within S1, B1 and A0 within S0), each
   * row with its weight on its side: the product of the fractions C4.5 gave
   * it at the splits above that tested its side's value where it was
   * missing. A pair's weight, the product of C4.5's fractions along its
   * path, is the product of its two rows' weights.
   */
  private static final class Part {
    final int[] m_A1;
    final int[] m_B1;
    final int[] m_A0;
    final int[] m_B0;
    /** The rows' weights, parallel to the rows; null where every weight is 1. */
    final double[] m_WA1;
    final double[] m_WB1;
    final double[] m_WA0;
    final double[] m_WB0;
    /** The weights' sums: A1, B1, A0, B0. */
    final double[] m_Sums;

    /** Pairs whose weights are all 1 (the root's). */
    Part(int[] a1, int[] b1, int[] a0, int[] b0) {
      this(a1, null, b1, null, a0, null, b0, null,
          new double[] {a1.length, b1.length, a0.length, b0.length});
    }

    private Part(int[] a1, double[] wa1, int[] b1, double[] wb1, int[] a0, double[] wa0,
        int[] b0, double[] wb0, double[] sums) {
      m_A1 = a1;
      m_B1 = b1;
      m_A0 = a0;
      m_B0 = b0;
      m_WA1 = wa1;
      m_WB1 = wb1;
      m_WA0 = wa0;
      m_WB0 = wb0;
      m_Sums = sums;
    }

    /**
     * A branch's pairs: the tested side's rows of each class given, the
     * other side's kept with their sums.
     */
    Part branch(boolean firstSide, int[] ones, double[] oneWeights, int[] zeros,
        double[] zeroWeights) {
      double[] sums = m_Sums.clone();
      int tested = firstSide ? 0 : 1;
      sums[tested] = sum(ones, oneWeights);
      sums[tested + 2] = sum(zeros, zeroWeights);
      return firstSide
          ? new Part(ones, oneWeights, m_B1, m_WB1, zeros, zeroWeights, m_B0, m_WB0, sums)
          : new Part(m_A1, m_WA1, ones, oneWeights, m_A0, m_WA0, zeros, zeroWeights, sums);
    }

    /** Pairs of label 0 and of label 1, the class distribution's weights. */
    double[] classCounts() {
      return new double[] {m_Sums[2] * m_Sums[3], m_Sums[0] * m_Sums[1]};
    }

    double total() {
      double[] counts = classCounts();
      return counts[0] + counts[1];
    }

    /** The pairs' class weights in one bag: Distribution(data), NoSplit's. */
    Distribution distribution() {
      return new Distribution(new double[][] {classCounts()});
    }
  }

  /** The sum of rows' weights (their number when the weights are all 1). */
  private static double sum(int[] rows, double[] weights) {
    if (weights == null) {
      return rows.length;
    }
    double sum = 0;
    for (double w : weights) {
      sum = sum + w;
    }
    return sum;
  }

  /**
   * A node's split model: a C4.5 split on one pair attribute, or none (a
   * leaf's), with its distribution of pairs over branches and classes.
   */
  static final class Model {
    /** The tested pair attribute; -1 for no split. */
    final int m_Attribute;
    final boolean m_Nominal;
    int m_NumSubsets;
    double m_SplitPoint = Double.MAX_VALUE;
    double m_InfoGain;
    double m_GainRatio;
    int m_ComplexityIndex;
    int m_Index;
    final double m_SumOfWeights;
    Distribution m_Distribution;

    Model(int attribute, boolean nominal, double sumOfWeights) {
      m_Attribute = attribute;
      m_Nominal = nominal;
      m_SumOfWeights = sumOfWeights;
    }

    /** NoSplit over a distribution (kept as it is, bags and all). */
    static Model leaf(Distribution distribution) {
      Model none = new Model(-1, false, distribution.total());
      none.m_NumSubsets = 1;
      none.m_Distribution = distribution;
      return none;
    }

    boolean splits() {
      return m_Attribute >= 0;
    }
  }

  /** A node of the tree being grown, as C45PruneableClassifierTree holds it. */
  static final class Node<P> {
    Model m_Model;
    Node<P>[] m_Sons;
    boolean m_IsLeaf;
    boolean m_IsEmpty;
    /** The node's pairs, kept for subtree raising. */
    P m_Train;
  }

  /**
   * The growing, collapsing and pruning of C4.5 over the rows of one training
   * set, whatever holds a node's pairs (P): the split search over a node's
   * rows, WEKA's model selection, pruning and WEKA's objects. A subclass says
   * how a node's pairs are held, split and counted.
   *
   * @param <P> a node's pairs
   */
  abstract static class Grower<P> {
    final Instances m_Header;
    final int m_Features;
    final int m_MinNoObj;
    final boolean m_Mdl;
    final boolean m_ActualSplitPoints;
    final boolean m_KeepTrain;
    final float m_CF;
    final boolean m_SubtreeRaising;
    final boolean m_Prune;
    final boolean m_Collapse;
    /** The pairs of the whole training set (C45ModelSelection's m_allData). */
    final double m_AllPairs;
    /** Each feature's values, one array a feature (read down a column). */
    final double[][] m_Columns;
    /** Each feature's distinct training values, ascending. */
    final double[][] m_Values;
    /**
     * Each side's and feature's distinct values among the rows on that side
     * of some pair, ascending: C4.5's actual split points (a subclass's).
     */
    final double[][][] m_SplitValues = new double[2][][];
    /** Each row's value's place among its feature's distinct values. */
    final int[][] m_Ranks;
    /** Whether a row misses a feature's value. */
    final boolean[] m_Missing;
    /**
     * The zero C4.5 takes as a split point, 0.0 or -0.0: the first zero of a
     * feature in the order of the pairs (the first side: S1's rows, then
     * S0's; the second side: S0's, then S1's), as the scan of all pairs in
     * C45Split.setSplitPoint keeps the first of equal values (a subclass's).
     */
    final double[][] m_FirstZero;
    /** Weighs a large node's attributes in parallel; null for one thread. */
    final ExecutorService m_Pool;
    /** The parts a large node's attributes are weighed in (the threads they may take). */
    final int m_Threads;
    /** Each thread's arrays for the scan of a numeric attribute. */
    final Scratch[] m_Scratch;

    /**
     * @param ranks the rows' values and ranks feature by feature
     * @param allPairs the pairs of the whole training set
     * @param scanLength the most entries a numeric attribute's scan reads
     */
    Grower(J48 j48, RowRanks ranks, Instances header, double allPairs, int scanLength,
        int threads) {
      m_Pool = threads > 1 ? Executors.newFixedThreadPool(threads, daemon()) : null;
      // One thread of its own: a large node's attributes in parts the
      // members' pool's idle threads may take (at the end of the members).
      m_Threads = threads > 1 ? threads : Parallel.sharers();
      m_Header = header;
      m_Features = (header.numAttributes() - 1) / 2;
      m_MinNoObj = j48.getMinNumObj();
      m_Mdl = j48.getUseMDLcorrection();
      m_ActualSplitPoints = !j48.getDoNotMakeSplitPointActualValue();
      m_SubtreeRaising = j48.getSubtreeRaising();
      m_KeepTrain = m_SubtreeRaising; // J48 keeps each node's data for raising only
      m_CF = j48.getConfidenceFactor();
      m_Prune = !j48.getUnpruned();
      m_Collapse = j48.getCollapseTree();
      m_AllPairs = allPairs;
      m_Scratch = new Scratch[m_Threads];
      for (int t = 0; t < m_Threads; t++) {
        m_Scratch[t] = new Scratch(scanLength);
      }
      m_FirstZero = new double[2][m_Features];
      m_Columns = ranks.m_Columns;
      m_Values = ranks.m_Values;
      m_Ranks = ranks.m_Ranks;
      m_Missing = new boolean[m_Features];
      for (int f = 0; f < m_Features; f++) {
        m_Missing[f] = anyMissing(m_Ranks[f]);
      }
    }

    /**
     * Whether a feature's ranks hold a missing value's (-1): a method of its
     * own, so that the JIT compiles this loop alone, not the constructor
     * around it that runs once a tree.
     */
    private static boolean anyMissing(int[] ranks) {
      for (int rank : ranks) {
        if (rank < 0) {
          return true;
        }
      }
      return false;
    }

    /** A node's pairs as one bag of their classes: Distribution(data), NoSplit's. */
    abstract Distribution classes(P part);

    /**
     * The node's pairs by branch (ClassifierSplitModel.split): a pair missing
     * the tested value goes to every branch whose fraction C4.5 finds above
     * 0, its weight times that fraction.
     *
     * @param fractions by branch; read only for a pair missing the tested
     *     value (null where no row misses it)
     */
    abstract P[] split(Model model, P part, double[] fractions);

    /**
     * A model's distribution over a node's pairs, C45Split.resetDistribution:
     * the known values' bags, then the unknown ones added in proportion.
     */
    abstract Distribution distribution(Model model, P part);

    /**
     * Collapses and prunes a grown tree as J48's options say, and makes it
     * the J48's own.
     *
     * @param j48 the member, its options set
     * @param root the grown tree
     */
    void finish(J48 j48, Node<P> root) throws Exception {
      if (m_Collapse) {
        collapse(root);
      }
      if (m_Prune) {
        prune(root);
      }
      C45ModelSelection selection = new C45ModelSelection(m_MinNoObj, m_Header, m_Mdl,
          !m_ActualSplitPoints);
      selection.cleanup();
      set(J48.class, j48, "m_root", toWeka(root, selection));
    }

    /**
     * C45ModelSelection.selectModel's stop before weighing a split: too few
     * pairs, or all of one class.
     *
     * @param none the node's NoSplit
     */
    boolean unsplittable(Model none) {
      Distribution check = none.m_Distribution;
      return Utils.sm(check.total(), 2 * m_MinNoObj)
          || Utils.eq(check.total(), check.perClass(check.maxClass()));
    }

    /**
     * C45ModelSelection.selectModel over each attribute's best split: the
     * average-gain filter, the many-valued nominal rule, the best gain ratio,
     * the unknown pairs added in proportion and the split point moved to a
     * training value.
     *
     * @param none the node's NoSplit
     * @param models each attribute's split
     * @param sides the rows each side's attributes read
     */
    Model choose(Model none, Model[] models, Side[] sides) {
      boolean multiVal = true;
      for (int j = 0; j < 2 * m_Features; j++) {
        Attribute attribute = m_Header.attribute(j);
        if (attribute.isNumeric() || Utils.sm(attribute.numValues(), 0.3 * m_AllPairs)) {
          multiVal = false;
          break;
        }
      }
      double averageInfoGain = 0;
      int validModels = 0;
      for (int j = 0; j < models.length; j++) {
        if (models[j].m_NumSubsets > 0 && (m_Header.attribute(j).isNumeric() || multiVal
            || Utils.sm(m_Header.attribute(j).numValues(), 0.3 * m_AllPairs))) {
          averageInfoGain = averageInfoGain + models[j].m_InfoGain;
          validModels++;
        }
      }
      if (validModels == 0) {
        return none;
      }
      averageInfoGain = averageInfoGain / validModels;
      Model best = null;
      double minResult = 0;
      for (Model model : models) {
        if (model.m_NumSubsets > 0 && model.m_InfoGain >= averageInfoGain - 1E-3
            && Utils.gr(model.m_GainRatio, minResult)) {
          best = model;
          minResult = model.m_GainRatio;
        }
      }
      if (Utils.eq(minResult, 0)) {
        return none;
      }
      // Distribution.addInstWithUnknown: the pairs missing the tested value
      // go to every bag in proportion to its known weight.
      best.m_Distribution = withUnknown(best.m_Distribution,
          unknown(best, sides[best.m_Attribute < m_Features ? 0 : 1]));
      if (m_ActualSplitPoints && !best.m_Nominal) {
        int feature = best.m_Attribute % m_Features;
        best.m_SplitPoint = largestAtMost(
            m_SplitValues[best.m_Attribute < m_Features ? 0 : 1][feature], best.m_SplitPoint);
        if (best.m_SplitPoint == 0) {
          best.m_SplitPoint = m_FirstZero[best.m_Attribute < m_Features ? 0 : 1][feature];
        }
      }
      return best;
    }

    /** The weights of the side's pairs of each class that miss the model's value. */
    double[] unknown(Model model, Side side) {
      double[] unknown = new double[2];
      if (!m_Missing[model.m_Attribute % m_Features]) {
        return unknown;
      }
      double[] column = m_Columns[model.m_Attribute % m_Features];
      for (int c = 0; c < 2; c++) {
        int[] rows = side.m_Rows[c];
        double[] weights = side.m_Weights[c];
        double missing = 0;
        for (int i = 0; i < rows.length; i++) {
          if (Double.isNaN(column[rows[i]])) {
            missing = missing + (weights == null ? 1 : weights[i]);
          }
        }
        unknown[c] = missing * side.m_Mult[c];
      }
      return unknown;
    }

    /**
     * Distribution.addInstWithUnknown: the unknown pairs of each class added
     * to every bag in proportion to the bags' known weights (equally when
     * none is known).
     */
    static Distribution withUnknown(Distribution known, double[] unknown) {
      if (unknown[0] == 0 && unknown[1] == 0) {
        return known;
      }
      int bags = known.numBags();
      double[][] table = new double[bags][2];
      for (int j = 0; j < bags; j++) {
        double share = Utils.eq(known.total(), 0) ? 1.0 / bags
            : known.perBag(j) / known.total();
        for (int c = 0; c < 2; c++) {
          table[j][c] = known.perClassPerBag(j, c) + share * unknown[c];
        }
      }
      return new Distribution(table);
    }

    /** The fractions of a pair missing the tested value that go down each branch. */
    static double[] fractions(Distribution distribution) {
      double[] fractions = new double[distribution.numBags()];
      for (int j = 0; j < fractions.length; j++) {
        fractions[j] = distribution.perBag(j) / distribution.total();
      }
      return fractions;
    }

    /**
     * Each attribute's best split of a node, in parallel for a node with
     * many rows (each split is computed alone, in any order).
     *
     * @param sorted each numeric attribute's entries in the order of its
     *     values (the scan's: rank and class bit high, an index of weightOf
     *     or of counts low)
     * @param weightOf each side's weights by the entries' low half (null
     *     with counts)
     * @param flip each side's bit that turns an entry's class bit into the class
     * @param counts each side's pairs by row, an entry standing for all of
     *     its row's pairs (its class bit unread); null where an entry is one
     *     pair or one row of the product
     */
    void weigh(Model[] models, Side[] sides, double sumOfWeights, long[][] sorted,
        double[][] weightOf, int[] flip, RowCounts[] counts) throws Exception {
      for (Side side : sides) { // filled before the threads read them
        if (side.unit()) {
          side.lnCounts();
        }
      }
      int rows = sides[0].size() + sides[1].size();
      int threads = rows < PARALLEL_ROWS ? 1 : m_Threads;
      Runnable[] chunks = new Runnable[threads];
      for (int t = 0; t < threads; t++) {
        final int first = t;
        chunks[t] = () -> {
          for (int j = first; j < models.length; j += threads) {
            int s = j < m_Features ? 0 : 1;
            models[j] = m_Header.attribute(j).isNominal()
                ? nominalSplit(j, sides[s], sumOfWeights)
                : numericSplit(j, sides[s], sumOfWeights, sorted[j],
                    weightOf == null ? null : weightOf[s], flip[s],
                    counts == null ? null : counts[s], m_Scratch[first]);
          }
        };
      }
      if (threads == 1) {
        chunks[0].run();
      } else if (m_Pool == null) {
        Parallel.share(chunks);
      } else {
        List<Future<?>> done = new ArrayList<>();
        for (Runnable chunk : chunks) {
          done.add(m_Pool.submit(chunk));
        }
        for (Future<?> future : done) {
          future.get();
        }
      }
    }

    void close() {
      if (m_Pool != null) {
        m_Pool.shutdown();
      }
    }

    static ThreadFactory daemon() {
      return task -> {
        Thread thread = new Thread(task, "ProductJ48");
        thread.setDaemon(true);
        return thread;
      };
    }

    /** The largest training value at most t: C45Split.setSplitPoint over all pairs. */
    static double largestAtMost(double[] sorted, double t) {
      int at = Arrays.binarySearch(sorted, t);
      if (at < 0) {
        at = -at - 2;
      }
      return at >= 0 && sorted[at] > -Double.MAX_VALUE ? sorted[at] : -Double.MAX_VALUE;
    }

    private Model nominalSplit(int attribute, Side side, double sumOfWeights) {
      int values = m_Header.attribute(attribute).numValues();
      Model model = new Model(attribute, true, sumOfWeights);
      model.m_ComplexityIndex = values;
      model.m_Index = values;
      double[] column = m_Columns[attribute % m_Features];
      double[][] table = new double[values][2];
      for (int c = 0; c < 2; c++) {
        int[] rows = side.m_Rows[c];
        double[] weights = side.m_Weights[c];
        if (side.unit()) {
          long[] counts = new long[values];
          for (int r : rows) {
            if (!Double.isNaN(column[r])) {
              counts[(int) column[r]]++;
            }
          }
          for (int v = 0; v < values; v++) {
            table[v][c] = (double) (counts[v] * side.m_Times[c]);
          }
        } else {
          double[] sums = new double[values];
          for (int i = 0; i < rows.length; i++) {
            double value = column[rows[i]];
            if (!Double.isNaN(value)) {
              sums[(int) value] += weights == null ? 1 : weights[i];
            }
          }
          for (int v = 0; v < values; v++) {
            table[v][c] = sums[v] * side.m_Mult[c];
          }
        }
      }
      Distribution distribution = new Distribution(table);
      model.m_Distribution = distribution;
      if (distribution.check(m_MinNoObj)) {
        model.m_NumSubsets = values;
        model.m_InfoGain = INFO_GAIN.splitCritValue(distribution, sumOfWeights);
        model.m_GainRatio = GAIN_RATIO.splitCritValue(distribution, sumOfWeights,
            model.m_InfoGain);
      }
      return model;
    }

    /**
     * C45Split.handleNumericAttribute over the side's rows of known value.
     *
     * @param sorted the side's entries of known value in the order of the
     *     attribute's values: rank and class bit high, an index of weightOf low
     * @param weightOf the entries' weights by their low half (read when the
     *     side's weights are not all 1)
     * @param flip the bit that turns an entry's class bit into its class
     * @param counts the side's pairs by the entries' low half, a row, where
     *     an entry stands for all of its row's pairs; null otherwise
     * @param scratch the calling thread's arrays
     */
    private Model numericSplit(int attribute, Side side, double sumOfWeights,
        long[] sorted, double[] weightOf, int flip, RowCounts counts, Scratch scratch) {
      Model model = new Model(attribute, false, sumOfWeights);
      model.m_ComplexityIndex = 2;
      int feature = attribute % m_Features;
      boolean unit = side.unit();
      // One pass over the side's rows of known value in the order of the
      // attribute's values, those that stand for at least one pair: the
      // candidate split points, between values more than 1e-5 apart, with the
      // rows of each class at or below them (and their weights).
      double[] values = m_Values[feature];
      int[][] below = scratch.m_Below;
      double[][] belowWeights = unit ? null : scratch.m_BelowWeights;
      int[] splitRanks = scratch.m_SplitRanks;
      int[] nextRanks = scratch.m_NextRanks;
      int candidates = 0;
      // Counted in locals, the loop's only state: rows so far, and of class 1.
      int counted = 0;
      int ones = 0;
      double[] movedWeights = new double[2];
      // A class whose rows stand for no pair (a product's empty other side).
      int passedOver = side.m_Times[0] == 0 ? 0 : side.m_Times[1] == 0 ? 1 : -1;
      int rank = -1;
      boolean scanned = counts != null && unit;
      if (scanned) {
        candidates = scanUnitRows(sorted, values, counts.m_Pairs, scratch);
        counted = scratch.m_Counted;
        ones = scratch.m_Ones;
      } else {
        for (long entry : sorted) {
          int key = (int) (entry >>> 32) ^ flip;
          int c = key & 1;
          if (counts == null && c == passedOver) {
            continue;
          }
          int next = key >>> 1;
          if (next != rank) {
            if (rank >= 0 && values[rank] + 1e-5 < values[next]) {
              below[0][candidates] = counted - ones;
              below[1][candidates] = ones;
              if (!unit) {
                belowWeights[0][candidates] = movedWeights[0];
                belowWeights[1][candidates] = movedWeights[1];
              }
              splitRanks[candidates] = rank;
              nextRanks[candidates++] = next;
            }
            rank = next;
          }
          if (counts != null) {
            int at = 2 * (int) entry;
            long rowPairs = counts.m_Pairs[(int) entry];
            counted += (int) rowPairs;
            ones += (int) (rowPairs >>> 32);
            if (!unit) {
              movedWeights[0] += counts.m_Weights[at];
              movedWeights[1] += counts.m_Weights[at + 1];
            }
            continue;
          }
          counted++;
          ones += c;
          if (!unit) {
            movedWeights[c] += weightOf[(int) entry];
          }
        }
      }
      int[] knownRows = {counted - ones, ones};
      double[] knownWeights = unit ? new double[] {knownRows[0], knownRows[1]} : movedWeights;
      double[] all = {knownWeights[0] * side.m_Mult[0], knownWeights[1] * side.m_Mult[1]};
      double known = all[0] + all[1];
      model.m_Distribution = new Distribution(new double[][] {{0, 0}, all.clone()});
      double minSplit = 0.1 * known / 2;
      if (Utils.smOrEq(minSplit, m_MinNoObj)) {
        minSplit = m_MinNoObj;
      } else if (Utils.gr(minSplit, 25)) {
        minSplit = 25;
      }
      // C4.5 counts the pairs of known value here, whatever their weights.
      double knownPairs = (double) (knownRows[0] * side.m_Times[0])
          + (double) (knownRows[1] * side.m_Times[1]);
      if (Utils.sm(knownPairs, 2 * minSplit)) {
        return model;
      }
      double defaultEnt = INFO_GAIN.oldEnt(model.m_Distribution);
      Candidates scan = new Candidates(side, knownRows, knownWeights, below, belowWeights,
          sumOfWeights, known, defaultEnt);
      // The lower bag only grows and the upper only shrinks from candidate
      // to candidate (sums of positive weights, rounded monotonically), so
      // the candidates where both hold C4.5's minimum are one interval.
      int first = scan.firstLowerLargeEnough(minSplit, candidates);
      int last = scan.lastUpperLargeEnough(minSplit, candidates);
      model.m_Index = Math.max(0, last - first + 1);
      int best = scan.best(first, last);
      model.m_InfoGain = scan.bestGain();
      if (model.m_Index == 0) {
        return model;
      }
      if (m_Mdl) {
        model.m_InfoGain = model.m_InfoGain - (Utils.log2(model.m_Index) / sumOfWeights);
      }
      if (Utils.smOrEq(model.m_InfoGain, 0)) {
        return model;
      }
      model.m_NumSubsets = 2;
      // The unit scan keeps each candidate's entry, the first above it.
      int splitRank = scanned ? (int) (sorted[scratch.m_Places[best] - 1] >>> 33)
          : splitRanks[best];
      int nextRank = scanned ? (int) (sorted[scratch.m_Places[best]] >>> 33)
          : nextRanks[best];
      model.m_SplitPoint = (values[nextRank] + values[splitRank]) / 2;
      if (model.m_SplitPoint == values[nextRank]) {
        model.m_SplitPoint = values[splitRank];
      }
      model.m_Distribution = bags(new double[] {scan.perClass(best, 0, 0),
        scan.perClass(best, 0, 1)}, all);
      model.m_GainRatio = GAIN_RATIO.splitCritValue(model.m_Distribution, sumOfWeights,
          model.m_InfoGain);
      return model;
    }

    /**
     * The scan of {@link #numericSplit} over row entries where every pair
     * weighs 1 (a pair list's nodes without a missing value): the same
     * candidates and counts as its general loop, without the branches on
     * weights and classes the loop would take at every entry, and mostly
     * without reading the values: an entry's class bit, unread where it
     * stands for a row's pairs, says whether its value is more than 1e-5
     * above the next lower value of the feature ({@link PairListJ48}'s
     * lists), and then above every lower one (sums round monotonically).
     *
     * The rows' counts are read and summed packed, one word a row (both
     * labels' in one read and one add, instead of two of each): a member at
     * 6,435 x 36 under {@code -P 2} took a median 0.114 CPU s against 0.116,
     * less in 44 of 60 runs side by side (MemberSideBySide, load 0.3-2.3).
     *
     * @param pairs the side's pairs by row, packed (RowCounts.m_Pairs)
     * @return the number of candidates; the rows counted and of class 1 in
     *     the scratch
     */
    private static int scanUnitRows(long[] sorted, double[] values, long[] pairs,
        Scratch scratch) {
      int[] below0 = scratch.m_Below[0];
      int[] below1 = scratch.m_Below[1];
      int[] places = scratch.m_Places;
      int candidates = 0;
      // Rows' pairs summed packed: of either label in the low half, of label 1 in the high.
      long sum = 0;
      int rank = -1;
      for (int i = 0; i < sorted.length; i++) {
        long entry = sorted[i];
        int key = (int) (entry >>> 32);
        int next = key >>> 1;
        if (next != rank) {
          if (rank >= 0 && ((key & 1) != 0 || values[rank] + 1e-5 < values[next])) {
            int ones = (int) (sum >>> 32);
            below0[candidates] = (int) sum - ones;
            below1[candidates] = ones;
            places[candidates++] = i;
          }
          rank = next;
        }
        sum += pairs[(int) entry];
      }
      scratch.m_Counted = (int) sum;
      scratch.m_Ones = (int) (sum >>> 32);
      return candidates;
    }

    /** Two bags: the first's class counts, and the rest of all. */
    private static Distribution bags(double[] first, double[] all) {
      return new Distribution(new double[][] {first.clone(),
        {all[0] - first[0], all[1] - first[1]}});
    }

    /** Which branch a row's known value takes: C45Split.whichSubset. */
    static int branch(Model model, double value) {
      if (model.m_Nominal) {
        return (int) value;
      }
      return value <= model.m_SplitPoint ? 0 : 1;
    }

    // -- collapsing and pruning: C45PruneableClassifierTree -----------------
    private void collapse(Node<P> node) {
      if (node.m_IsLeaf) {
        return;
      }
      double errorsOfSubtree = trainingErrors(node);
      double errorsOfTree = node.m_Model.m_Distribution.numIncorrect();
      if (errorsOfSubtree >= errorsOfTree - 1E-3) {
        node.m_Sons = null;
        node.m_IsLeaf = true;
        node.m_Model = Model.leaf(node.m_Model.m_Distribution);
      } else {
        for (Node<P> son : node.m_Sons) {
          collapse(son);
        }
      }
    }

    private double trainingErrors(Node<P> node) {
      if (node.m_IsLeaf) {
        return node.m_Model.m_Distribution.numIncorrect();
      }
      double errors = 0;
      for (Node<P> son : node.m_Sons) {
        errors = errors + trainingErrors(son);
      }
      return errors;
    }

    private void prune(Node<P> node) {
      if (node.m_IsLeaf) {
        return;
      }
      for (Node<P> son : node.m_Sons) {
        prune(son);
      }
      int largest = node.m_Model.m_Distribution.maxBag();
      double errorsLargestBranch = m_SubtreeRaising ? errorsIfRaised(node, largest)
          : Double.MAX_VALUE;
      double errorsLeaf = errorsFor(node.m_Model.m_Distribution);
      double errorsTree = estimatedErrors(node);
      if (Utils.smOrEq(errorsLeaf, errorsTree + 0.1)
          && Utils.smOrEq(errorsLeaf, errorsLargestBranch + 0.1)) {
        node.m_Sons = null;
        node.m_IsLeaf = true;
        node.m_Model = Model.leaf(node.m_Model.m_Distribution);
        return;
      }
      if (Utils.smOrEq(errorsLargestBranch, errorsTree + 0.1)) {
        Node<P> branch = node.m_Sons[largest];
        node.m_Sons = branch.m_Sons;
        node.m_Model = branch.m_Model;
        node.m_IsLeaf = branch.m_IsLeaf;
        redistribute(node, node.m_Train);
        prune(node);
      }
    }

    /**
     * The estimated errors of the node's largest branch raised in its place,
     * given all of the node's pairs (C45PruneableClassifierTree's
     * getEstimatedErrorsForBranch), its sons pruned.
     *
     * @param largest the largest branch
     */
    double errorsIfRaised(Node<P> node, int largest) {
      return errorsForBranch(node.m_Sons[largest], node.m_Train);
    }

    double errorsFor(Distribution distribution) {
      if (Utils.eq(distribution.total(), 0)) {
        return 0;
      }
      return distribution.numIncorrect()
          + Stats.addErrs(distribution.total(), distribution.numIncorrect(), m_CF);
    }

    private double estimatedErrors(Node<P> node) {
      if (node.m_IsLeaf) {
        return errorsFor(node.m_Model.m_Distribution);
      }
      double errors = 0;
      for (Node<P> son : node.m_Sons) {
        errors = errors + estimatedErrors(son);
      }
      return errors;
    }

    private double errorsForBranch(Node<P> node, P part) {
      if (node.m_IsLeaf) {
        return errorsFor(classes(part));
      }
      // The fractions of pairs missing the tested value: none where no row misses it.
      P[] parts = split(node.m_Model, part, m_Missing[node.m_Model.m_Attribute % m_Features]
          ? fractions(distribution(node.m_Model, part)) : null);
      double errors = 0;
      for (int i = 0; i < node.m_Sons.length; i++) {
        errors = errors + errorsForBranch(node.m_Sons[i], parts[i]);
      }
      return errors;
    }

    /** C45PruneableClassifierTree.newDistribution: a raised subtree's pairs anew. */
    private void redistribute(Node<P> node, P part) {
      node.m_Model.m_Distribution = distribution(node.m_Model, part);
      node.m_Train = part;
      if (!node.m_IsLeaf) {
        P[] parts = split(node.m_Model, part, fractions(node.m_Model.m_Distribution));
        for (int i = 0; i < node.m_Sons.length; i++) {
          redistribute(node.m_Sons[i], parts[i]);
        }
      } else if (!Utils.eq(classes(part).total(), 0)) {
        node.m_IsEmpty = false;
      }
    }

    // -- WEKA's objects -------------------------------------------------------
    /**
     * WEKA's tree of the grown nodes, made a level at a time, not by a
     * recursion: the JIT compiled the recursive method with itself inlined
     * (32 kB of code, about a third of a second of the C2 compiler's thread
     * in the first fits at 6,435 x 36) for work done once a node.
     */
    private ClassifierTree toWeka(Node<P> root, C45ModelSelection selection)
        throws Exception {
      List<Node<P>> nodes = new ArrayList<>();
      List<ClassifierTree> trees = new ArrayList<>();
      nodes.add(root);
      trees.add(wekaNode(root, selection));
      for (int k = 0; k < nodes.size(); k++) { // each node's sons after it
        Node<P> node = nodes.get(k);
        if (!node.m_IsLeaf) {
          ClassifierTree[] sons = new ClassifierTree[node.m_Sons.length];
          for (int i = 0; i < sons.length; i++) {
            sons[i] = wekaNode(node.m_Sons[i], selection);
            nodes.add(node.m_Sons[i]);
            trees.add(sons[i]);
          }
          set(ClassifierTree.class, trees.get(k), "m_sons", sons);
        }
      }
      return trees.get(0);
    }

    /** WEKA's node of a grown node, without its sons. */
    private ClassifierTree wekaNode(Node<P> node, C45ModelSelection selection)
        throws Exception {
      C45PruneableClassifierTree tree = new C45PruneableClassifierTree(selection, m_Prune,
          m_CF, m_SubtreeRaising, true, m_Collapse);
      set(ClassifierTree.class, tree, "m_localModel", toWeka(node.m_Model));
      set(ClassifierTree.class, tree, "m_isLeaf", node.m_IsLeaf);
      set(ClassifierTree.class, tree, "m_isEmpty", node.m_IsEmpty);
      set(ClassifierTree.class, tree, "m_train", m_Header);
      return tree;
    }

    private ClassifierSplitModel toWeka(Model model) throws Exception {
      if (!model.splits()) {
        return new NoSplit(model.m_Distribution);
      }
      C45Split split = new C45Split(model.m_Attribute, m_MinNoObj, model.m_SumOfWeights,
          m_Mdl);
      split.setDistribution(model.m_Distribution);
      set(ClassifierSplitModel.class, split, "m_numSubsets", model.m_NumSubsets);
      set(C45Split.class, split, "m_complexityIndex", model.m_ComplexityIndex);
      set(C45Split.class, split, "m_splitPoint", model.m_SplitPoint);
      set(C45Split.class, split, "m_infoGain", model.m_InfoGain);
      set(C45Split.class, split, "m_gainRatio", model.m_GainRatio);
      set(C45Split.class, split, "m_index", model.m_Index);
      return split;
    }
  }

  /** The growing of C4.5 over the product's pairs, held as the sides' rows (Part). */
  private static final class ProductGrower extends Grower<Part> {
    /** Whether a row is in S1, the class that ranks first. */
    private final boolean[] m_InFirst;
    /** Scratch: the branch each row of a node's split side goes to, -1 when missing. */
    private final int[] m_BranchOf;
    /** Scratch: each row's weight on the first and on the second side of a node. */
    private final double[][] m_WeightOf;

    ProductGrower(J48 j48, double[][] rows, RowRanks ranks, Instances header, int[] first,
        int[] second, int threads) {
      super(j48, ranks, header, 2.0 * first.length * second.length, rows.length, threads);
      m_InFirst = new boolean[rows.length];
      for (int r : first) {
        m_InFirst[r] = true;
      }
      m_BranchOf = new int[rows.length];
      m_WeightOf = new double[2][rows.length];
      for (int f = 0; f < m_Features; f++) {
        m_FirstZero[0][f] = firstZero(rows, f, first, second);
        m_FirstZero[1][f] = firstZero(rows, f, second, first);
      }
      m_SplitValues[0] = m_Values; // every row is on both sides of some pair
      m_SplitValues[1] = m_Values;
    }

    // -- growing: ClassifierTree.buildTree with C45ModelSelection ------------
    /**
     * Grows a node and its subtree.
     *
     * @param part the node's pairs
     * @param sortedFirst for each feature, the rows of the pairs' first side
     *     (A1 and A0) in the order of that feature's values
     * @param sortedSecond the same for the second side (B1 and B0)
     */
    Node<Part> grow(Part part, long[][] sortedFirst, long[][] sortedSecond) throws Exception {
      Node<Part> node = new Node<>();
      if (m_KeepTrain) {
        node.m_Train = part;
      }
      node.m_Model = selectModel(part, sortedFirst, sortedSecond);
      if (node.m_Model.m_NumSubsets > 1) {
        double[] fractions = fractions(node.m_Model.m_Distribution);
        Part[] parts = split(node.m_Model, part, fractions);
        boolean firstSide = node.m_Model.m_Attribute < m_Features;
        long[][][] sorted = sortedByBranch(node.m_Model, part, fractions,
            firstSide ? sortedFirst : sortedSecond);
        @SuppressWarnings({"unchecked", "rawtypes"})
        Node<Part>[] sons = new Node[parts.length];
        node.m_Sons = sons;
        for (int i = 0; i < parts.length; i++) {
          node.m_Sons[i] = firstSide ? grow(parts[i], sorted[i], sortedSecond)
              : grow(parts[i], sortedFirst, sorted[i]);
          sorted[i] = null;
        }
      } else {
        node.m_IsLeaf = true;
        node.m_IsEmpty = Utils.eq(part.total(), 0);
      }
      return node;
    }

    /**
     * The rows of known value in the order of each feature's values, the
     * root's sorted lists: an entry a row, its value's rank and whether it
     * is in S1 in the high half (read in order by the scan), the row in the
     * low half.
     */
    long[][] sortedRows() {
      long[][] sorted = new long[m_Features][];
      for (int f = 0; f < m_Features; f++) {
        long[] entries = new long[m_Ranks[f].length];
        int known = 0;
        for (int r = 0; r < entries.length; r++) {
          if (m_Ranks[f][r] >= 0) {
            entries[known++] = (long) (m_Ranks[f][r] << 1 | (m_InFirst[r] ? 1 : 0)) << 32 | r;
          }
        }
        entries = Arrays.copyOf(entries, known);
        Arrays.sort(entries);
        sorted[f] = entries;
      }
      return sorted;
    }

    /**
     * The split side's sorted lists divided among the branches, each still
     * sorted: a stable pass instead of a sort at every node. A row missing
     * the tested value goes to every branch C4.5 sends a fraction of it to.
     */
    private long[][][] sortedByBranch(Model model, Part part, double[] fractions,
        long[][] sorted) {
      boolean firstSide = model.m_Attribute < m_Features;
      int feature = model.m_Attribute % m_Features;
      int branches = model.m_NumSubsets;
      for (int[] rows : firstSide ? new int[][] {part.m_A1, part.m_A0}
          : new int[][] {part.m_B1, part.m_B0}) {
        for (int r : rows) {
          double value = m_Columns[feature][r];
          m_BranchOf[r] = Double.isNaN(value) ? -1 : branch(model, value);
        }
      }
      long[][][] out = new long[branches][m_Features][];
      for (int f = 0; f < m_Features; f++) {
        int[] sizes = new int[branches];
        for (long entry : sorted[f]) {
          int b = m_BranchOf[(int) entry];
          if (b >= 0) {
            sizes[b]++;
          } else {
            for (int i = 0; i < branches; i++) {
              sizes[i] += Utils.gr(fractions[i], 0) ? 1 : 0;
            }
          }
        }
        for (int i = 0; i < branches; i++) {
          out[i][f] = new long[sizes[i]];
        }
        int[] filled = new int[branches];
        for (long entry : sorted[f]) {
          int b = m_BranchOf[(int) entry];
          if (b >= 0) {
            out[b][f][filled[b]++] = entry;
          } else {
            for (int i = 0; i < branches; i++) {
              if (Utils.gr(fractions[i], 0)) {
                out[i][f][filled[i]++] = entry;
              }
            }
          }
        }
      }
      return out;
    }

    private Model selectModel(Part part, long[][] sortedFirst, long[][] sortedSecond)
        throws Exception {
      Model none = Model.leaf(part.distribution());
      if (unsplittable(none)) {
        return none;
      }
      double sumOfWeights = part.total();
      Side[] sides = {side(0, part), side(m_Features, part)};
      for (int s = 0; s < 2; s++) { // filled before the threads read them
        if (!sides[s].unit()) {
          sides[s].weightsInto(m_WeightOf[s]);
        }
      }
      long[][] sorted = new long[2 * m_Features][];
      System.arraycopy(sortedFirst, 0, sorted, 0, m_Features);
      System.arraycopy(sortedSecond, 0, sorted, m_Features, m_Features);
      Model[] models = new Model[2 * m_Features];
      // A row's class on a side: A1 and B0 hold S1's rows, A0 and B1 S0's.
      weigh(models, sides, sumOfWeights, sorted, m_WeightOf, new int[] {0, 1}, null);
      return choose(none, models, sides);
    }
    private static double firstZero(double[][] rows, int feature, int[] before, int[] after) {
      for (int[] part : new int[][] {before, after}) {
        for (int r : part) {
          if (rows[r][feature] == 0) {
            return rows[r][feature];
          }
        }
      }
      return 0;
    }

    /**
     * The rows a pair attribute reads and the pairs each row stands for, by
     * class: {rows of label 0, rows of label 1}, with the other side's rows
     * each pairs with, their number and their weight.
     */
    private Side side(int attribute, Part part) {
      if (attribute < m_Features) {
        return new Side(part.m_A0, part.m_WA0, part.m_B0.length, part.m_Sums[3], part.m_A1,
            part.m_WA1, part.m_B1.length, part.m_Sums[1]);
      }
      return new Side(part.m_B0, part.m_WB0, part.m_A0.length, part.m_Sums[2], part.m_B1,
          part.m_WB1, part.m_A1.length, part.m_Sums[0]);
    }

    /** {@inheritDoc} The tested side's rows split, the other side kept. */
    @Override
    Part[] split(Model model, Part part, double[] fractions) {
      int feature = model.m_Attribute % m_Features;
      boolean firstSide = model.m_Attribute < m_Features;
      Branches ones = firstSide ? byBranch(model, part.m_A1, part.m_WA1, feature, fractions)
          : byBranch(model, part.m_B1, part.m_WB1, feature, fractions);
      Branches zeros = firstSide ? byBranch(model, part.m_A0, part.m_WA0, feature, fractions)
          : byBranch(model, part.m_B0, part.m_WB0, feature, fractions);
      Part[] parts = new Part[model.m_NumSubsets];
      for (int i = 0; i < parts.length; i++) {
        parts[i] = part.branch(firstSide, ones.m_Rows[i], ones.m_Weights[i], zeros.m_Rows[i],
            zeros.m_Weights[i]);
      }
      return parts;
    }

    /** One class's rows of a side by branch, with their weights. */
    private static final class Branches {
      final int[][] m_Rows;
      /** Null for a branch whose weights are all 1. */
      final double[][] m_Weights;

      Branches(int branches) {
        m_Rows = new int[branches][];
        m_Weights = new double[branches][];
      }
    }

    private Branches byBranch(Model model, int[] rows, double[] weights, int feature,
        double[] fractions) {
      double[] column = m_Columns[feature];
      int branches = model.m_NumSubsets;
      int[] sizes = new int[branches];
      boolean missing = false;
      for (int r : rows) {
        if (Double.isNaN(column[r])) {
          missing = true;
          for (int i = 0; i < branches; i++) {
            sizes[i] += Utils.gr(fractions[i], 0) ? 1 : 0;
          }
        } else {
          sizes[branch(model, column[r])]++;
        }
      }
      Branches out = new Branches(branches);
      for (int i = 0; i < branches; i++) {
        out.m_Rows[i] = new int[sizes[i]];
        if (weights != null || missing) {
          out.m_Weights[i] = new double[sizes[i]];
        }
      }
      int[] filled = new int[branches];
      for (int k = 0; k < rows.length; k++) {
        int r = rows[k];
        double weight = weights == null ? 1 : weights[k];
        if (Double.isNaN(column[r])) {
          for (int i = 0; i < branches; i++) {
            if (Utils.gr(fractions[i], 0)) {
              out.m_Weights[i][filled[i]] = fractions[i] * weight;
              out.m_Rows[i][filled[i]++] = r;
            }
          }
        } else {
          int b = branch(model, column[r]);
          if (out.m_Weights[b] != null) {
            out.m_Weights[b][filled[b]] = weight;
          }
          out.m_Rows[b][filled[b]++] = r;
        }
      }
      return out;
    }

    @Override
    Distribution distribution(Model model, Part part) {
      if (!model.splits()) {
        return part.distribution();
      }
      Side side = side(model.m_Attribute, part);
      double[] column = m_Columns[model.m_Attribute % m_Features];
      double[][] table = new double[model.m_NumSubsets][2];
      double[] unknown = new double[2];
      for (int c = 0; c < 2; c++) {
        int[] rows = side.m_Rows[c];
        double[] weights = side.m_Weights[c];
        double[] sums = new double[table.length];
        double missing = 0;
        for (int i = 0; i < rows.length; i++) {
          double value = column[rows[i]];
          double weight = weights == null ? 1 : weights[i];
          if (Double.isNaN(value)) {
            missing = missing + weight;
          } else {
            sums[branch(model, value)] += weight;
          }
        }
        for (int j = 0; j < table.length; j++) {
          table[j][c] = sums[j] * side.m_Mult[c];
        }
        unknown[c] = missing * side.m_Mult[c];
      }
      return withUnknown(new Distribution(table), unknown);
    }


    @Override
    Distribution classes(Part part) {
      return part.distribution();
    }
  }

  /**
   * A node's pairs on one side counted by the row on that side: a sorted
   * list of rows, one entry a row, is scanned as the list of their pairs,
   * each row's pairs being of one value. Indexed by row; rows outside the
   * node hold zeros.
   */
  static final class RowCounts {
    /**
     * Pairs by row, packed: row r's pairs of either label in the low 32 bits
     * of entry r, those of label 1 in the high 32 (counts under 2^31, so
     * that a scan sums both in one add of a word it reads once).
     */
    final long[] m_Pairs;
    /** Their weights, alike (read only where some pair's weight is not 1). */
    final double[] m_Weights;

    RowCounts(int rows) {
      m_Pairs = new long[rows];
      m_Weights = new double[2 * rows];
    }
  }

  /**
   * One thread's arrays for the scan of a numeric attribute, as long as the
   * rows (a side holds a row at most once): allocated once a tree, not once
   * an attribute and node.
   */
  static final class Scratch {
    final int[][] m_Below;
    final double[][] m_BelowWeights;
    final int[] m_SplitRanks;
    final int[] m_NextRanks;
    /**
     * Where {@link Grower#scanUnitRows} found each candidate: its first
     * entry above the split (its ranks read back for the best alone, not
     * written for every candidate; a member at 20,000 x 16 under {@code -P 2}
     * took a median 0.969 of the CPU, less in 19 of 30 runs side by side,
     * load about 4: small, as one write of four is).
     */
    final int[] m_Places;
    /** The rows a scan counted, and those of class 1 ({@link Grower#scanUnitRows}). */
    int m_Counted;
    int m_Ones;

    Scratch(int rows) {
      m_Below = new int[2][rows];
      m_BelowWeights = new double[2][rows];
      m_SplitRanks = new int[rows];
      m_NextRanks = new int[rows];
      m_Places = new int[rows];
    }
  }

  /**
   * The candidate split points of one numeric attribute at one node, and
   * C4.5's information gain at each: the arithmetic of WEKA's {@code
   * InfoGainSplitCrit.splitCritValue(bags, total, oldEnt)} and {@code newEnt}
   * step for step. Where every pair weighs 1, the class counts' terms n ln n
   * are looked up (each is {@code lnFunc} of the same integer-valued double
   * WEKA passes it), so the gain is the same double.
   */
  private static final class Candidates {
    private final Side m_Side;
    /** The side's lnCounts where every pair weighs 1; null otherwise. */
    private final double[][] m_Ln;
    /** Rows of each class at or below each candidate. */
    private final int[][] m_Below;
    /** Their weights; null where every weight is 1. */
    private final double[][] m_BelowWeights;
    private final int[] m_Rows;
    private final double[] m_Weights;
    /** 1 less the unknown rate, C4.5's factor of every candidate's gain. */
    private final double m_KnownRate;
    private final double m_Total;
    private final double m_OldEnt;
    /**
     * The side's {@code lnFunc} of every count of pairs where each count is
     * of pairs of weight 1 (a pair list's rows), else null: then {@link
     * #gain}, the split search's most taken path, reads it and the counts
     * below without the general path's branches and indirections.
     */
    private final double[] m_LnPairs;
    /** {@link #m_Below} and {@link #m_Rows} by class, read by {@link #gain}. */
    private final int[] m_Below0;
    private final int[] m_Below1;
    private final int m_Rows0;
    private final int m_Rows1;
    /** The best candidate so far of {@link #best}, and its gain. */
    private int m_Best;
    private double m_BestGain;

    Candidates(Side side, int[] rows, double[] weights, int[][] below,
        double[][] belowWeights, double totalNoInst, double total, double oldEnt) {
      m_Side = side;
      m_Ln = belowWeights == null ? side.lnCounts() : null;
      m_Below = below;
      m_BelowWeights = belowWeights;
      m_Rows = rows;
      m_Weights = weights;
      m_KnownRate = 1 - (totalNoInst - total) / totalNoInst;
      m_Total = total;
      m_OldEnt = oldEnt;
      m_LnPairs = m_Ln != null ? side.m_LnPairs : null;
      m_Below0 = below[0];
      m_Below1 = below[1];
      m_Rows0 = rows[0];
      m_Rows1 = rows[1];
    }

    /** The pairs of class c in a bag of candidate p (0: at or below it). */
    double perClass(int p, int bag, int c) {
      if (m_BelowWeights == null) {
        int k = bag == 0 ? m_Below[c][p] : m_Rows[c] - m_Below[c][p];
        return (double) (k * m_Side.m_Times[c]);
      }
      double w = bag == 0 ? m_BelowWeights[c][p] : m_Weights[c] - m_BelowWeights[c][p];
      return w * m_Side.m_Mult[c];
    }

    private double lnPerClass(int p, int bag, int c) {
      if (m_Ln == null) {
        return INFO_GAIN.lnFunc(perClass(p, bag, c));
      }
      return m_Ln[c][bag == 0 ? m_Below[c][p] : m_Rows[c] - m_Below[c][p]];
    }

    /**
     * {@code lnFunc} of a bag's pairs, class 0's as at candidate p0 and class
     * 1's as at p1, looked up where the side has the table.
     */
    private double lnBag(int p0, int p1, int bag) {
      if (m_Ln != null && m_Side.m_LnPairs != null) {
        int k = bag == 0 ? m_Below[0][p0] + m_Below[1][p1]
            : m_Rows[0] - m_Below[0][p0] + m_Rows[1] - m_Below[1][p1];
        return m_Side.m_LnPairs[k];
      }
      return INFO_GAIN.lnFunc(perClass(p0, bag, 0) + perClass(p1, bag, 1));
    }

    private double bag(int p, int bag) {
      return perClass(p, bag, 0) + perClass(p, bag, 1);
    }

    /** The first candidate whose lower bag holds C4.5's minimum of pairs (binary search). */
    int firstLowerLargeEnough(double minSplit, int candidates) {
      int lo = 0;
      int hi = candidates;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (Utils.grOrEq(bag(mid, 0), minSplit)) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      return lo;
    }

    /** The last candidate whose upper bag holds C4.5's minimum of pairs (binary search). */
    int lastUpperLargeEnough(double minSplit, int candidates) {
      int lo = -1;
      int hi = candidates - 1;
      while (lo < hi) {
        int mid = (lo + hi + 1) >> 1;
        if (Utils.grOrEq(bag(mid, 1), minSplit)) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      return lo;
    }

    /**
     * The candidate of first..last that C4.5's scan in their order keeps:
     * each replaces the best so far where its gain beats it by more than
     * 1e-6 ({@code Utils.gr}), from a best of 0. Candidates that cannot beat
     * the best so far are passed over a range at a time: a range's class
     * counts below its candidates lie in the box between its ends' (each
     * class's count only grows from candidate to candidate), and C4.5's
     * gain is convex in them (newEnt is a sum of two bags' entropies times
     * their weights, each concave in the bag's class counts), so no
     * candidate of the range beats the largest gain of the box's four
     * corners: when that does not beat the best by C4.5's margin (less a
     * slack of 1e-10, far above the rounding of either), none of the range
     * does, and the scan's choice is unchanged. Two corners are the range's
     * ends; the other two mix one end's class 0 with the other's class 1.
     *
     * @return the candidate kept, -1 if none; its gain in {@link #bestGain}
     */
    int best(int first, int last) {
      m_Best = -1;
      m_BestGain = 0;
      if (first <= last) {
        weigh(first, last, gain(first, first), gain(last, last));
      }
      return m_Best;
    }

    /** The gain of the candidate {@link #best} returned; 0 if none. */
    double bestGain() {
      return m_BestGain;
    }

    /**
     * Weighs candidates p..q, whose ends' gains are given: each box hands
     * its ends' gains to its halves, so that no candidate's gain is computed
     * twice, nor kept in an array to be looked up. The mixed corners are
     * computed only where the ends' gains do not already keep the box (the
     * bound is at least either end's): where the gain rises and candidates
     * beat the best, the box is split without them (a fifth fewer gains
     * over a default member's tree at 6,435 x 36).
     */
    private void weigh(int p, int q, double gainP, double gainQ) {
      if (q - p < BOXED) {
        for (int k = p; k <= q; k++) {
          double infoGain = k == p ? gainP : k == q ? gainQ : gain(k, k);
          if (Utils.gr(infoGain, m_BestGain)) {
            m_BestGain = infoGain;
            m_Best = k;
          }
        }
        return;
      }
      double ends = Math.max(gainP, gainQ);
      if (ends + 1e-10 < m_BestGain + 1e-6
          && Math.max(ends, Math.max(gain(p, q), gain(q, p))) + 1e-10 < m_BestGain + 1e-6) {
        return;
      }
      int mid = (p + q) >>> 1;
      weigh(p, mid, gainP, gain(mid, mid));
      weigh(mid + 1, q, gain(mid + 1, mid + 1), gainQ);
    }

    /**
     * C4.5's gain of a split whose lower bag holds class 0's pairs as at
     * candidate p0 and class 1's as at p1 (a candidate where p0 = p1).
     */
    private double gain(int p0, int p1) {
      double sum = 0;
      if (m_LnPairs != null) {
        int low0 = m_Below0[p0];
        int low1 = m_Below1[p1];
        int high0 = m_Rows0 - low0;
        int high1 = m_Rows1 - low1;
        sum = sum + m_LnPairs[low0];
        sum = sum + m_LnPairs[low1];
        sum = sum - m_LnPairs[low0 + low1];
        sum = sum + m_LnPairs[high0];
        sum = sum + m_LnPairs[high1];
        sum = sum - m_LnPairs[high0 + high1];
      } else {
        sum = sum + lnPerClass(p0, 0, 0);
        sum = sum + lnPerClass(p1, 0, 1);
        sum = sum - lnBag(p0, p1, 0);
        sum = sum + lnPerClass(p0, 1, 0);
        sum = sum + lnPerClass(p1, 1, 1);
        sum = sum - lnBag(p0, p1, 1);
      }
      double newEnt = -(sum / ContingencyTables.log2);
      double numerator = m_OldEnt - newEnt;
      numerator = m_KnownRate * numerator;
      return Utils.eq(numerator, 0) ? 0 : numerator / m_Total;
    }
  }

  /**
   * The rows a pair attribute reads, by class, with their weights, and the
   * rows of the other side each pairs with: their number and their weight.
   */
  static final class Side {
    /** By class; null (both) where a pair list's numeric splits need no row listed. */
    final int[][] m_Rows;
    /** The rows' weights, parallel to them; null where all are 1. */
    final double[][] m_Weights;
    final long[] m_Times;
    final double[] m_Mult;
    /** The rows of both classes. */
    private final int m_Size;

    Side(int[] zeros, double[] zeroWeights, int zeroTimes, double zeroMult, int[] ones,
        double[] oneWeights, int oneTimes, double oneMult) {
      m_Rows = new int[][] {zeros, ones};
      m_Weights = new double[][] {zeroWeights, oneWeights};
      m_Times = new long[] {zeroTimes, oneTimes};
      m_Mult = new double[] {zeroMult, oneMult};
      m_Size = zeros.length + ones.length;
    }

    /**
     * A side of unit pairs, one row a pair, whose rows are not listed: where
     * every attribute is numeric and no value is missing, a pair list's
     * split search reads the rows' counts and sorted lists, never the rows.
     *
     * @param pairs the pairs of label 0 and of label 1
     */
    Side(int[] pairs) {
      m_Rows = new int[2][];
      m_Weights = new double[2][];
      m_Times = new long[] {1, 1};
      m_Mult = new double[] {1.0, 1.0};
      m_Size = pairs[0] + pairs[1];
    }

    private double[][] m_LnCounts;
    /**
     * {@code lnFunc} of each count of pairs up to a pair list's, where each
     * row stands for one pair (times 1): looked up, not computed, by every
     * node; null on the product's sides.
     */
    private double[] m_LnPairs;

    /**
     * Looks up the sides' {@code lnFunc} of counts in a table computed once.
     *
     * @param lnPairs {@code lnFunc(k)} for every count k of the pairs
     * @return this side
     */
    Side withLnPairs(double[] lnPairs) {
      m_LnPairs = lnPairs;
      return this;
    }

    int size() {
      return m_Size;
    }

    /** Whether every pair the side's rows stand for weighs 1: counts are weights. */
    boolean unit() {
      return m_Weights[0] == null && m_Weights[1] == null && m_Mult[0] == m_Times[0]
          && m_Mult[1] == m_Times[1];
    }

    /** Writes each row's weight at its index. */
    void weightsInto(double[] weightOf) {
      for (int c = 0; c < 2; c++) {
        for (int i = 0; i < m_Rows[c].length; i++) {
          weightOf[m_Rows[c][i]] = m_Weights[c] == null ? 1 : m_Weights[c][i];
        }
      }
    }

    /**
     * {@code lnFunc} of each count of pairs a class's rows can make, k rows
     * standing for k * times pairs: computed once a node and side, where
     * every candidate split point of every attribute reads them (where every
     * pair weighs 1).
     */
    double[][] lnCounts() {
      if (m_LnCounts == null && m_LnPairs != null) {
        m_LnCounts = new double[][] {m_LnPairs, m_LnPairs}; // times 1: k pairs
      } else if (m_LnCounts == null) {
        m_LnCounts = new double[2][];
        for (int c = 0; c < 2; c++) {
          m_LnCounts[c] = new double[m_Rows[c].length + 1];
          for (int k = 0; k < m_LnCounts[c].length; k++) {
            m_LnCounts[c][k] = INFO_GAIN.lnFunc((double) (k * m_Times[c]));
          }
        }
      }
      return m_LnCounts;
    }
  }

  /** Sets a field WEKA gives no setter for (the tree's nodes are WEKA's own classes). */
  private static void set(Class<?> owner, Object target, String name, Object value)
      throws IllegalAccessException {
    WekaInternals.set(owner, target, name, value);
  }
}

