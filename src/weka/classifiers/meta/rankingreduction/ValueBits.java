/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;

import weka.core.Attribute;
import weka.core.Instances;

/**
 * The training rows holding each value of each nominal feature of few values,
 * as bits: a sum over the rows of one value is then counted a word of 64 rows
 * at a time ({@code ProductNaiveBayes}), where a step a row costs a step for
 * every row. Made once a training from the rows as stored (one pass along
 * each row) and shared by its members ({@link PairTraining#valueBits}).
 */
final class ValueBits {

  /** Nominal features of at most this many values are held as bits. */
  static final int FEW_VALUES = 16;

  /** Each feature's rows of each value: [feature][value index][word], null when not held. */
  private final long[][][] m_Rows;
  /** Whether each feature's value is missing in no row. */
  private final boolean[] m_Complete;

  /**
   * @param rows the training rows' feature values, one array a row (a
   *     nominal value as its index, a missing one as NaN)
   * @param header the pair header, whose first attributes are a row's features
   * @param features the values of a row
   */
  ValueBits(double[][] rows, Instances header, int features) {
    m_Rows = new long[features][][];
    m_Complete = new boolean[features];
    Arrays.fill(m_Complete, true);
    int words = (rows.length + 63) >>> 6;
    for (int f = 0; f < features; f++) {
      Attribute attribute = header.attribute(f);
      if (attribute.isNominal() && attribute.numValues() <= FEW_VALUES) {
        m_Rows[f] = new long[attribute.numValues()][words];
      }
    }
    for (int r = 0; r < rows.length; r++) {
      long bit = 1L << r;
      int word = r >>> 6;
      for (int f = 0; f < features; f++) {
        double value = rows[r][f];
        if (Double.isNaN(value)) {
          m_Complete[f] = false;
        } else if (m_Rows[f] != null) {
          m_Rows[f][(int) value][word] |= bit;
        }
      }
    }
  }

  /**
   * The rows holding each value of a feature.
   *
   * @param feature the feature
   * @return [value index][word], row r being bit {@code r % 64} of word
   *     {@code r / 64}; null for a feature not held (numeric, or of more
   *     than {@link #FEW_VALUES} values)
   */
  long[][] rowsWithValue(int feature) {
    return m_Rows[feature];
  }

  /**
   * Whether every row holds a value of a feature: then a value's rows are
   * what the others' leave.
   *
   * @param feature the feature
   * @return true when no row's value is missing
   */
  boolean complete(int feature) {
    return m_Complete[feature];
  }
}
