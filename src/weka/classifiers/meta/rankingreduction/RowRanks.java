/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;

/**
 * The training rows' values feature by feature, each value's rank among its
 * feature's distinct values: what a tree trained from the rows orders its
 * pairs by, computed once a training and shared by its members
 * ({@link PairTraining#rowRanks}).
 */
final class RowRanks {

  /** Each feature's values, one array a feature (read down a column); one zero, not two. */
  final double[][] m_Columns;
  /** Each feature's distinct training values, ascending (the missing ones left out). */
  final double[][] m_Values;
  /** Each row's value's place among its feature's distinct values, -1 when missing. */
  final int[][] m_Ranks;

  /**
   * @param rows the training rows' feature values, one array a row
   * @param features the values of a row (known without a row)
   */
  RowRanks(double[][] rows, int features) {
    m_Columns = new double[features][rows.length];
    m_Values = new double[features][];
    m_Ranks = new int[features][rows.length];
    for (int f = 0; f < features; f++) {
      for (int r = 0; r < rows.length; r++) {
        m_Columns[f][r] = rows[r][f] == 0 ? 0.0 : rows[r][f]; // one zero, not two
      }
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
      for (int r = 0; r < rows.length; r++) {
        m_Ranks[f][r] = Double.isNaN(m_Columns[f][r]) ? -1
            : Arrays.binarySearch(m_Values[f], m_Columns[f][r]);
      }
    }
  }
}
