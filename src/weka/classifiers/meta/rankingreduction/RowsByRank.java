/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

/**
 * The training rows grouped by their value of each feature, all but the
 * commonest value's: a sum over the rows of each value is then read group by
 * group, and the commonest value's is what the other values leave of the
 * total. Adding each row into its value's place, rows of one value in a row
 * (a feature's many zeros) wait on each other's additions; here each group
 * sums in a register, and the commonest value, often most of the rows, costs
 * nothing. Made once a training from the rows' ranks ({@link RowRanks}) for
 * the features {@link ValueBits} does not hold, and shared by the members
 * NaiveBayes trains from the rows ({@link PairTraining#rowsByRank}).
 */
final class RowsByRank {

  /** Each feature's rows, group after group: [feature][place], null for a feature not held. */
  private final int[][] m_Rows;
  /**
   * Where each group starts in the feature's rows, and where the last ends:
   * [feature][group], the groups being the ranks of the distinct values in
   * ascending order, then the rows whose value is missing.
   */
  private final int[][] m_Start;
  /** Each feature's commonest group, whose rows are left out. */
  private final int[] m_Commonest;

  /**
   * @param ranks the rows' ranks feature by feature
   * @param bits the features held as bits, left out here
   */
  RowsByRank(RowRanks ranks, ValueBits bits) {
    int features = ranks.m_Ranks.length;
    m_Rows = new int[features][];
    m_Start = new int[features][];
    m_Commonest = new int[features];
    for (int f = 0; f < features; f++) {
      if (bits.rowsWithValue(f) == null) {
        group(f, ranks.m_Ranks[f], ranks.m_Values[f].length);
      }
    }
  }

  /** A feature's groups by counting: each group's size, its start, its rows. */
  private void group(int f, int[] rankOfRow, int distinct) {
    int missing = distinct; // the last group
    int[] start = new int[distinct + 2];
    for (int rank : rankOfRow) {
      start[(rank < 0 ? missing : rank) + 1]++;
    }
    int commonest = 0;
    for (int group = 1; group <= missing; group++) {
      if (start[group + 1] > start[commonest + 1]) {
        commonest = group;
      }
    }
    start[commonest + 1] = 0;
    for (int group = 0; group <= missing; group++) {
      start[group + 1] += start[group];
    }
    int[] rows = new int[start[missing + 1]];
    int[] next = start.clone();
    for (int row = 0; row < rankOfRow.length; row++) {
      int group = rankOfRow[row] < 0 ? missing : rankOfRow[row];
      if (group != commonest) {
        rows[next[group]++] = row;
      }
    }
    m_Rows[f] = rows;
    m_Start[f] = start;
    m_Commonest[f] = commonest;
  }

  /**
   * How many pairs of each label hold each distinct value of a feature on a
   * side: the rows' multiplicities there, summed by their values. Whole
   * numbers, so exact.
   *
   * @param f the feature, one not held as bits
   * @param times pairs of each label holding each row on the side: [label][row]
   * @param perLabel pairs of each label, the sum of each label's multiplicities
   *     (every pair holds one row on each side)
   * @return [label][rank among the feature's distinct values]
   */
  long[][] counts(int f, int[][] times, long[] perLabel) {
    int[] rows = m_Rows[f];
    int[] start = m_Start[f];
    int missing = start.length - 2;
    long[][] counts = new long[2][missing];
    long rest0 = perLabel[0];
    long rest1 = perLabel[1];
    int[] times0 = times[0];
    int[] times1 = times[1];
    for (int group = 0; group <= missing; group++) {
      long sum0 = 0;
      long sum1 = 0;
      for (int i = start[group]; i < start[group + 1]; i++) {
        sum0 += times0[rows[i]];
        sum1 += times1[rows[i]];
      }
      if (group < missing) {
        counts[0][group] = sum0;
        counts[1][group] = sum1;
      }
      rest0 -= sum0;
      rest1 -= sum1;
    }
    if (m_Commonest[f] < missing) {
      counts[0][m_Commonest[f]] = rest0;
      counts[1][m_Commonest[f]] = rest1;
    }
    return counts;
  }
}
