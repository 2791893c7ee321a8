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
 * splits are decided once for all its pairs ({@link #give}).
 */
final class FractionalPairs {

  /** Utils.SMALL: J48's class is the first whose probability exceeds the best by more. */
  private static final double SMALL = 1e-6;

  private final FlatTree[] m_Trees;
  private final int m_Majority;
  /** Per tree, its walk with the first row given ({@link #give}), built on first use. */
  private FlatTree.Given[] m_Given;
  /** The given first row's values. */
  private double[] m_First;
  /** The probabilities of the last {@link #probs} walk, class 0 and class 1. */
  private double m_P0;
  private double m_P1;

  /**
   * @param trees the committee's flattened J48 trees ({@link #applies})
   */
  FractionalPairs(FlatTree[] trees) {
    m_Trees = trees;
    m_Majority = trees.length / 2 + 1;
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
   * ({@link FlatTree.Given}; a split where its value is missing left to the
   * fractional walk), so that a pair walks only the second row's splits.
   *
   * @param a the first row's values
   */
  void give(double[] a) {
    if (m_Given == null) {
      m_Given = new FlatTree.Given[m_Trees.length];
      for (int t = 0; t < m_Trees.length; t++) {
        m_Given[t] = new FlatTree.Given(m_Trees[t]);
      }
    }
    for (FlatTree.Given given : m_Given) {
      given.give(a, true);
    }
    m_First = a;
  }

  /**
   * The committee's vote on "a beats b", a the row last given
   * ({@link #give}): a strict majority of its trees, each as its J48's
   * {@code classifyInstance} says, missing values included: a tree's plain
   * walk where no value on the way is missing, else its fractional one. One
   * walker a thread (it keeps the given row and the last walk's sums).
   *
   * @param b the second row's values
   * @return whether a strict majority says a beats b
   */
  boolean beats(double[] b) {
    int votes = 0;
    int trees = m_Trees.length;
    for (int t = 0; t < trees; t++) {
      FlatTree tree = m_Trees[t];
      int node = m_Given[t].stop(b); // a leaf, or where a value on the way is missing
      if (tree.m_Kind[node] == FlatTree.LEAF ? tree.m_Wins[node] : winsFrom(tree, node, b)) {
        votes++;
      }
      if (votes >= m_Majority || votes + trees - t - 1 < m_Majority) {
        break;
      }
    }
    return votes >= m_Majority;
  }

  /**
   * One tree's answer on "a beats b", as its J48's {@code classifyInstance}
   * gives it, missing values included.
   *
   * @param tree a flattened J48 tree with its fractions
   * @param a the first row's values
   * @param b the second row's values
   * @return whether the tree says a beats b
   */
  boolean wins(FlatTree tree, double[] a, double[] b) {
    probs(tree, 0, 1.0, a, b);
    return m_P1 - m_P0 > SMALL;
  }

  /**
   * The tree's answer on "a beats b", a the row given, from the node where
   * the pair's walk meets a missing value ({@link FlatTree.Given#stop}):
   * the splits above it send the whole weight one way, so J48's sums from
   * there with weight 1 are its sums from the root.
   */
  private boolean winsFrom(FlatTree tree, int node, double[] b) {
    probs(tree, node, 1.0, m_First, b);
    return m_P1 - m_P0 > SMALL;
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
   * J48's {@code getProbs} of both classes at node under weight w, into
   * m_P0 and m_P1: the same products and sums in the same order.
   */
  private void probs(FlatTree tree, int node, double w, double[] a, double[] b) {
    int half = tree.m_Half;
    while (tree.m_Kind[node] != FlatTree.LEAF) {
      int att = tree.m_Attribute[node];
      int branch = tree.branch(node, att < half ? a[att] : b[att - half]);
      if (branch < 0) { // missing: every branch, weighted
        double[] weights = tree.m_Fractions[node];
        int first = tree.m_First[node];
        double p0 = 0;
        double p1 = 0;
        for (int i = 0; i < tree.m_Count[node]; i++) {
          int child = tree.m_Children[first + i];
          if (!tree.m_Empty[child]) {
            probs(tree, child, weights[i] * w, a, b);
            p0 += m_P0;
            p1 += m_P1;
          }
        }
        m_P0 = p0;
        m_P1 = p1;
        return;
      }
      node = tree.m_Children[tree.m_First[node] + branch];
    }
    m_P0 = w * tree.m_Prob0[node];
    m_P1 = w * tree.m_Prob1[node];
  }
}
