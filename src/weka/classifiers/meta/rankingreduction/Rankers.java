/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Rankers over a pair comparator. Scores lie in [0, 1], the higher first, so
 * that scores of sets of different sizes (folds) can be pooled; every
 * ranker asks the comparator in large batches.
 */
public final class Rankers {

  /** Ordered pairs per comparator batch: bounds memory (about 9 bytes a pair). */
  public static final int BATCH_PAIRS = 1 << 20;

  private Rankers() {
  }

  /** Scores and the number of comparator answers they took. */
  public static final class Ranking {
    /** The scores in [0, 1], the higher first. */
    public final double[] scores;
    /** The comparator answers they took. */
    public final long comparisons;

    /**
     * @param scores the scores in [0, 1], the higher first
     * @param comparisons the comparator answers they took
     */
    public Ranking(double[] scores, long comparisons) {
      this.scores = scores;
      this.comparisons = comparisons;
    }
  }

  /**
   * Balcan et al.'s degree as first element ({@code -first-element}): the
   * share of the n - 1 others that x beats as first element.
   *
   * @param n the number of rows
   * @param compare the comparator on row numbers
   * @return the degrees, in [0, 1]
   * @throws Exception if the comparator fails
   */
  public static Ranking tournament(int n, PairComparator compare) throws Exception {
    return tournament(n, compare, false);
  }

  /**
   * Balcan et al.'s degree: the share of the n - 1 others that x beats as
   * first element; in both orders, the share of the 2(n - 1) ordered pairs
   * x is in that x wins: those it beats as first element and those (b, x)
   * whose first element b does not beat it, the column of the same answers.
   * Where the committee decides a pair mostly by one of its rows, every row
   * beats about the same rows as first element and the degrees bunch; both
   * orders tell them apart (docs/batch-both-orders/).
   *
   * @param n the number of rows
   * @param compare the comparator on row numbers
   * @param bothOrders count each ordered pair for both its rows, not for its first only
   * @return the degrees, in [0, 1]
   * @throws Exception if the comparator fails
   */
  public static Ranking tournament(int n, PairComparator compare, boolean bothOrders)
      throws Exception {
    long[] wonFirst = new long[n];
    long[] lostSecond = bothOrders ? new long[n] : null;
    forEveryOrderedPair(n, compare, (a, b, wins) -> {
      if (wins) {
        wonFirst[a]++;
        if (bothOrders) {
          lostSecond[b]++;
        }
      }
    });
    return degrees(wonFirst, lostSecond, (long) n * (n - 1));
  }

  /**
   * Degrees from each row's count of the others it beats as first element
   * and, for both orders, of the others that beat it as first element.
   *
   * @param wonFirst per row, the b with c(row, b) = 1, the row itself left out
   * @param lostSecond per row, the a with c(a, row) = 1, the row itself left
   *     out; null for the first order only
   * @param comparisons the comparator answers the counts took
   * @return the degrees, in [0, 1]
   */
  public static Ranking degrees(long[] wonFirst, long[] lostSecond, long comparisons) {
    int n = wonFirst.length;
    double others = Math.max(n - 1, 1);
    double[] scores = new double[n];
    for (int i = 0; i < n; i++) {
      scores[i] = lostSecond == null ? wonFirst[i] / others
          : (wonFirst[i] + (n - 1 - lostSecond[i])) / (2 * others);
    }
    return new Ranking(scores, comparisons);
  }

  /**
   * The monograph's Algorithm 4 as printed, rescaled to [0, 1]: for every
   * ordered pair (a, b), {@code score[a] += 1} if c(a, b) = 1, else
   * {@code score[b] -= 1}. A consistent pair leaves both scores unchanged.
   *
   * @param n the number of rows
   * @param compare the comparator on row numbers
   * @return the scores, in [0, 1]
   * @throws Exception if the comparator fails
   */
  public static Ranking asPrinted(int n, PairComparator compare) throws Exception {
    long[] score = new long[n];
    forEveryOrderedPair(n, compare, (a, b, wins) -> {
      if (wins) {
        score[a]++;
      } else {
        score[b]--;
      }
    });
    double[] scores = new double[n];
    double span = Math.max(n - 1, 1);
    for (int i = 0; i < n; i++) {
      // score lies in [-(n-1), n-1]: each x meets n-1 others in each position.
      scores[i] = (score[i] + span) / (2 * span);
    }
    return new Ranking(scores, (long) n * (n - 1));
  }

  private interface Answer {
    void take(int a, int b, boolean wins);
  }

  private static void forEveryOrderedPair(int n, PairComparator compare, Answer answer)
      throws Exception {
    if (n < 2) {
      return;
    }
    int rowsPerBatch = Math.max(1, BATCH_PAIRS / (n - 1));
    int capacity = (int) Math.min((long) rowsPerBatch * (n - 1), Integer.MAX_VALUE - 8);
    int[] left = new int[capacity];
    int[] right = new int[capacity];
    boolean[] wins = new boolean[capacity];
    for (int start = 0; start < n; start += rowsPerBatch) {
      int k = 0;
      for (int a = start; a < Math.min(n, start + rowsPerBatch); a++) {
        for (int b = 0; b < n; b++) {
          if (b != a) {
            left[k] = a;
            right[k++] = b;
          }
        }
      }
      compare.beats(left, right, k, wins);
      for (int j = 0; j < k; j++) {
        answer.take(left[j], right[j], wins[j]);
      }
    }
  }

  /**
   * Ailon and Mohri's randomized QuickSort with the comparator.
   *
   * <p>All comparisons of one recursion level (each element against its own
   * part's pivot, chosen uniformly at random, parts in order) go to the
   * comparator in one batch, so a ranking takes O(log n) batches. Each
   * element is compared with its pivot both ways: it goes before the pivot
   * when it beats the pivot and is not beaten by it, after in the mirror
   * case, and otherwise (neither beats the other, or both do) it ties with
   * the pivot, sharing its place and score as equal degrees do in a
   * tournament. A pair classifier often answers alike both ways for
   * instances alike; without the tie group such a set would cost QuickSort
   * quadratic time. A tie group's score is its mean position.
   *
   * @param n the number of rows
   * @param compare the comparator on row numbers
   * @param random the generator of the pivots
   * @return the scores, in [0, 1]
   * @throws Exception if the comparator fails
   */
  public static Ranking quicksort(int n, PairComparator compare, Random random)
      throws Exception {
    List<int[]> parts = new ArrayList<>();
    parts.add(identity(n));
    boolean[] tied = new boolean[n]; // shares the place of the one before it
    long comparisons = 0;
    while (true) {
      int pending = 0;
      for (int[] part : parts) {
        if (sortable(part, tied)) {
          pending += part.length - 1;
        }
      }
      if (pending == 0) {
        break;
      }
      int[] left = new int[2 * pending];
      int[] right = new int[2 * pending];
      int[] pivots = new int[parts.size()];
      int k = 0;
      for (int p = 0; p < parts.size(); p++) {
        int[] part = parts.get(p);
        if (!sortable(part, tied)) {
          continue;
        }
        pivots[p] = random.nextInt(part.length);
        for (int j = 0; j < part.length; j++) {
          if (j != pivots[p]) {
            left[k] = part[j];
            right[k] = part[pivots[p]];
            // and the same pair the other way round, in the second half
            left[pending + k] = part[pivots[p]];
            right[pending + k] = part[j];
            k++;
          }
        }
      }
      boolean[] answers = new boolean[2 * pending];
      compare.beats(left, right, 2 * pending, answers);
      comparisons += 2L * pending;
      List<int[]> next = new ArrayList<>();
      k = 0;
      for (int p = 0; p < parts.size(); p++) {
        int[] part = parts.get(p);
        if (!sortable(part, tied)) {
          next.add(part);
          continue;
        }
        int pivot = part[pivots[p]];
        int[] before = new int[part.length];
        int[] group = new int[part.length];
        int[] after = new int[part.length];
        int nb = 0;
        int ng = 0;
        int na = 0;
        group[ng++] = pivot;
        for (int j = 0; j < part.length; j++) {
          if (j == pivots[p]) {
            continue;
          }
          boolean beats = answers[k];
          boolean beaten = answers[pending + k];
          k++;
          if (beats && !beaten) {
            before[nb++] = part[j];
          } else if (beaten && !beats) {
            after[na++] = part[j];
          } else {
            group[ng++] = part[j];
          }
        }
        tied[pivot] = false;
        for (int j = 1; j < ng; j++) {
          tied[group[j]] = true;
        }
        if (nb > 0) {
          next.add(Arrays.copyOf(before, nb));
        }
        next.add(Arrays.copyOf(group, ng));
        if (na > 0) {
          next.add(Arrays.copyOf(after, na));
        }
      }
      parts = next;
    }
    // A tie group's score is its mean position, as mid-ranks are: 1 for the
    // first place, 0 for the last, so scores spread over [0, 1].
    double[] scores = new double[n];
    int position = 0;
    for (int[] part : parts) {
      int start = 0;
      while (start < part.length) {
        int end = start + 1;
        while (end < part.length && tied[part[end]]) {
          end++;
        }
        double mean = position + (end - start - 1) / 2.0;
        for (int j = start; j < end; j++) {
          scores[part[j]] = 1.0 - mean / Math.max(n - 1, 1);
        }
        position += end - start;
        start = end;
      }
    }
    return new Ranking(scores, comparisons);
  }

  /** A part with more than one element that is not a pivot and its tie group. */
  private static boolean sortable(int[] part, boolean[] tied) {
    if (part.length <= 1) {
      return false;
    }
    if (tied[part[0]]) {
      return true;
    }
    for (int j = 1; j < part.length; j++) {
      if (!tied[part[j]]) {
        return true;
      }
    }
    return false;
  }

  /**
   * Row numbers by decreasing score; equal scores keep the input order
   * ({@code random == null}) or an order shuffled by the generator first.
   *
   * @param scores the scores
   * @param random the generator of the tie order, or null for the input order
   * @return the row numbers, the highest score first
   */
  public static int[] order(double[] scores, Random random) {
    int[] start = random == null ? identity(scores.length)
        : Shuffle.permutation(scores.length, random);
    Integer[] order = new Integer[scores.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = start[i];
    }
    Arrays.sort(order, (x, y) -> Double.compare(scores[y], scores[x]));
    int[] out = new int[order.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = order[i];
    }
    return out;
  }

  /**
   * The identity permutation.
   *
   * @param n its length
   * @return 0, 1, ..., n - 1
   */
  public static int[] identity(int n) {
    int[] rows = new int[n];
    for (int i = 0; i < n; i++) {
      rows[i] = i;
    }
    return rows;
  }
}
