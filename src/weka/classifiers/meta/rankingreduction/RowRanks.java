/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The training rows' values feature by feature, each value's rank among its
 * feature's distinct values: what a tree trained from the rows orders its
 * pairs by, computed once a training and shared by its members
 * ({@link PairTraining#rowRanks}). The members that ask for it while it is
 * being computed rank its features between them ({@link #ranked}) rather
 * than wait for the first.
 */
final class RowRanks {

  /** Values below this, all whole, are ranked by counting ({@link #byCounting}). */
  private static final int COUNTED = 1024;

  /** Each feature's values, one array a feature (read down a column); one zero, not two. */
  final double[][] m_Columns;
  /** Each feature's distinct training values, ascending (the missing ones left out). */
  final double[][] m_Values;
  /** Each row's value's place among its feature's distinct values, -1 when missing. */
  final int[][] m_Ranks;
  /**
   * Each feature's rows of known value in the order of their values
   * ({@link #sortedEntries}) over every row, made when first asked
   * ({@link #everyRowSorted}); null until then.
   */
  private final long[][] m_EveryRowSorted;
  /** The training rows, until every feature is ranked. */
  private double[][] m_Rows;
  /** The next feature a thread ranks. */
  private final AtomicInteger m_NextFeature = new AtomicInteger();
  /** Counts the features down as they are ranked. */
  private final CountDownLatch m_Ranked;
  /** A ranking thread's failure, rethrown to the threads waiting for its feature. */
  private volatile Throwable m_Failure;

  /**
   * Ranks nothing yet: {@link #ranked} does.
   *
   * @param rows the training rows' feature values, one array a row
   * @param features the values of a row (known without a row)
   */
  RowRanks(double[][] rows, int features) {
    m_Rows = rows;
    m_Columns = new double[features][];
    m_Values = new double[features][];
    m_Ranks = new int[features][];
    m_EveryRowSorted = new long[features][];
    m_Ranked = new CountDownLatch(features);
  }

  /**
   * Ranks the features no thread has taken yet, one at a time, then waits
   * for those other threads are ranking: each feature is ranked by one
   * thread alone, so the ranks do not depend on how many help.
   *
   * @return this, every feature ranked
   */
  RowRanks ranked() {
    for (int f = m_NextFeature.getAndIncrement(); f < m_Values.length;
        f = m_NextFeature.getAndIncrement()) {
      try {
        rank(f);
      } catch (RuntimeException | Error e) {
        m_Failure = e;
        throw e;
      } finally {
        m_Ranked.countDown();
      }
    }
    boolean interrupted = false;
    while (m_Ranked.getCount() > 0) { // a wait of one feature's ranking, at most
      try {
        m_Ranked.await();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt(); // for the caller's next check
    }
    Throwable failure = m_Failure;
    if (failure instanceof Error) {
      throw (Error) failure;
    } else if (failure != null) {
      throw new IllegalStateException("ranking the training rows' values failed", failure);
    }
    m_Rows = null;
    return this;
  }

  /** A feature's column, its distinct values and each row's rank among them. */
  private void rank(int f) {
    double[][] rows = m_Rows;
    double[] column = new double[rows.length];
    for (int r = 0; r < rows.length; r++) {
      column[r] = rows[r][f] == 0 ? 0.0 : rows[r][f]; // one zero, not two
    }
    m_Columns[f] = column;
    m_Ranks[f] = new int[rows.length];
    if (!byCounting(f)) {
      bySorting(f);
    }
  }

  /**
   * A feature's rows of known value in the order of its values, over every
   * training row: the sorted entries ({@link #sortedEntries}) of a side of a
   * sampled pair list that holds every row (in a two-class task each row is
   * first in its own pairs), the same for every member, so made once and
   * shared; the caller must not change it.
   *
   * @param feature the feature
   * @return its entries
   */
  synchronized long[] everyRowSorted(int feature) {
    if (m_EveryRowSorted[feature] == null) {
      m_EveryRowSorted[feature] = sortedEntries(feature, null);
    }
    return m_EveryRowSorted[feature];
  }

  /**
   * A feature's rows of known value in the order of its values: an entry a
   * row, its value's rank in the high half (read in order by a tree's scan)
   * above a bit that says whether the value is more than 1e-5 above the
   * next lower value (C4.5's least gap between split candidates), the row in
   * the low half. A counting pass over the ranks, no sort; rows of one value
   * in the order of the rows.
   *
   * @param feature the feature
   * @param rows the rows to take, by row; null for every row
   * @return the entries
   */
  long[] sortedEntries(int feature, boolean[] rows) {
    int[] ranks = m_Ranks[feature];
    double[] values = m_Values[feature];
    int[] start = new int[values.length + 1];
    int known = 0;
    for (int row = 0; row < ranks.length; row++) {
      if ((rows == null || rows[row]) && ranks[row] >= 0) {
        start[ranks[row] + 1]++;
        known++;
      }
    }
    for (int v = 1; v < start.length; v++) {
      start[v] += start[v - 1];
    }
    int[] gaps = new int[values.length];
    for (int rank = 1; rank < values.length; rank++) {
      gaps[rank] = values[rank - 1] + 1e-5 < values[rank] ? 1 : 0;
    }
    long[] entries = new long[known];
    for (int row = 0; row < ranks.length; row++) {
      if ((rows == null || rows[row]) && ranks[row] >= 0) {
        int rank = ranks[row];
        entries[start[rank]++] = (long) (rank << 1 | gaps[rank]) << 32 | row;
      }
    }
    return entries;
  }

  /**
   * A feature's distinct values and ranks by sorting its values (the missing
   * ones, NaN, sort last) and finding each row's among them.
   */
  private void bySorting(int f) {
    double[] values = m_Columns[f].clone();
    Arrays.sort(values); // the missing values (NaN) last
    int known = values.length;
    while (known > 0 && Double.isNaN(values[known - 1])) {
      known--;
    }
    int distinct = 0;
    for (int i = 0; i < known; i++) {
      if (i == 0 || values[i] != values[distinct - 1]) {
        values[distinct++] = values[i];
      }
    }
    m_Values[f] = Arrays.copyOf(values, distinct);
    for (int r = 0; r < m_Columns[f].length; r++) {
      m_Ranks[f][r] = Double.isNaN(m_Columns[f][r]) ? -1
          : Arrays.binarySearch(m_Values[f], m_Columns[f][r]);
    }
  }

  /**
   * The same as {@link #bySorting} in linear time where every known value is
   * a small whole number (a nominal attribute's value indices, say): each
   * value marks its slot, and the marked slots in turn are the distinct
   * values in ascending order.
   *
   * @return false, having changed nothing, when a known value is not a whole
   *     number in [0, {@link #COUNTED})
   */
  private boolean byCounting(int f) {
    double[] column = m_Columns[f];
    int[] rankOfValue = new int[COUNTED];
    int top = -1;
    for (double value : column) {
      if (!Double.isNaN(value)) {
        if (!(value >= 0 && value < COUNTED && value == (int) value)) {
          return false;
        }
        rankOfValue[(int) value] = 1;
        top = Math.max(top, (int) value);
      }
    }
    int distinct = 0;
    for (int v = 0; v <= top; v++) {
      if (rankOfValue[v] == 1) {
        rankOfValue[v] = distinct++;
      } else {
        rankOfValue[v] = -1;
      }
    }
    m_Values[f] = new double[distinct];
    for (int v = 0; v <= top; v++) {
      if (rankOfValue[v] >= 0) {
        m_Values[f][rankOfValue[v]] = v;
      }
    }
    for (int r = 0; r < column.length; r++) {
      m_Ranks[f][r] = Double.isNaN(column[r]) ? -1 : rankOfValue[(int) column[r]];
    }
    return true;
  }
}
