/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;

import weka.core.Utils;

/**
 * A feature's distinct values over the training rows, in increasing order,
 * and each row's place among them: what a learner trained from the rows
 * reads of the rows' order, sorted once for every member
 * ({@link PairTraining#distinctValues}). Two values are one where {@code ==}
 * says so (0.0 and -0.0, as WEKA's NaiveBayes compares them).
 */
final class DistinctValues {

  /** The distinct values, increasing. */
  final double[] m_Values;
  /** Each row's index into {@link #m_Values}, -1 where its value is missing. */
  final int[] m_RankOfRow;

  /**
   * @param rows the training rows
   * @param feature the feature's index in a row
   */
  DistinctValues(double[][] rows, int feature) {
    int n = rows.length;
    double[] values = new double[n];
    int present = 0;
    for (int row = 0; row < n; row++) {
      double value = rows[row][feature];
      if (!Utils.isMissingValue(value)) {
        values[present++] = value;
      }
    }
    values = Arrays.copyOf(values, present);
    Arrays.sort(values);
    int distinct = 0;
    for (int i = 0; i < present; i++) {
      if (i == 0 || values[i] != values[distinct - 1]) {
        values[distinct++] = values[i];
      }
    }
    m_Values = Arrays.copyOf(values, distinct);
    m_RankOfRow = new int[n];
    for (int row = 0; row < n; row++) {
      double value = rows[row][feature];
      m_RankOfRow[row] = Utils.isMissingValue(value) ? -1 : rank(value);
    }
  }

  /** The index of a value among the distinct values (0.0 and -0.0 alike). */
  private int rank(double value) {
    int at = Arrays.binarySearch(m_Values, value);
    if (at < 0) { // -0.0 against 0.0 or the other way: Arrays orders them apart
      at = Arrays.binarySearch(m_Values, value == 0 ? -value : value);
    }
    return at;
  }
}
