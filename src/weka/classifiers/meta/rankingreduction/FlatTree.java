/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.List;

import weka.classifiers.Classifier;
import weka.classifiers.trees.J48;
import weka.classifiers.trees.REPTree;
import weka.classifiers.trees.j48.BinC45Split;
import weka.classifiers.trees.j48.C45Split;
import weka.classifiers.trees.j48.ClassifierSplitModel;
import weka.classifiers.trees.j48.ClassifierTree;
import weka.classifiers.trees.j48.NoSplit;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Utils;

/**
 * A pair member's tree (WEKA's {@link J48} or {@link REPTree}) flattened into
 * arrays once, and asked "a beats b" in one walk from the root to a leaf,
 * where WEKA's {@code classifyInstance} walks J48's tree once per class with
 * several interface calls a node.
 *
 * <p>Exact, not approximate: each split sends a value the way the split model
 * itself does ({@code C45Split} and {@code BinC45Split}: {@code v <= t} to the
 * first branch; REPTree: {@code v < t}; nominal values by index), and each
 * leaf holds the answer {@code classifyInstance} gives there, computed from
 * the member's own class probabilities with its own tie rule. A missing value
 * on the way is not decided here (-1): J48 and REPTree then walk every branch
 * with fractional weights, and the member itself must be asked; for J48 the
 * fractions and the leaves' probabilities are kept, so that
 * {@link FractionalPairs} walks them as WEKA does.
 */
public final class FlatTree {

  static final byte LEAF = 0;
  /** Numeric, first branch where v <= t (J48). */
  static final byte AT_MOST = 1;
  /** Numeric, first branch where v < t (REPTree). */
  static final byte BELOW = 2;
  /** Nominal, first branch where (int) v == (int) t (J48 -B). */
  static final byte EQUALS = 3;
  /** Nominal, one branch a value. */
  static final byte BY_VALUE = 4;
  /** A leaf WEKA gives no answer at (a null distribution): ask the member. */
  static final byte UNDECIDED = 5;

  final byte[] m_Kind;
  /** Attribute of the pair instance a node splits on: below m_Half, a's; else b's. */
  final int[] m_Attribute;
  final double[] m_Split;
  /** Where a node's children start in m_Children. */
  final int[] m_First;
  final int[] m_Count;
  final int[] m_Children;
  /** A leaf's answer: "a beats b". */
  final boolean[] m_Wins;
  /**
   * The walk's own array, a node's entries side by side: {@code [4 * node]}
   * its kind (LEAF for UNDECIDED too), {@code + 1} its pair attribute,
   * {@code + 2} its second child (the first is the next node: nodes are in
   * preorder), a nominal split's number of branches, or a leaf's answer (-1
   * undecided), {@code + 3} where a nominal split's children start in
   * m_Children; split points in m_Split.
   */
  private final int[] m_Walk;
  /** The number of attributes of a row (the pair's first half). */
  final int m_Half;
  /**
   * J48's own arithmetic where a value is missing (null for REPTree): per
   * split node, the weights of its branches ({@code weights} of its split
   * model, WEKA's fractions); per leaf, the class probabilities
   * {@code classifyInstance} multiplies by the weight reaching it, and
   * whether it is empty (a fractional walk skips an empty branch).
   */
  final double[][] m_Fractions;
  final double[] m_Prob0;
  final double[] m_Prob1;
  final boolean[] m_Empty;

  private FlatTree(Builder built, int half) {
    int n = built.kind.size();
    m_Kind = new byte[n];
    m_Attribute = new int[n];
    m_Split = new double[n];
    m_First = new int[n];
    m_Count = new int[n];
    m_Wins = new boolean[n];
    for (int i = 0; i < n; i++) {
      m_Kind[i] = built.kind.get(i);
      m_Attribute[i] = built.attribute.get(i);
      m_Split[i] = built.split.get(i);
      m_First[i] = built.first.get(i);
      m_Count[i] = built.count.get(i);
      m_Wins[i] = built.wins.get(i);
    }
    m_Children = built.children.stream().mapToInt(Integer::intValue).toArray();
    m_Half = half;
    boolean fractional = built.fractions.size() == n;
    m_Fractions = fractional ? built.fractions.toArray(new double[0][]) : null;
    m_Prob0 = fractional ? new double[n] : null;
    m_Prob1 = fractional ? new double[n] : null;
    m_Empty = fractional ? new boolean[n] : null;
    for (int i = 0; fractional && i < n; i++) {
      double[] probs = built.probs.get(i); // null at a split
      m_Prob0[i] = probs == null ? 0 : probs[0];
      m_Prob1[i] = probs == null ? 0 : probs[1];
      m_Empty[i] = built.empty.get(i);
    }
    m_Walk = new int[4 * n];
    for (int i = 0; i < n; i++) {
      m_Walk[4 * i] = m_Kind[i] == UNDECIDED ? LEAF : m_Kind[i];
      m_Walk[4 * i + 1] = m_Attribute[i];
      m_Walk[4 * i + 2] = m_Kind[i] == LEAF ? (m_Wins[i] ? 1 : 0)
          : m_Kind[i] == UNDECIDED ? -1
          : m_Kind[i] == BY_VALUE ? m_Count[i] : m_Children[m_First[i] + 1];
      m_Walk[4 * i + 3] = m_First[i];
    }
  }

  /**
   * The WEKA internals the flattening of a learner's trees reads, or null
   * for a learner this class does not flatten.
   *
   * @param learner the member's class
   * @return the path, or null
   */
  public static WekaInternals.Path internals(Class<?> learner) {
    if (learner == J48.class) {
      return WekaInternals.Path.J48_FLATTENED;
    }
    return learner == REPTree.class ? WekaInternals.Path.REPTREE_FLATTENED : null;
  }

  /**
   * The flattened tree of a member, or null for another learner (or a tree
   * whose split models this class does not know, or a WEKA that lacks a
   * field the flattening reads: {@link #internals}).
   *
   * @param member a trained pair member
   * @param pairHeader the pair dataset it was trained on (class last, two classes)
   * @return the flattened tree, or null
   * @throws Exception if the tree's structure cannot be read
   */
  public static FlatTree of(Classifier member, Instances pairHeader) throws Exception {
    WekaInternals.Path internals = internals(member.getClass());
    if (pairHeader.numClasses() != 2 || internals == null || internals.declined() != null) {
      return null;
    }
    int half = (pairHeader.numAttributes() - 1) / 2;
    Builder built = new Builder(pairHeader);
    if (member.getClass() == J48.class) {
      ClassifierTree root = (ClassifierTree) field(J48.class, member, "m_root");
      if (root == null || !built.j48(root)) {
        return null;
      }
      return new FlatTree(built, half);
    }
    if (member.getClass() == REPTree.class) {
      if (field(REPTree.class, member, "m_zeroR") != null) {
        // No tree: one answer for every pair, the member's own.
        Instance any = new DenseInstance(pairHeader.numAttributes());
        any.setDataset(pairHeader);
        built.leaf(member.classifyInstance(any) == 1.0);
        return new FlatTree(built, half);
      }
      Object tree = field(REPTree.class, member, "m_Tree");
      if (tree == null) {
        return null;
      }
      built.repTree(tree, null);
      return new FlatTree(built, half);
    }
    return null;
  }

  /**
   * The number of nodes, leaves included.
   *
   * @return the number of nodes
   */
  public int size() {
    return m_Kind.length;
  }

  /**
   * The member's answer on the pair (a, b): 1 for "a beats b", 0 for not,
   * -1 where a missing value (or a leaf without a distribution) leaves it to
   * the member itself.
   *
   * @param a the first row's values (non-class attributes, as the pair's first half)
   * @param b the second row's values
   * @return 1, 0, or -1 where the member must be asked
   */
  public int answer(double[] a, double[] b) {
    double[] pair = new double[2 * m_Half];
    System.arraycopy(a, 0, pair, 0, m_Half);
    System.arraycopy(b, 0, pair, m_Half, m_Half);
    return answer(pair);
  }

  /**
   * {@link #answer(double[], double[])} on the pair's values laid end to
   * end, a's then b's (the pair instance's attributes but the class), so
   * that a node reads its value without choosing a side.
   *
   * @param pair a's values then b's
   * @return 1, 0, or -1 where the member must be asked
   */
  public int answer(double[] pair) {
    return walk(m_Walk, m_Split, m_Children, pair);
  }

  /**
   * The answer of a tree laid out as m_Walk, m_Split and m_Children on the
   * values its nodes' attributes index: 1, 0, or -1 where a missing value
   * (or a nominal value past a split's branches) leaves it to the member.
   */
  static int walk(int[] walk, double[] split, int[] children, double[] values) {
    int node = 0;
    while (true) {
      int at = 4 * node;
      int kind = walk[at];
      if (kind == LEAF) {
        return walk[at + 2];
      }
      double v = values[walk[at + 1]];
      if (v != v) {
        return -1; // a missing value: WEKA walks every branch
      }
      // Kinds in the order of their frequency: numeric splits first.
      if (kind == AT_MOST) {
        node = v <= split[node] ? node + 1 : walk[at + 2];
      } else if (kind == BELOW) {
        node = v < split[node] ? node + 1 : walk[at + 2];
      } else if (kind == EQUALS) {
        node = (int) split[node] == (int) v ? node + 1 : walk[at + 2];
      } else {
        int branch = (int) v;
        if (branch < 0 || branch >= walk[at + 2]) {
          return -1;
        }
        node = children[walk[at + 3] + branch];
      }
    }
  }

  /**
   * The tree with one side of the pair given: splits on the given row's
   * attributes are decided once, so that the pairs of that row with many
   * others walk only the splits on the other row's, reading its values
   * directly. A batch's pairs often share a row (the tournament's first,
   * QuickSort's pivot). The arrays are one thread's, reused row after row.
   */
  static final class Given {
    private final FlatTree m_Tree;
    private final int[] m_GivenWalk;
    private final double[] m_GivenSplit;
    private final int[] m_GivenChildren;
    private int m_Nodes;
    private int m_ChildrenUsed;
    /** Whether every split of the given tree has two branches (no BY_VALUE). */
    private boolean m_Binary;
    /** {@link #vote}'s nodes to visit, each with its share of the pairs. */
    private final int[] m_Stack;

    /**
     * @param tree the tree to give rows to
     */
    Given(FlatTree tree) {
      m_Tree = tree;
      m_GivenWalk = new int[tree.m_Walk.length];
      m_GivenSplit = new double[tree.m_Split.length];
      m_GivenChildren = new int[tree.m_Children.length];
      m_Stack = new int[3 * (tree.size() + 1)];
    }

    /**
     * Decides the splits on one side's attributes for this row.
     *
     * @param row the given row's values
     * @param first whether it is the pair's first row (a) or its second (b)
     */
    void give(double[] row, boolean first) {
      m_Nodes = 0;
      m_ChildrenUsed = 0;
      m_Binary = true;
      copy(0, row, first);
    }

    /**
     * Whether {@link #vote} can answer pairs: every split of the given tree
     * has two branches.
     *
     * @return whether vote applies
     */
    boolean canVote() {
      return m_Binary;
    }

    /**
     * The tree's answers on many pairs at once, the pairs divided among a
     * split's two branches in one pass over them (no branch a pair for the
     * processor to mispredict, as a walk a pair has at every split), down to
     * the leaves: 1 is added to the votes of the pairs reaching a leaf that
     * says "a beats b", the pairs reaching a leaf that leaves it to the
     * member are listed. The other rows must have no missing value.
     *
     * @param pairs the pairs' numbers, reordered in place
     * @param count how many of them
     * @param rows the rows' values
     * @param other each pair's row that is not the given one
     * @param votes the votes per pair, added to
     * @param undecided receives the pairs the member must answer
     * @param listed how many pairs undecided holds already
     * @return how many pairs undecided holds
     */
    int vote(int[] pairs, int count, double[][] rows, int[] other, int[] votes,
        int[] undecided, int listed) {
      int[] walk = m_GivenWalk;
      int[] stack = m_Stack;
      int left = listed;
      int top = push(stack, 0, 0, 0, count);
      while (top > 0) {
        top -= 3;
        int node = stack[top];
        int from = stack[top + 1];
        int to = stack[top + 2];
        int at = 4 * node;
        int kind = walk[at];
        if (kind == LEAF) {
          int answer = walk[at + 2];
          for (int j = from; j < to && answer != 0; j++) {
            if (answer > 0) {
              votes[pairs[j]]++;
            } else {
              undecided[left++] = pairs[j];
            }
          }
          continue;
        }
        int att = walk[at + 1];
        double t = m_GivenSplit[node];
        int split = from; // the pairs before it take the first branch
        for (int j = from; j < to; j++) {
          int pair = pairs[j];
          double v = rows[other[pair]][att];
          boolean firstBranch = kind == AT_MOST ? v <= t
              : kind == BELOW ? v < t : (int) t == (int) v;
          pairs[j] = pairs[split];
          pairs[split] = pair;
          split += firstBranch ? 1 : 0;
        }
        top = push(stack, top, node + 1, from, split);
        top = push(stack, top, walk[at + 2], split, to);
      }
      return left;
    }

    private static int push(int[] stack, int top, int node, int from, int to) {
      if (from == to) {
        return top;
      }
      stack[top] = node;
      stack[top + 1] = from;
      stack[top + 2] = to;
      return top + 3;
    }

    /**
     * The tree's answer on the pair of the given row with this one.
     *
     * @param other the other row's values
     * @return 1, 0, or -1 where the member must be asked
     */
    int answer(double[] other) {
      return walk(m_GivenWalk, m_GivenSplit, m_GivenChildren, other);
    }

    /** Copies the subtree of node in preorder, the given row's splits decided; its new number. */
    private int copy(int node, double[] row, boolean first) {
      FlatTree tree = m_Tree;
      int half = tree.m_Half;
      int[] from = tree.m_Walk;
      int kind = from[4 * node];
      int att = from[4 * node + 1];
      if (kind != LEAF && (att < half) == first) {
        int branch = tree.branch(node, row[first ? att : att - half]);
        if (branch >= 0) {
          return copy(tree.m_Children[tree.m_First[node] + branch], row, first);
        }
        kind = LEAF; // the member itself must be asked, as answer() says
      }
      int to = m_Nodes++;
      int[] walk = m_GivenWalk;
      walk[4 * to] = kind;
      if (kind == LEAF) {
        walk[4 * to + 2] = from[4 * node] == LEAF ? from[4 * node + 2] : -1;
        return to;
      }
      walk[4 * to + 1] = first ? att - half : att;
      m_GivenSplit[to] = tree.m_Split[node];
      int count = tree.m_Count[node];
      if (kind == BY_VALUE) {
        m_Binary = false;
        int start = m_ChildrenUsed;
        m_ChildrenUsed += count;
        walk[4 * to + 2] = count;
        walk[4 * to + 3] = start;
        for (int i = 0; i < count; i++) {
          m_GivenChildren[start + i] = copy(tree.m_Children[tree.m_First[node] + i], row, first);
        }
      } else {
        copy(tree.m_Children[tree.m_First[node]], row, first); // the next node
        walk[4 * to + 2] = copy(tree.m_Children[tree.m_First[node] + 1], row, first);
      }
      return to;
    }
  }

  /** The branch a known value takes at a split node; -1 for a missing one. */
  int branch(int node, double v) {
    if (Double.isNaN(v)) {
      return -1;
    }
    switch (m_Kind[node]) {
      case AT_MOST:
        return v <= m_Split[node] ? 0 : 1;
      case BELOW:
        return v < m_Split[node] ? 0 : 1;
      case EQUALS:
        return (int) m_Split[node] == (int) v ? 0 : 1;
      default:
        int branch = (int) v;
        return branch >= 0 && branch < m_Count[node] ? branch : -1;
    }
  }

  /** Nodes in preorder, the root first; children listed after their parent. */
  private static final class Builder {
    final Instances header;
    final Instance blank;
    final List<Byte> kind = new ArrayList<>();
    final List<Integer> attribute = new ArrayList<>();
    final List<Double> split = new ArrayList<>();
    final List<Integer> first = new ArrayList<>();
    final List<Integer> count = new ArrayList<>();
    final List<Boolean> wins = new ArrayList<>();
    final List<Integer> children = new ArrayList<>();
    /** J48's: per node, its branches' weights (null at a leaf); per leaf its probabilities. */
    final List<double[]> fractions = new ArrayList<>();
    final List<double[]> probs = new ArrayList<>();
    final List<Boolean> empty = new ArrayList<>();

    Builder(Instances header) {
      this.header = header;
      // Split models read no value when asked a leaf's or a branch's class
      // probabilities; an instance of missing values stands in.
      blank = new DenseInstance(header.numAttributes());
      blank.setDataset(header);
    }

    private int add(byte k, int att, double t, boolean w) {
      kind.add(k);
      attribute.add(att);
      split.add(t);
      first.add(-1);
      count.add(0);
      wins.add(w);
      return kind.size() - 1;
    }

    int leaf(boolean w) {
      return add(LEAF, -1, 0, w);
    }

    /** Reserves a node's children, filled in by the caller. */
    private int reserve(int node, int n) {
      first.set(node, children.size());
      count.set(node, n);
      for (int i = 0; i < n; i++) {
        children.add(-1);
      }
      return first.get(node);
    }

    /** As ClassifierTree.classifyInstance: the first class with a larger probability. */
    private boolean j48Leaf(ClassifierSplitModel model, int subset) throws Exception {
      double max = -1;
      int best = 0;
      for (int j = 0; j < header.numClasses(); j++) {
        double p = model.classProb(j, blank, subset);
        if (Utils.gr(p, max)) {
          best = j;
          max = p;
        }
      }
      return best == 1;
    }

    /** A J48 leaf with its probabilities (as {@link #j48Leaf} reads them) and emptiness. */
    private int j48Leaf(ClassifierSplitModel model, int subset, boolean isEmpty)
        throws Exception {
      int node = leaf(j48Leaf(model, subset));
      fractions.add(null);
      probs.add(new double[] {model.classProb(0, blank, subset),
          model.classProb(1, blank, subset)});
      empty.add(isEmpty);
      return node;
    }

    boolean j48(ClassifierTree tree) throws Exception {
      ClassifierSplitModel model = tree.getLocalModel();
      if (tree.isLeaf()) {
        if (model.getClass() != NoSplit.class) {
          return false;
        }
        j48Leaf(model, -1, false);
        return true;
      }
      int att;
      double t;
      byte k;
      boolean nominal;
      if (model.getClass() == C45Split.class) {
        att = ((C45Split) model).attIndex();
        nominal = header.attribute(att).isNominal();
        t = nominal ? 0 : ((C45Split) model).splitPoint();
        k = nominal ? BY_VALUE : AT_MOST;
      } else if (model.getClass() == BinC45Split.class) {
        att = ((BinC45Split) model).attIndex();
        nominal = header.attribute(att).isNominal();
        t = ((BinC45Split) model).splitPoint();
        k = nominal ? EQUALS : AT_MOST;
      } else {
        return false;
      }
      ClassifierTree[] sons = tree.getSons();
      if (att == header.classIndex() || (k != BY_VALUE && sons.length != 2)) {
        return false;
      }
      int node = add(k, att, t, false);
      fractions.add(model.weights(blank)); // blank misses every value: WEKA's fractions
      probs.add(null);
      empty.add(false);
      int at = reserve(node, sons.length);
      for (int i = 0; i < sons.length; i++) {
        int child;
        if ((Boolean) field(ClassifierTree.class, sons[i], "m_isEmpty")) {
          // An empty branch answers with its parent's counts for that branch.
          child = j48Leaf(model, i, true);
        } else {
          child = kind.size();
          if (!j48(sons[i])) {
            return false;
          }
        }
        children.set(at + i, child);
      }
      return true;
    }

    /**
     * REPTree's Tree: a node with a null distribution answers with the
     * nearest ancestor's (as Tree.distributionForInstance returns it), the
     * class as AbstractClassifier.classifyInstance picks it.
     */
    void repTree(Object tree, double[] inherited) throws Exception {
      Class<?> type = tree.getClass();
      int att = (Integer) field(type, tree, "m_Attribute");
      double[] probs = (double[]) field(type, tree, "m_ClassProbs");
      double[] own = probs != null ? probs : inherited;
      if (att == -1) {
        if (own == null) {
          add(UNDECIDED, -1, 0, false);
        } else {
          leaf(abstractClassifierWins(own));
        }
        return;
      }
      Object[] successors = (Object[]) field(type, tree, "m_Successors");
      boolean nominal = header.attribute(att).isNominal();
      int node = add(nominal ? BY_VALUE : BELOW, att,
          nominal ? 0 : (Double) field(type, tree, "m_SplitPoint"), false);
      int at = reserve(node, successors.length);
      for (int i = 0; i < successors.length; i++) {
        children.set(at + i, kind.size());
        repTree(successors[i], own);
      }
    }

    private static boolean abstractClassifierWins(double[] dist) {
      double max = 0;
      int best = 0;
      for (int i = 0; i < dist.length; i++) {
        if (dist[i] > max) {
          best = i;
          max = dist[i];
        }
      }
      return max > 0 && best == 1;
    }
  }

  private static Object field(Class<?> owner, Object of, String name)
      throws IllegalAccessException {
    return WekaInternals.get(owner, of, name);
  }
}
