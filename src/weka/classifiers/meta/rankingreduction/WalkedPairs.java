/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;

/**
 * The pairs of two rows that a J48 committee walks fractionally (each with
 * a missing value where some tree splits), counted by bits over the second
 * rows, so that a pair is walked ({@link FractionalPairs}) only in the trees
 * where its own walk meets a missing value, and only while its vote is open:
 * walking every pair through every tree took a quarter of a 200,000-row
 * tournament with 1 % such rows.
 *
 * <p>Exact, not approximate. In a tree, a pair (a, b) follows a's branch at
 * splits on a's attributes and b's at splits on b's, from the root down to
 * a leaf or to the first split whose value is missing; there J48 sums every
 * non-empty branch's answer, weighted ({@link FractionalPairs}). Each second
 * row b is walked once a tree, following its branch at splits on b's
 * attributes and every branch at splits on a's ({@link Chunk}): a leaf's
 * bits hold the rows b that reach it, and a split on b's attribute those
 * that reach it and miss its value. Each first row a is walked once a tree
 * likewise, every branch at splits on b's and, below a split on a's
 * attribute it misses, every non-empty branch ({@link #wins}): any node the
 * pair's walk reaches is one both reach by their own conditions, and any
 * such node is on the pair's walk. So b's bit is in the class-1 leaves a
 * reaches whole where the pair's walk is plain and says 1; in a split on b's
 * that a passes where b's value is missing on the way (the pair walked); and
 * in the leaves a mixture of J48's reaches under a's missing value, where
 * the pair says 1 if they all surely say 1 and 0 if none does
 * ({@link FractionalPairs#sureInMixture}), else it is walked. The committee's
 * strict majority (a tied vote says 0) is counted from the trees that are
 * sure, and where the unsure trees could still change it, those are walked
 * with J48's arithmetic in turn until it is decided: each tree's own answer,
 * so the vote is {@link FractionalPairs#beats}'.
 */
final class WalkedPairs {

  /** Rows b a chunk: the bits of its nodes are made once and read by every row a. */
  static final int CHUNK = 4096;

  private final FlatTree[] m_Trees;
  private final int m_Majority;
  /** The bits a row's count of trees takes (the most: every tree). */
  private final int m_CountBits;

  /**
   * @param trees the committee's flattened J48 trees ({@link FractionalPairs#applies})
   */
  WalkedPairs(FlatTree[] trees) {
    m_Trees = trees;
    m_Majority = trees.length / 2 + 1;
    m_CountBits = 32 - Integer.numberOfLeadingZeros(trees.length);
  }

  /**
   * The second rows b of positions [from, from + size) of a list of walked
   * rows, walked through every tree once: per tree and node, the bits of the
   * rows b (by position less from) that a pair's walk may stop at there
   * (null for none).
   */
  final class Chunk {
    final int from;
    final int size;
    final int words;
    /** Per tree and node, its rows b's bits, null where none. */
    final long[][][] bits;

    /**
     * @param from the chunk's first position
     * @param size its rows
     */
    Chunk(int from, int size) {
      this.from = from;
      this.size = size;
      words = (size + 63) >>> 6;
      bits = new long[m_Trees.length][][];
    }

    /** Walks the chunk's rows b through tree t (one thread a tree). */
    void walk(double[][] rows, int t) {
      FlatTree tree = m_Trees[t];
      bits[t] = new long[tree.size()][];
      for (int k = 0; k < size; k++) {
        walkSecond(tree, 0, rows[from + k], k, bits[t]);
      }
    }

    /**
     * Sets row b's bit (number k) in the leaves it reaches under node (its
     * branch at splits on its attributes, every branch at splits on a's) and
     * in the split on its attribute where its value is missing (not below).
     */
    private void walkSecond(FlatTree tree, int node, double[] b, int k, long[][] out) {
      int half = tree.m_Half;
      while (tree.m_Kind[node] != FlatTree.LEAF) {
        int at = tree.m_Attribute[node];
        int first = tree.m_First[node];
        int count = tree.m_Count[node];
        if (at < half) {
          for (int c = 0; c < count - 1; c++) {
            walkSecond(tree, tree.m_Children[first + c], b, k, out);
          }
          node = tree.m_Children[first + count - 1];
          continue;
        }
        int branch = tree.branch(node, b[at - half]);
        if (branch < 0) {
          set(out, node, k);
          return;
        }
        node = tree.m_Children[first + branch];
      }
      set(out, node, k);
    }

    private void set(long[][] out, int node, int k) {
      if (out[node] == null) {
        out[node] = new long[words];
      }
      out[node][k >>> 6] |= 1L << (k & 63);
    }
  }

  /**
   * A first row's scratch: per tree, the chunk's rows b it surely beats and
   * those whose pair meets a missing value; one a thread.
   */
  final class Scratch {
    final long[][] yes = new long[m_Trees.length][];
    final long[][] unsure = new long[m_Trees.length][];
    /** Under a split on a's attribute it misses: rows b reaching a leaf surely 1 in a mixture. */
    final long[][] one = new long[m_Trees.length][];
    /** Likewise, a leaf not surely 1. */
    final long[][] zero = new long[m_Trees.length][];
    final long[] slice = new long[m_CountBits];
    final long[] word = new long[m_Trees.length];
    final int[] open = new int[m_Trees.length];
    /** Trees walked for one pair. */
    long walks;
    /** Words of the second rows' bits ORed walking the first rows. */
    long words;
    /** Whether the row a of the running {@link #wins} is given to the walker yet. */
    boolean given;

    Scratch(int words) {
      for (int t = 0; t < m_Trees.length; t++) {
        yes[t] = new long[words];
        unsure[t] = new long[words];
        one[t] = new long[words];
        zero[t] = new long[words];
      }
    }
  }

  /**
   * How many of the rows b the chunk's rows stand for the committee says
   * row a beats, a itself left out: a chunk's row stands for as many equal
   * rows as its weight (1 where weight is null), and a, at position self
   * (if in the chunk), for one fewer others than its own weight.
   *
   * @param pairs a walker, given row a ({@link FractionalPairs#give}) on its first open pair
   * @param rows the walked rows' values, by position
   * @param self a's position in the list
   * @param weight per position, the equal rows it stands for; null for 1 each
   * @param lost null, or per position, adds the rows a stands for that beat
   *     each of its rows (a's own row left out)
   */
  long wins(Chunk chunk, FractionalPairs pairs, double[] a, double[][] rows, int self,
      int[] weight, Scratch scratch, long[] lost) {
    int trees = m_Trees.length;
    scratch.given = false;
    for (int t = 0; t < trees; t++) {
      Arrays.fill(scratch.yes[t], 0, chunk.words, 0L);
      Arrays.fill(scratch.unsure[t], 0, chunk.words, 0L);
      Arrays.fill(scratch.one[t], 0, chunk.words, 0L);
      Arrays.fill(scratch.zero[t], 0, chunk.words, 0L);
      walkFirst(m_Trees[t], 0, a, false, chunk.bits[t], scratch, t);
    }
    long wins = 0;
    long[] word = scratch.word;
    for (int w = 0; w < chunk.words; w++) {
      for (int t = 0; t < trees; t++) { // a mixture's leaves that disagree: unsure
        long unsure = scratch.unsure[t][w] | scratch.one[t][w] & scratch.zero[t][w];
        scratch.unsure[t][w] = unsure;
        scratch.yes[t][w] = (scratch.yes[t][w] | scratch.one[t][w]) & ~unsure;
        word[t] = scratch.yes[t][w];
      }
      long won = atLeast(word, scratch.slice);
      for (int t = 0; t < trees; t++) {
        word[t] |= scratch.unsure[t][w];
      }
      long open = atLeast(word, scratch.slice) & ~won;
      int first = chunk.from + (w << 6);
      int own = self - first;
      // a's own bit: no pair where it stands for itself alone
      long notSelf = own >= 0 && own < 64 && (weight == null || weight[self] == 1)
          ? ~(1L << own) : -1L;
      won &= notSelf;
      for (open &= notSelf; open != 0; open &= open - 1) {
        int bit = Long.numberOfTrailingZeros(open);
        if (!scratch.given) {
          pairs.give(a);
          scratch.given = true;
        }
        if (walk(scratch, pairs, rows[first + bit], w, bit)) {
          won |= 1L << bit; // an open pair the walk decides a wins
        }
      }
      if (weight == null && lost == null) {
        wins += Long.bitCount(won);
      } else {
        for (long bits = won; bits != 0; bits &= bits - 1) {
          int b = first + Long.numberOfTrailingZeros(bits);
          wins += weight == null ? 1 : others(weight, b, self);
          if (lost != null) {
            lost[b] += weight == null ? 1 : others(weight, self, b);
          }
        }
      }
    }
    return wins;
  }

  /** The rows b position b stands for, paired with the row a at position self. */
  private static int others(int[] weight, int b, int self) {
    return b == self ? weight[b] - 1 : weight[b];
  }

  /**
   * The vote on a pair still open after its sure trees: the unsure trees
   * walked in turn ({@link FractionalPairs#says}) until it is decided.
   */
  private boolean walk(Scratch scratch, FractionalPairs pairs, double[] b, int w, int bit) {
    int trees = m_Trees.length;
    int votes = 0;
    int unsure = 0;
    for (int t = 0; t < trees; t++) {
      if ((scratch.unsure[t][w] >>> bit & 1L) != 0) {
        scratch.open[unsure++] = t;
      } else if ((scratch.yes[t][w] >>> bit & 1L) != 0) {
        votes++;
      }
    }
    for (int k = 0; k < unsure && votes < m_Majority && votes + unsure - k >= m_Majority; k++) {
      scratch.walks++;
      if (pairs.says(scratch.open[k], b)) {
        votes++;
      }
    }
    return votes >= m_Majority;
  }

  /** The bits set in at least a majority of the trees' words: a bit-sliced count. */
  private long atLeast(long[] words, long[] slice) {
    Arrays.fill(slice, 0L);
    for (long carry : words) {
      for (int k = 0; carry != 0; k++) {
        long count = slice[k];
        slice[k] = count ^ carry;
        carry &= count;
      }
    }
    long greater = 0; // the count's bits from the top: above the majority's, or equal so far
    long equal = -1L;
    for (int k = slice.length - 1; k >= 0; k--) {
      if ((m_Majority >>> k & 1) != 0) {
        equal &= slice[k];
      } else {
        greater |= equal & slice[k];
        equal &= ~slice[k];
      }
    }
    return greater | equal;
  }

  /**
   * ORs into the scratch's words of tree t the bits of the nodes row a
   * reaches under node (its branch at splits on its attributes, every branch
   * at splits on b's): into yes those of the class-1 leaves; into unsure
   * those of the splits on b's it passes. Fractional (under a split on a's
   * attribute where its value is missing, whose every non-empty branch it
   * takes): into one and zero a leaf's that surely says 1, or surely 0, in
   * any mixture of such leaves (both where unsure,
   * {@link FractionalPairs#sureInMixture}).
   */
  private static void walkFirst(FlatTree tree, int node, double[] a, boolean fractional,
      long[][] bits, Scratch scratch, int t) {
    int half = tree.m_Half;
    while (tree.m_Kind[node] != FlatTree.LEAF) {
      int at = tree.m_Attribute[node];
      int first = tree.m_First[node];
      int count = tree.m_Count[node];
      if (at < half) {
        int branch = tree.branch(node, a[at]);
        if (branch >= 0) {
          node = tree.m_Children[first + branch];
          continue;
        }
        for (int c = 0; c < count; c++) { // missing: J48's every non-empty branch
          int child = tree.m_Children[first + c];
          if (!tree.m_Empty[child]) {
            walkFirst(tree, child, a, true, bits, scratch, t);
          }
        }
        return;
      }
      scratch.words += or(bits[node], scratch.unsure[t]);
      for (int c = 0; c < count - 1; c++) {
        walkFirst(tree, tree.m_Children[first + c], a, fractional, bits, scratch, t);
      }
      node = tree.m_Children[first + count - 1];
    }
    if (!fractional) {
      if (tree.m_Wins[node]) {
        scratch.words += or(bits[node], scratch.yes[t]);
      }
      return;
    }
    int sure = FractionalPairs.sureInMixture(tree, node);
    if (sure != 0) {
      scratch.words += or(bits[node], scratch.one[t]);
    }
    if (sure != 1) {
      scratch.words += or(bits[node], scratch.zero[t]);
    }
  }

  /** ORs from (null: none) into to; the words ORed. */
  private static int or(long[] from, long[] to) {
    if (from == null) {
      return 0;
    }
    for (int w = 0; w < from.length; w++) {
      to[w] |= from[w];
    }
    return from.length;
  }

  /** First rows a {@link #sampleWork} pairs with its second rows. */
  static final int SAMPLE_FIRST = 32;
  /** Second rows b of {@link #sampleWork}: a chunk's bits, one word a 64. */
  static final int SAMPLE_SECOND = 256;

  /**
   * What the pairs of the walked rows with one another cost, counted on an
   * even sample of them (all of them where few: then exactly what the
   * tournament does): its first rows ({@link #SAMPLE_FIRST}) against a chunk
   * of its second rows ({@link #SAMPLE_SECOND}), counted as the tournament
   * counts them ({@link #wins}), so that the cost said before the work
   * follows the trees and rows at hand: on a nominal committee whose top
   * splits a walked row misses, nearly every tree of a pair is walked, 18
   * nodes a walk, where on a numeric one of 20 attributes 1.4 trees of 10 are.
   *
   * @param rows the walked rows' values
   * @return the sample's pairs (a row with itself left out), trees walked
   *     for one pair, nodes those walks visited, and words of bits ORed
   */
  long[] sampleWork(double[][] rows) {
    int[] seconds = evenly(rows.length, SAMPLE_SECOND);
    double[][] values = new double[seconds.length][];
    for (int k = 0; k < seconds.length; k++) {
      values[k] = rows[seconds[k]];
    }
    Chunk chunk = new Chunk(0, seconds.length);
    for (int t = 0; t < m_Trees.length; t++) {
      chunk.walk(values, t);
    }
    FractionalPairs pairs = new FractionalPairs(m_Trees);
    Scratch scratch = new Scratch(chunk.words);
    long sampled = 0;
    for (int i : evenly(rows.length, SAMPLE_FIRST)) {
      int self = Arrays.binarySearch(seconds, i); // negative where not among the second rows
      wins(chunk, pairs, rows[i], values, Math.max(self, -1), null, scratch, null);
      sampled += seconds.length - (self >= 0 ? 1 : 0);
    }
    return new long[] {sampled, scratch.walks, pairs.visits(), scratch.words};
  }

  /** Up to most of the positions [0, count), evenly spaced, increasing (all where fewer). */
  private static int[] evenly(int count, int most) {
    int[] out = new int[Math.min(count, most)];
    for (int k = 0; k < out.length; k++) {
      out[k] = (int) ((long) k * count / out.length);
    }
    return out;
  }
}
