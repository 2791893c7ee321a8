/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;

import weka.classifiers.Classifier;
import weka.classifiers.trees.J48;
import weka.classifiers.trees.j48.Distribution;
import weka.classifiers.trees.j48.InfoGainSplitCrit;
import weka.core.Instances;
import weka.core.Utils;

/**
 * WEKA's J48 (C4.5) trained on any pair list from the rows (a member's sampled
 * pairs, the default's): the tree, distributions and all, that J48 builds on
 * the member's materialised pair instances, without making them; all pairs
 * go to {@link ProductJ48}, which counts them faster still.
 *
 * <p>Why it is the same tree: a node's pairs are a subset of the member's pair
 * list, and a split tests one side's attribute, a value of that side's row. A
 * node's pairs in the order of one side's value hold each row's pairs on that
 * side together (one value), so each numeric attribute's list holds one entry
 * a row on its side, put in the order of the values once, by a counting pass
 * over the rows' ranks among the attribute's values; a node counts its pairs
 * by row on each side once, by class (and weight), and the scan for split
 * points reads an entry as all of its row's pairs: it goes over a node's
 * distinct rows, not its pairs (a row has about p pairs a side under {@code -P
 * p}). Every node divides its sorted lists among its branches in a stable pass
 * over each list for all of them, a branch taking a row's entry where it holds
 * some pair of the row: a split on the list's side moves all of a row's pairs,
 * one on the other side parts them by their partners' values, and the branch's
 * own counts say how many (a numeric split's two branches without a branch on
 * the data: each entry written to both, each list's end moved by its bit of
 * the row's mark). C4.5's candidate split points are the gaps between
 * a node's distinct values, which these lists give without a comparison sort
 * of the node's pairs; an entry marks whether its value is more than 1e-5
 * above the next lower one, so the scan reads a value only where it is not,
 * and ranges of candidates whose gain cannot beat the best so far are passed
 * over on a bound (ProductJ48's {@code Candidates.best}). Pruning by subtree
 * raising weighs a node's largest branch given all of its pairs by parting
 * only the other branches' pairs down it, in place on one array. A node's
 * pairs are listed by class on each side only where a split reads them (a
 * nominal attribute's counts, a missing value's weights): numeric splits of
 * complete rows read the sorted lists and the counts by row alone. With unit
 * weights every number J48
 * computes is a count of pairs, an integer, exact in doubles whatever the
 * order of addition (an entry's count included), so WEKA's own {@link
 * Distribution}, split criteria and {@code Stats} (through {@link
 * ProductJ48.Grower}, shared with the product path) give the same gains, split
 * points, collapses and pruning decisions, subtree raising included. C4.5
 * moves a split point to the largest value at most it among the tested side's
 * values in all of the member's pairs (the first zero in the pairs' order, 0.0
 * or -0.0): the rows on that side of some pair, here.
 *
 * <p>Missing values: a pair missing the tested value goes down every branch
 * with a fraction of its weight, as C4.5 sends it. WEKA adds those fractions
 * a pair at a time in the order its sort of each node's pairs leaves them (a
 * quicksort, not stable), which this path does not replay: it adds them row
 * by row, each row's in the pairs' order. The sums agree to the last bits,
 * not to the bit; C4.5's decisions compare with margins (1e-6, 1e-3, 0.1) far
 * above that, so the tree is WEKA's and every pair's class probabilities are
 * within 1e-11 of WEKA's (tested), as on the product path. Without a missing
 * value all of the above is to the bit.
 *
 * <p>Honoured and declined: J48's options as {@link ProductJ48} honours them.
 * Declined besides (the member trains on the pair instances): pairs that are
 * not a plain list ({@link PairTraining#pairListDeclined}: differences as
 * features, the interleaved order, query groups, weighted instances).
 */
final class PairListJ48 implements ProductTraining.ListBuilder {

  private static final ProductJ48 PRODUCT = new ProductJ48();

  @Override
  public boolean accepts(Classifier member, PairTraining training) {
    return PRODUCT.accepts(member, training) && training.pairListDeclined() == null;
  }

  @Override
  public WekaInternals.Path internals() {
    return WekaInternals.Path.J48_FROM_ROWS;
  }

  /**
   * {@inheritDoc} All pairs: none. A list: the pair's rows and label, its
   * place and weight in a node, and an entry of each numeric attribute's
   * sorted list, for a node and for its branches while it divides them (at
   * most one a pair: a row's entry stands for its pairs on its side).
   */
  @Override
  public long bytesPerPair(PairTraining training) {
    if (training.productSides() != null) {
      return 0;
    }
    Instances header = training.pairHeader();
    int numeric = 0;
    for (int a = 0; a < header.numAttributes(); a++) {
      numeric += a != header.classIndex() && header.attribute(a).isNumeric() ? 1 : 0;
    }
    return 12 + 2 * (12 + 8L * numeric);
  }

  @Override
  public String train(Classifier member, PairTraining training, Random random, int threads)
      throws Exception {
    int[][] sides = training.productSides();
    if (sides != null) {
      PRODUCT.train(member, training, sides[0], sides[1], threads);
      return null;
    }
    if (random == null) {
      return "sampled pairs without the member's generator";
    }
    J48 j48 = (J48) member;
    Instances header = new Instances(training.pairHeader(), 0);
    // J48's own checks of its options and capabilities, on no pairs.
    j48.buildClassifier(header);
    ListGrower grower = new ListGrower(j48, training.rows(), training.rowRanks(), header,
        training.pairList(random), threads);
    ProductJ48.Node<Bag> root;
    try {
      root = grower.grow(grower.root(), grower.sortedRows());
    } finally {
      grower.close();
    }
    grower.finish(j48, root);
    return null;
  }

  /**
   * A node's pairs: their numbers in the member's list, in its order, with
   * their weights (the product of C4.5's fractions along their path where
   * they missed a tested value) and the weights' sums by class.
   */
  private static final class Bag {
    final int[] m_Pairs;
    /** Parallel to the pairs; null where every weight is 1. */
    final double[] m_Weights;
    /** The weights of the pairs of label 0 and of label 1. */
    final double[] m_Classes;

    Bag(int[] pairs, double[] weights, double[] classes) {
      m_Pairs = pairs;
      m_Weights = weights;
      m_Classes = classes;
    }

    double weight(int position) {
      return m_Weights == null ? 1 : m_Weights[position];
    }

    int size() {
      return m_Pairs.length;
    }
  }

  /**
   * A node still to grow: its pairs, and its sorted lists (none for a node
   * that will be a leaf), which {@link ListGrower#expand} empties as its
   * branches take them.
   */
  private static final class Growing {
    final ProductJ48.Node<Bag> m_Node;
    final Bag m_Bag;
    final long[][] m_Sorted;

    Growing(ProductJ48.Node<Bag> node, Bag bag, long[][] sorted) {
      m_Node = node;
      m_Bag = bag;
      m_Sorted = sorted;
    }
  }

  /** The growing of C4.5 over a pair list, a node's pairs held as a {@link Bag}. */
  private static final class ListGrower extends ProductJ48.Grower<Bag> {
    private static final Growing[] NO_SONS = {};
    private final PairList m_List;
    /** {@code lnFunc(k)} of every count k of the member's pairs (a node's counts). */
    private final double[] m_LnPairs;
    /**
     * Scratch, by pair number: the branch of the node being divided each of
     * its pairs goes to (-1: missing the tested value, every branch).
     */
    private final int[] m_BranchOf;
    /**
     * Scratch, by place: the pairs subtree raising sends down a node's
     * largest branch, parted among its branches level by level, and a copy
     * to part them through (the most: all of the member's pairs).
     */
    private final int[] m_Raised;
    private final int[] m_Parted;
    /**
     * Scratch, by side and row: the pairs of the node being weighed, counted
     * by the row on each side (zeros outside it).
     */
    private final ProductJ48.RowCounts[] m_Counts;
    /**
     * Scratch, by side and row: a bit for each branch (of up to 32 at once)
     * that holds a pair of the row on that side, while a node's lists are
     * divided (zeros otherwise).
     */
    private final int[][] m_InBranch;
    /**
     * Scratch: a list's entries for the low and the high branch of a
     * numeric split, as long as the rows (a list holds a row at most once).
     */
    private final long[][] m_Halves;
    /** Whether some row misses some feature's value. */
    private final boolean m_AnyMissing;
    /**
     * Whether a node's split search reads its sides' rows: for a nominal
     * attribute's counts, or for the pairs missing a value and their weights.
     */
    private final boolean m_RowsRead;
    /** By side and row: whether the row is on that side of some pair. */
    private final boolean[][] m_OnSide;
    /**
     * By side: whether every row is on it (in a two-class task, the first
     * side), where its values and sorted lists are every member's, made once.
     */
    private final boolean[] m_EveryRowOnSide = new boolean[2];
    /** The training's ranks, and its sorted lists of every row. */
    private final RowRanks m_RowRanks;

    ListGrower(J48 j48, double[][] rows, RowRanks ranks, Instances header, PairList pairs,
        int threads) {
      super(j48, ranks, header, pairs.size(), pairs.size(), threads);
      m_List = pairs;
      m_RowRanks = ranks;
      m_LnPairs = lnFuncs(pairs.size());
      m_BranchOf = new int[pairs.size()];
      m_Raised = new int[pairs.size()];
      m_Parted = new int[pairs.size()];
      m_Counts = new ProductJ48.RowCounts[] {new ProductJ48.RowCounts(rows.length),
        new ProductJ48.RowCounts(rows.length)};
      m_InBranch = new int[2][rows.length];
      m_Halves = new long[2][rows.length];
      boolean anyMissing = false;
      for (boolean missing : m_Missing) {
        anyMissing |= missing;
      }
      m_AnyMissing = anyMissing;
      boolean nominal = false;
      for (int j = 0; j < header.numAttributes(); j++) {
        nominal |= j != header.classIndex() && header.attribute(j).isNominal();
      }
      m_RowsRead = nominal || anyMissing;
      m_OnSide = new boolean[][] {onSide(pairs.first, rows.length),
        onSide(pairs.second, rows.length)};
      for (int s = 0; s < 2; s++) {
        int[] side = s == 0 ? pairs.first : pairs.second;
        m_EveryRowOnSide[s] = everyRow(m_OnSide[s]);
        // Every row's values are the training's distinct values.
        m_SplitValues[s] = m_EveryRowOnSide[s] ? m_Values : new double[m_Features][];
        for (int f = 0; f < m_Features; f++) {
          if (!m_EveryRowOnSide[s]) {
            m_SplitValues[s][f] = valuesOn(m_OnSide[s], f);
          }
          if (Arrays.binarySearch(m_SplitValues[s][f], 0.0) >= 0) {
            m_FirstZero[s][f] = firstZero(rows, side, f);
          } // else no row on the side holds a zero: the pairs need not be read
        }
      }
    }

    // The constructor's loops are methods of their own: the constructor
    // runs once a member, so the JIT compiles its loops where they turn hot
    // (on the stack, the whole constructor each time, and again when a
    // loop's profile fails it); on their own each compiles once, small.

    /** {@code lnFunc(k)} for k from 0 (whose is 0) to n. */
    private static double[] lnFuncs(int n) {
      InfoGainSplitCrit infoGain = new InfoGainSplitCrit();
      double[] ln = new double[n + 1];
      for (int k = 1; k < ln.length; k++) {
        ln[k] = infoGain.lnFunc(k);
      }
      return ln;
    }

    /** By row: whether the row is on a side (holds some pair's place there). */
    private static boolean[] onSide(int[] side, int rows) {
      boolean[] on = new boolean[rows];
      for (int row : side) {
        on[row] = true;
      }
      return on;
    }

    /**
     * A feature's first zero in the order of the pairs on a side, 0.0 or
     * -0.0, as the pairs show it: C4.5's split point where it moves one to
     * zero.
     */
    private static double firstZero(double[][] rows, int[] side, int feature) {
      for (int row : side) {
        if (rows[row][feature] == 0) {
          return rows[row][feature];
        }
      }
      return 0;
    }

    /** Whether every row is on the side. */
    private static boolean everyRow(boolean[] onSide) {
      for (boolean on : onSide) {
        if (!on) {
          return false;
        }
      }
      return true;
    }

    /** A feature's distinct values among the rows on a side of some pair, ascending. */
    private double[] valuesOn(boolean[] onSide, int feature) {
      double[] values = m_Values[feature];
      boolean[] present = new boolean[values.length];
      int distinct = 0;
      int[] ranks = m_Ranks[feature];
      for (int row = 0; row < onSide.length; row++) {
        int rank = ranks[row];
        if (onSide[row] && rank >= 0 && !present[rank]) {
          present[rank] = true;
          distinct++;
        }
      }
      double[] out = new double[distinct];
      for (int rank = 0, k = 0; rank < values.length; rank++) {
        if (present[rank]) {
          out[k++] = values[rank];
        }
      }
      return out;
    }

    /** The member's pairs, every weight 1: the root's. */
    Bag root() {
      int[] all = new int[m_List.size()];
      double[] classes = new double[2];
      for (int k = 0; k < all.length; k++) {
        all[k] = k;
        classes[m_List.label[k]]++;
      }
      return new Bag(all, null, classes);
    }

    /** The row whose value a pair attribute reads of pair k. */
    private int row(int attribute, int pair) {
      return attribute < m_Features ? m_List.first[pair] : m_List.second[pair];
    }

    /**
     * Each numeric attribute's rows of known value on its side of some pair,
     * in the order of its values, the root's sorted lists
     * ({@link RowRanks#sortedEntries}): an entry a row (standing for all of
     * the row's pairs on that side), the bit above the row in the place of a
     * pair entry's class, which a row's entry does not have (the scan then
     * need not read the values), the row in the low half (the same in every
     * node, so a branch takes a node's entries as they are). A side that
     * holds every row takes the lists made once for every member
     * ({@link RowRanks#everyRowSorted}): the tree only reads them.
     *
     * @return by pair attribute; null for a nominal one
     */
    long[][] sortedRows() {
      long[][] sorted = new long[2 * m_Features][];
      for (int j = 0; j < sorted.length; j++) {
        if (!m_Header.attribute(j).isNumeric()) {
          continue;
        }
        int s = j < m_Features ? 0 : 1;
        sorted[j] = m_EveryRowOnSide[s] ? m_RowRanks.everyRowSorted(j % m_Features)
            : m_RowRanks.sortedEntries(j % m_Features, m_OnSide[s]);
      }
      return sorted;
    }

    // -- growing: ClassifierTree.buildTree with C45ModelSelection ------------
    /**
     * Grows the tree from its root, depth first with the sons in order, as
     * ClassifierTree.buildTree's recursion does, from a stack of the nodes
     * still to grow. Not a recursion: the JIT compiled the recursive method
     * with a node's whole work ({@link #expand}) inlined into it twice over
     * (56 kB of code, about a second of the C2 compiler's thread in the
     * second fit at 6,435 x 36), while the work's own loops were compiled
     * on their own already; this loop runs once a member, and its node's
     * work compiles once.
     *
     * @param bag the root's pairs
     * @param sorted each numeric attribute's entries of the root, as
     *     {@link #sortedRows} makes them
     */
    ProductJ48.Node<Bag> grow(Bag bag, long[][] sorted) throws Exception {
      ProductJ48.Node<Bag> root = new ProductJ48.Node<>();
      ArrayDeque<Growing> stack = new ArrayDeque<>();
      stack.push(new Growing(root, bag, sorted));
      while (!stack.isEmpty()) {
        Growing[] sons = expand(stack.pop());
        for (int i = sons.length - 1; i >= 0; i--) {
          stack.push(sons[i]);
        }
      }
      return root;
    }

    /**
     * Chooses a node's model (ClassifierTree.buildTree's one node): a leaf,
     * or a split whose sons it makes and divides the node's pairs and sorted
     * lists among.
     *
     * @return the sons still to grow (none for a leaf)
     */
    private Growing[] expand(Growing growing) throws Exception {
      ProductJ48.Node<Bag> node = growing.m_Node;
      Bag bag = growing.m_Bag;
      if (m_KeepTrain) {
        node.m_Train = bag;
      }
      node.m_Model = selectModel(bag, growing.m_Sorted);
      if (node.m_Model.m_NumSubsets <= 1) {
        node.m_IsLeaf = true;
        node.m_IsEmpty = Utils.eq(classes(bag).total(), 0);
        return NO_SONS;
      }
      double[] fractions = fractions(node.m_Model.m_Distribution);
      Bag[] bags = divide(node.m_Model, bag, fractions);
      long[][][] branches = sortedByBranch(bags, growing.m_Sorted);
      @SuppressWarnings({"unchecked", "rawtypes"})
      ProductJ48.Node<Bag>[] sons = new ProductJ48.Node[branches.length];
      node.m_Sons = sons;
      Growing[] out = new Growing[sons.length];
      for (int i = 0; i < sons.length; i++) {
        sons[i] = new ProductJ48.Node<>();
        out[i] = new Growing(sons[i], bags[i], branches[i]);
      }
      return out;
    }

    private ProductJ48.Model selectModel(Bag bag, long[][] sorted) throws Exception {
      ProductJ48.Model none = ProductJ48.Model.leaf(classes(bag));
      if (unsplittable(none)) {
        return none;
      }
      ProductJ48.Side[] sides = {side(0, bag), side(m_Features, bag)};
      count(bag, 1); // filled before the threads read them
      ProductJ48.Model[] models = new ProductJ48.Model[2 * m_Features];
      try {
        weigh(models, sides, none.m_Distribution.total(), sorted, null, new int[] {0, 0},
            m_Counts);
      } finally {
        uncount(bag, sorted);
      }
      return choose(none, models, sides);
    }

    /**
     * Adds a node's pairs to the counts by row on each side (sign 1), or
     * takes them off again (-1), leaving zeros: the counts an entry of a
     * sorted list stands for. A pair at a time, in the node's order: once a
     * node, not once an attribute.
     */
    private void count(Bag bag, int sign) {
      for (int s = 0; s < 2; s++) {
        int[] rows = s == 0 ? m_List.first : m_List.second;
        long[] pairs = m_Counts[s].m_Pairs;
        double[] weights = m_Counts[s].m_Weights;
        for (int i = 0; i < bag.size(); i++) {
          int pair = bag.m_Pairs[i];
          int label = m_List.label[pair];
          int at = 2 * rows[pair] + label;
          pairs[rows[pair]] += sign * (1 + ((long) label << 32));
          if (bag.m_Weights != null) {
            weights[at] = sign > 0 ? weights[at] + bag.m_Weights[i] : 0;
          }
        }
      }
    }

    /**
     * Takes a node's pairs off the counts by row again ({@link #count} with
     * sign -1), zeroing each of its rows where a sorted list holds them all:
     * a row once instead of once a pair (a row has about p pairs a side under
     * {@code -P p}): the clearing fell from about 2.4 % of a member's CPU
     * to 0.5 % at 20,000 x 16 under {@code -P 8} (profiled), and a member at
     * 6,435 x 36 under {@code -P 2} took a median 0.927 of the CPU it took
     * before this and the other two changes of its round, less in 24 of 29
     * runs side by side (MemberSideBySide, load about 9; a second run, 0.992
     * and 17 of 29; at 20,000 x 16 under {@code -P 8}, 0.964 and 10 of 13).
     */
    private void uncount(Bag bag, long[][] sorted) {
      for (int s = 0; s < 2; s++) {
        long[] rows = everyRowOnSide(sorted, s);
        if (rows == null) {
          count(bag, -1);
          return;
        }
      }
      for (int s = 0; s < 2; s++) {
        long[] pairs = m_Counts[s].m_Pairs;
        double[] weights = m_Counts[s].m_Weights;
        for (long entry : everyRowOnSide(sorted, s)) {
          int at = 2 * (int) entry;
          pairs[(int) entry] = 0;
          if (bag.m_Weights != null) {
            weights[at] = 0;
            weights[at + 1] = 0;
          }
        }
      }
    }

    /**
     * A node's sorted list that holds every row of its pairs on a side (an
     * entry a row): that of a numeric feature no row misses; null if none.
     */
    private long[] everyRowOnSide(long[][] sorted, int side) {
      for (int f = 0; f < m_Features; f++) {
        long[] list = sorted[side * m_Features + f];
        if (list != null && !m_Missing[f]) {
          return list;
        }
      }
      return null;
    }

    /**
     * The rows a pair attribute reads, by the pairs' class: one entry a pair
     * (a row as often as its pairs), with the pair's weight; only their
     * numbers where no split reads the rows ({@link #m_RowsRead}).
     */
    private ProductJ48.Side side(int attribute, Bag bag) {
      if (!m_RowsRead) { // every weight 1: the classes' weights are their counts
        return new ProductJ48.Side(new int[] {(int) bag.m_Classes[0],
          (int) bag.m_Classes[1]}).withLnPairs(m_LnPairs);
      }
      int[] counts = new int[2];
      for (int pair : bag.m_Pairs) {
        counts[m_List.label[pair]]++;
      }
      int[][] rows = {new int[counts[0]], new int[counts[1]]};
      double[][] weights = bag.m_Weights == null ? new double[2][]
          : new double[][] {new double[counts[0]], new double[counts[1]]};
      int[] filled = new int[2];
      for (int i = 0; i < bag.size(); i++) {
        int pair = bag.m_Pairs[i];
        int c = m_List.label[pair];
        if (bag.m_Weights != null) {
          weights[c][filled[c]] = bag.m_Weights[i];
        }
        rows[c][filled[c]++] = row(attribute, pair);
      }
      return new ProductJ48.Side(rows[0], weights[0], 1, 1.0, rows[1], weights[1], 1, 1.0)
          .withLnPairs(m_LnPairs);
    }

    /**
     * The node's pairs by branch (ClassifierSplitModel.split), in the node's
     * order.
     *
     * @param fractions C4.5's fractions of a pair missing the tested value
     *     by branch (read only for such a pair)
     */
    private Bag[] divide(ProductJ48.Model model, Bag bag, double[] fractions) {
      double[] column = m_Columns[model.m_Attribute % m_Features];
      int branches = model.m_NumSubsets;
      int[] sizes = new int[branches];
      boolean missing = false;
      for (int pair : bag.m_Pairs) {
        double value = column[row(model.m_Attribute, pair)];
        int b = Double.isNaN(value) ? -1 : ProductJ48.Grower.branch(model, value);
        if (b < 0) {
          missing = true;
          for (int i = 0; i < branches; i++) {
            sizes[i] += Utils.gr(fractions[i], 0) ? 1 : 0;
          }
        } else {
          sizes[b]++;
        }
        m_BranchOf[pair] = b;
      }
      int[][] pairs = new int[branches][];
      double[][] weights = new double[branches][];
      double[][] classes = new double[branches][2];
      for (int b = 0; b < branches; b++) {
        pairs[b] = new int[sizes[b]];
        if (bag.m_Weights != null || missing) {
          weights[b] = new double[sizes[b]];
        }
      }
      int[] filled = new int[branches];
      for (int i = 0; i < bag.size(); i++) {
        int pair = bag.m_Pairs[i];
        int c = m_List.label[pair];
        double weight = bag.weight(i);
        int known = m_BranchOf[pair];
        if (known >= 0) {
          if (weights[known] != null) {
            weights[known][filled[known]] = weight;
          }
          classes[known][c] = classes[known][c] + weight;
          pairs[known][filled[known]++] = pair;
          continue;
        }
        for (int b = 0; b < branches; b++) {
          if (Utils.gr(fractions[b], 0)) {
            double w = fractions[b] * weight;
            weights[b][filled[b]] = w;
            classes[b][c] = classes[b][c] + w;
            pairs[b][filled[b]++] = pair;
          }
        }
      }
      Bag[] bags = new Bag[branches];
      for (int b = 0; b < branches; b++) {
        bags[b] = new Bag(pairs[b], weights[b], classes[b]);
      }
      return bags;
    }

    /**
     * The node's sorted lists divided among the branches, each still sorted:
     * a stable pass instead of a sort at every node. A branch takes a row's
     * entry where it holds some pair of the row on the list's side: a split
     * on that side's attribute moves each row's pairs together (a row
     * missing the tested value to every branch C4.5 sends a fraction of it
     * to), one on the other side parts them by their partners' values, and
     * the branch's counts ({@link #count}) say how many. A branch that will
     * be a leaf (too few pairs, or all of one class) gets none: no split is
     * weighed there. Each list of the node is dropped once divided.
     */
    private long[][][] sortedByBranch(Bag[] bags, long[][] sorted) {
      long[][][] out = new long[bags.length][sorted.length][];
      for (int from = 0; from < bags.length; from += Integer.SIZE) {
        sortedByBranch(bags, from, Math.min(bags.length, from + Integer.SIZE), sorted, out);
      }
      Arrays.fill(sorted, null);
      return out;
    }

    /**
     * Divides the node's lists among branches from to to - 1 (at most 32):
     * each list in one pass, an entry going to every branch whose bit its
     * row's mark holds.
     */
    private void sortedByBranch(Bag[] bags, int from, int to, long[][] sorted,
        long[][][] out) {
      boolean[] taken = new boolean[to - from];
      int[][] rowsOnSide = new int[2][to - from];
      for (int b = 0; b < taken.length; b++) {
        Bag bag = bags[from + b];
        taken[b] = !unsplittable(ProductJ48.Model.leaf(classes(bag)));
        for (int k = 0; taken[b] && k < bag.size(); k++) {
          int pair = bag.m_Pairs[k];
          rowsOnSide[0][b] += mark(m_InBranch[0], m_List.first[pair], 1 << b);
          rowsOnSide[1][b] += mark(m_InBranch[1], m_List.second[pair], 1 << b);
        }
      }
      if (taken.length == 2 && taken[0] && taken[1]) {
        halves(sorted, from, out);
      } else if (taken.length == 2) {
        // A branch that will be a leaf gets no lists: at most one is divided off.
        for (int b = 0; b < 2; b++) {
          if (taken[b]) {
            half(sorted, b, from + b, out);
          }
        }
      } else {
        divideLists(sorted, taken, rowsOnSide, from, out);
      }
      for (int b = 0; b < taken.length; b++) {
        if (taken[b]) {
          unmark(bags[from + b], out[from + b]);
        }
      }
    }

    /**
     * Clears the marks a branch's pairs set, a row at a time where one of
     * its lists holds every row of its pairs on a side, else a pair at a
     * time.
     */
    private void unmark(Bag bag, long[][] sorted) {
      for (int s = 0; s < 2; s++) {
        int[] marks = m_InBranch[s];
        long[] rows = everyRowOnSide(sorted, s);
        if (rows != null) {
          for (long entry : rows) {
            marks[(int) entry] = 0;
          }
        } else {
          int[] side = s == 0 ? m_List.first : m_List.second;
          for (int pair : bag.m_Pairs) {
            marks[side[pair]] = 0;
          }
        }
      }
    }

    /**
     * Divides the node's lists between two branches (every numeric split's):
     * each entry written to both branches' buffers, each buffer's end moved
     * on by its branch's bit of the row's mark, without a branch taken on the
     * mark (whose bits follow the data, not a pattern the processor learns),
     * then copied out at its length.
     */
    private void halves(long[][] sorted, int from, long[][][] out) {
      long[] low = m_Halves[0];
      long[] high = m_Halves[1];
      for (int j = 0; j < sorted.length; j++) {
        if (sorted[j] == null) {
          continue;
        }
        int[] marks = m_InBranch[j < m_Features ? 0 : 1];
        int lows = 0;
        int highs = 0;
        for (long entry : sorted[j]) {
          int bits = marks[(int) entry]; // 0 to 3: the two branches' bits
          low[lows] = entry;
          lows += bits & 1;
          high[highs] = entry;
          highs += bits >>> 1;
        }
        out[from][j] = Arrays.copyOf(low, lows);
        out[from + 1][j] = Arrays.copyOf(high, highs);
      }
    }

    /**
     * The node's lists for one branch of two, where the other will be a leaf
     * (at the tree's lower levels, often): only its entries, those whose
     * row's mark holds its bit b, kept. With the scan's one write a
     * candidate (ProductJ48's {@code scanUnitRows}), a member at 20,000 x 16
     * under {@code -P 8} took a median 0.906 of the CPU it took before, less
     * in 8 of 11 runs side by side (MemberSideBySide, load 7 to 9).
     */
    private void half(long[][] sorted, int b, int branch, long[][][] out) {
      long[] kept = m_Halves[0];
      for (int j = 0; j < sorted.length; j++) {
        if (sorted[j] == null) {
          continue;
        }
        int[] marks = m_InBranch[j < m_Features ? 0 : 1];
        int length = 0;
        for (long entry : sorted[j]) {
          kept[length] = entry;
          length += (marks[(int) entry] >>> b) & 1;
        }
        out[branch][j] = Arrays.copyOf(kept, length);
      }
    }

    /** Divides the node's lists among any number of branches, up to 32. */
    private void divideLists(long[][] sorted, boolean[] taken, int[][] rowsOnSide, int from,
        long[][][] out) {
      long[][] lists = new long[taken.length][];
      int[] filled = new int[taken.length];
      for (int j = 0; j < sorted.length; j++) {
        if (sorted[j] == null) {
          continue;
        }
        int s = j < m_Features ? 0 : 1;
        int[] marks = m_InBranch[s];
        // Every row of the branch's side is in the list of a feature no row misses.
        boolean whole = !m_Missing[j % m_Features];
        for (int b = 0; b < taken.length; b++) {
          lists[b] = taken[b] ? new long[whole ? rowsOnSide[s][b] : sorted[j].length] : null;
          filled[b] = 0;
        }
        for (long entry : sorted[j]) {
          for (int bits = marks[(int) entry]; bits != 0; bits &= bits - 1) {
            int b = Integer.numberOfTrailingZeros(bits);
            lists[b][filled[b]++] = entry;
          }
        }
        for (int b = 0; b < taken.length; b++) {
          if (taken[b]) {
            out[from + b][j] = whole ? lists[b] : Arrays.copyOf(lists[b], filled[b]);
          }
        }
      }
    }

    /** Sets a branch's bit in a row's mark: 1 if it was not set yet, else 0. */
    private static int mark(int[] marks, int row, int bit) {
      if ((marks[row] & bit) != 0) {
        return 0;
      }
      marks[row] |= bit;
      return 1;
    }

    /**
     * {@inheritDoc} Where no row misses a value, without dividing the node's
     * pairs down the branch: the largest son's own pairs end in its leaves
     * as their distributions count them (grown, collapsed, pruned or raised:
     * each leaf's distribution is that of the pairs its son's pairs send
     * there), so only the other sons' pairs are parted down it (in place, in
     * {@link #m_Raised}), their classes added to each leaf's. Every count is
     * an integer, so each leaf's errors, and their sum in the same order,
     * are the same doubles.
     */
    @Override
    double errorsIfRaised(ProductJ48.Node<Bag> node, int largest) {
      if (m_AnyMissing) {
        return super.errorsIfRaised(node, largest);
      }
      int size = 0;
      for (int i = 0; i < node.m_Sons.length; i++) {
        if (i != largest) {
          Bag son = node.m_Sons[i].m_Train;
          System.arraycopy(son.m_Pairs, 0, m_Raised, size, son.size());
          size += son.size();
        }
      }
      return errorsWith(node.m_Sons[largest], 0, size);
    }

    /**
     * The estimated errors of a subtree given its own pairs and others
     * besides: those of {@link #m_Raised} from to to - 1, parted among its
     * branches in place (their order within a branch is of no account: only
     * their classes' counts reach a leaf).
     */
    private double errorsWith(ProductJ48.Node<Bag> node, int from, int to) {
      if (node.m_IsLeaf) {
        int ones = 0;
        for (int k = from; k < to; k++) {
          ones += m_List.label[m_Raised[k]];
        }
        Distribution own = node.m_Model.m_Distribution;
        return errorsFor(new Distribution(new double[][] {{own.perClass(0) + (to - from
          - ones), own.perClass(1) + ones}}));
      }
      ProductJ48.Model model = node.m_Model;
      double[] column = m_Columns[model.m_Attribute % m_Features];
      int[] ends = new int[model.m_NumSubsets];
      for (int k = from; k < to; k++) {
        int pair = m_Raised[k];
        int b = ProductJ48.Grower.branch(model, column[row(model.m_Attribute, pair)]);
        m_BranchOf[pair] = b;
        ends[b]++;
      }
      ends[0] += from;
      for (int b = 1; b < ends.length; b++) {
        ends[b] += ends[b - 1];
      }
      int[] filled = new int[ends.length];
      filled[0] = from;
      System.arraycopy(ends, 0, filled, 1, ends.length - 1);
      for (int k = from; k < to; k++) {
        int pair = m_Raised[k];
        m_Parted[filled[m_BranchOf[pair]]++] = pair;
      }
      System.arraycopy(m_Parted, from, m_Raised, from, to - from);
      double errors = 0;
      for (int i = 0; i < node.m_Sons.length; i++) {
        errors = errors + errorsWith(node.m_Sons[i], i == 0 ? from : ends[i - 1], ends[i]);
      }
      return errors;
    }

    @Override
    Bag[] split(ProductJ48.Model model, Bag bag, double[] fractions) {
      return divide(model, bag, fractions);
    }

    @Override
    Distribution distribution(ProductJ48.Model model, Bag bag) {
      if (!model.splits()) {
        return classes(bag);
      }
      double[] column = m_Columns[model.m_Attribute % m_Features];
      double[][] table = new double[model.m_NumSubsets][2];
      double[] unknown = new double[2];
      for (int i = 0; i < bag.size(); i++) {
        int pair = bag.m_Pairs[i];
        int c = m_List.label[pair];
        double value = column[row(model.m_Attribute, pair)];
        if (Double.isNaN(value)) {
          unknown[c] = unknown[c] + bag.weight(i);
        } else {
          int b = ProductJ48.Grower.branch(model, value);
          table[b][c] = table[b][c] + bag.weight(i);
        }
      }
      return withUnknown(new Distribution(table), unknown);
    }

    @Override
    Distribution classes(Bag bag) {
      return new Distribution(new double[][] {bag.m_Classes.clone()});
    }
  }
}
