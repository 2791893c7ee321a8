/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

/**
 * The pairs of a J48 committee's tournament that WEKA walks fractionally (a
 * row with a missing value where a tree splits), answered from the
 * flattened trees with J48's own arithmetic instead of asking each member's
 * {@code classifyInstance} a pair at a time.
 *
 * <p>Exact, not approximate: {@code ClassifierTree.getProbs} replayed for
 * both classes at once. A known value follows its branch with the weight
 * unchanged; a missing one sums, in branch order from 0, each non-empty
 * branch's probabilities under the weight {@code weights[i] * weight} (the
 * split model's {@code weights}, read once into {@link FlatTree}); a leaf
 * gives {@code weight * classProb}. The member says "a beats b" where
 * {@code Utils.gr(p1, p0)}, as {@code ClassifierTree.classifyInstance}
 * does; the committee by strict majority, stopping once it is decided.
 * Each pair costs a walk of each tree asked (a missing value: every
 * branch under it), no pair instance and no WEKA call; the first row's
 * splits are decided once for all its pairs ({@link #give}), its missing
 * values kept as forks ({@link Forked}).
 */
final class FractionalPairs {

  /** Utils.SMALL: J48's class is the first whose probability exceeds the best by more. */
  static final double SMALL = 1e-6;

  private final FlatTree[] m_Trees;
  private final int m_Majority;
  /** Per tree, its walk with the first row given ({@link #give}), built on first use. */
  private Forked[] m_Given;
  /**
   * {@link #beats}' trees whose walk meets a missing value, then per tree
   * the node where it does.
   */
  private final int[] m_Stops;
  /**
   * @param trees the committee's flattened J48 trees ({@link #applies})
   */
  FractionalPairs(FlatTree[] trees) {
    m_Trees = trees;
    m_Majority = trees.length / 2 + 1;
    m_Stops = new int[2 * trees.length];
  }

  /**
   * Whether every tree carries J48's fractions (REPTree's do not: its pairs
   * with a missing value go to the members).
   *
   * @param trees the committee's flattened trees
   * @return whether {@link #beats} answers every pair of rows without a
   *     nominal value past a split's branches
   */
  static boolean applies(FlatTree[] trees) {
    for (FlatTree tree : trees) {
      if (tree.m_Fractions == null) {
        return false;
      }
    }
    return true;
  }

  /**
   * Gives the first row of the pairs {@link #beats} answers next: each
   * tree's splits on its attributes are decided once for all its pairs
   * ({@link Forked}; a split where its value is missing kept as a fork),
   * so that a pair walks only the second row's splits and the forks.
   *
   * @param a the first row's values
   */
  void give(double[] a) {
    if (m_Given == null) {
      m_Given = new Forked[m_Trees.length];
      for (int t = 0; t < m_Trees.length; t++) {
        m_Given[t] = new Forked(m_Trees[t]);
      }
    }
    for (Forked given : m_Given) {
      given.give(a);
    }
  }

  /**
   * The committee's vote on "a beats b", a the row last given
   * ({@link #give}): a strict majority of its trees, each as its J48's
   * {@code classifyInstance} says, missing values included: a tree's plain
   * walk where no value on the way is missing, else its fractional one. The
   * plain walks go first, and the fractional ones (a walk of every branch
   * under a missing value) only while the majority is undecided: the
   * answers are the trees' own, so the order of asking does not change the
   * vote. One walker a thread (it keeps the given row).
   *
   * @param b the second row's values
   * @return whether a strict majority says a beats b
   */
  boolean beats(double[] b) {
    int votes = 0;
    int unsure = 0; // trees whose walk meets a missing value: walked last, while undecided
    int trees = m_Trees.length;
    for (int t = 0; t < trees; t++) {
      Forked given = m_Given[t];
      int node = given.stop(b); // a leaf, or where a value on the way is missing
      if (given.m_Kind[node] != Forked.LEAF) {
        m_Stops[unsure++] = t;
        m_Stops[trees + t] = node;
      } else if (given.m_Wins[node]) {
        votes++;
      }
      if (votes >= m_Majority || votes + unsure + trees - t - 1 < m_Majority) {
        return votes >= m_Majority;
      }
    }
    for (int k = 0; k < unsure && votes < m_Majority && votes + unsure - k >= m_Majority; k++) {
      int t = m_Stops[k];
      if (m_Given[t].wins(m_Stops[trees + t], b)) {
        votes++;
      }
    }
    return votes >= m_Majority;
  }

  /**
   * Tree t's answer on "a beats b", a the row last given ({@link #give}),
   * as its J48's {@code classifyInstance} gives it: J48's sums from the
   * root, for a pair whose walk meets a missing value (one that does not
   * reaches a leaf, whose answer {@link #beats} reads without a sum).
   *
   * @param t the tree
   * @param b the second row's values
   * @return whether tree t says a beats b
   */
  boolean says(int t, double[] b) {
    return m_Given[t].wins(0, b);
  }

  /**
   * The nodes the walks with J48's sums have visited so far, over every
   * row given: what a walk costs, which a committee's trees and rows set.
   *
   * @return the nodes visited, 0 before any walk
   */
  long visits() {
    long visits = 0;
    for (int t = 0; m_Given != null && t < m_Given.length; t++) {
      visits += m_Given[t].m_Visits;
    }
    return visits;
  }

  /**
   * Whether a leaf reached with a fraction of the weight surely says "a
   * beats b" in any mixture of such leaves (1), surely not (0), or may go
   * either way with rounding (-1): the branches' weights under a split sum
   * to 1 less the empty branches' (below 1e-6 of at least two instances),
   * so a mixture's margin p1 - p0 lies within its leaves' margins, scaled by
   * at least 1 - 5e-7, give or take rounding.
   *
   * @param tree a flattened J48 tree with its fractions
   * @param leaf one of its leaves
   * @return 1, 0, or -1 where the pair must be walked
   */
  static int sureInMixture(FlatTree tree, int leaf) {
    double margin = tree.m_Prob1[leaf] - tree.m_Prob0[leaf];
    return margin > SMALL * 1.001 ? 1 : margin <= SMALL * 0.999 ? 0 : -1;
  }

  /**
   * One tree with the first row given: its splits on that row's attributes
   * decided where its value is known (the walk goes on down the branch, the
   * weight unchanged, as {@code getProbs} does), and kept as forks where
   * it is missing (their non-empty branches only, which {@code getProbs}
   * weighs and sums); the second row's splits kept whole. A pair then walks
   * the second row's splits and the forks, not the first row's splits
   * again, with J48's arithmetic unchanged: the same products and sums in
   * the same order as {@code getProbs} from the root ({@link #probs}). The
   * arrays are one thread's, reused row after row.
   */
  static final class Forked {
    static final byte LEAF = 0;
    /** The second row's numeric split, first branch where v <= t (J48's). */
    static final byte AT_MOST = 1;
    /** The second row's other splits: its branch as {@link FlatTree#branch} gives it. */
    static final byte OTHER = 2;
    /** The first row's split where its value is missing: every non-empty branch. */
    static final byte FORK = 3;

    private final FlatTree m_Tree;
    final byte[] m_Kind;
    /** Per node, the second row's attribute it reads. */
    private final int[] m_Attribute;
    private final double[] m_Split;
    /** Per node, the tree's node it copies (OTHER's branch; leaves' probabilities). */
    private final int[] m_Origin;
    /** Per node, where its branches start in the branch arrays, and how many. */
    private final int[] m_First;
    private final int[] m_Count;
    /** Per branch, its node (-1 for a fork's empty branch), weight and emptiness. */
    private final int[] m_Child;
    private final double[] m_Weight;
    private final boolean[] m_Empty;
    /** Per leaf, the tree's answer there. */
    final boolean[] m_Wins;
    private int m_Nodes;
    private int m_Branches;
    /** Nodes {@link #probs} has visited (a cost count, {@link FractionalPairs#visits}). */
    long m_Visits;
    /** The probabilities of the last {@link #probs} walk, class 0 and class 1. */
    private double m_P0;
    private double m_P1;

    Forked(FlatTree tree) {
      m_Tree = tree;
      int n = tree.size();
      m_Kind = new byte[n];
      m_Attribute = new int[n];
      m_Split = new double[n];
      m_Origin = new int[n];
      m_First = new int[n];
      m_Count = new int[n];
      m_Wins = new boolean[n];
      m_Child = new int[tree.m_Children.length];
      m_Weight = new double[tree.m_Children.length];
      m_Empty = new boolean[tree.m_Children.length];
    }

    /** Copies the tree with the first row a given. */
    void give(double[] a) {
      m_Nodes = 0;
      m_Branches = 0;
      copy(0, a);
    }

    /** Copies the subtree of node, a's splits decided or forked; its number in the copy. */
    private int copy(int node, double[] a) {
      FlatTree tree = m_Tree;
      int att = tree.m_Attribute[node];
      boolean onA = tree.m_Kind[node] != FlatTree.LEAF && att < tree.m_Half;
      int branch = onA ? tree.branch(node, a[att]) : -1;
      if (branch >= 0) {
        return copy(tree.m_Children[tree.m_First[node] + branch], a);
      }
      int to = m_Nodes++;
      m_Origin[to] = node;
      if (tree.m_Kind[node] == FlatTree.LEAF) {
        m_Kind[to] = LEAF;
        m_Wins[to] = tree.m_Wins[node];
        return to;
      }
      m_Kind[to] = onA ? FORK : tree.m_Kind[node] == FlatTree.AT_MOST ? AT_MOST : OTHER;
      m_Attribute[to] = att - tree.m_Half;
      m_Split[to] = tree.m_Split[node];
      int count = tree.m_Count[node];
      int first = m_Branches;
      m_Branches += count;
      m_First[to] = first;
      m_Count[to] = count;
      double[] weights = tree.m_Fractions[node];
      for (int i = 0; i < count; i++) {
        int child = tree.m_Children[tree.m_First[node] + i];
        m_Empty[first + i] = tree.m_Empty[child];
        m_Weight[first + i] = weights[i];
        // A fork skips its empty branches; the second row may take one by its value.
        m_Child[first + i] = onA && tree.m_Empty[child] ? -1 : copy(child, a);
      }
      return to;
    }

    /**
     * Where the pair of the given row with b leaves the plain walk: a leaf,
     * or the first fork or split whose value b misses, which the walk
     * reaches with all its weight.
     */
    int stop(double[] b) {
      int node = 0;
      while (true) {
        byte kind = m_Kind[node];
        if (kind == LEAF || kind == FORK) {
          return node;
        }
        double v = b[m_Attribute[node]];
        int branch = kind == AT_MOST ? (v != v ? -1 : v <= m_Split[node] ? 0 : 1)
            : m_Tree.branch(m_Origin[node], v);
        if (branch < 0) {
          return node;
        }
        node = m_Child[m_First[node] + branch];
      }
    }

    /**
     * The tree's answer on the pair, from the root or the node {@link #stop}
     * gave: J48's sums from there with weight 1 are its sums from the root.
     */
    boolean wins(int node, double[] b) {
      probs(node, 1.0, b);
      return m_P1 - m_P0 > SMALL;
    }

    /**
     * J48's {@code getProbs} of both classes at node under weight w, into
     * m_P0 and m_P1: a known value follows its branch, the weight unchanged;
     * a missing one (a fork) sums, from 0 in branch order, each non-empty
     * branch's under {@code weights[i] * w}; a leaf gives {@code w * classProb}.
     */
    private void probs(int node, double w, double[] b) {
      while (true) {
        m_Visits++;
        byte kind = m_Kind[node];
        if (kind == LEAF) {
          int leaf = m_Origin[node];
          m_P0 = w * m_Tree.m_Prob0[leaf];
          m_P1 = w * m_Tree.m_Prob1[leaf];
          return;
        }
        int first = m_First[node];
        if (kind != FORK) {
          double v = b[m_Attribute[node]];
          int branch = kind == AT_MOST ? (v != v ? -1 : v <= m_Split[node] ? 0 : 1)
              : m_Tree.branch(m_Origin[node], v);
          if (branch >= 0) {
            node = m_Child[first + branch];
            continue;
          }
        }
        double p0 = 0; // missing: every non-empty branch, weighted
        double p1 = 0;
        for (int i = first; i < first + m_Count[node]; i++) {
          if (!m_Empty[i]) {
            probs(m_Child[i], m_Weight[i] * w, b);
            p0 += m_P0;
            p1 += m_P1;
          }
        }
        m_P0 = p0;
        m_P1 = p1;
        return;
      }
    }
  }
}
