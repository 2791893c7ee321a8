/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * A sum of doubles' whole multiples kept exactly and rounded once, to the
 * nearest double (ties to even), when read: the same in any order, so that a
 * learner trained from the rows sums a pair statistic as the rows come
 * ({@link ProductNaiveBayes}).
 *
 * <p>Shewchuk's non-overlapping partials (as Python's {@code math.fsum}
 * keeps them), each multiple split exactly into its rounded product and that
 * product's error by a fused multiply-add: a few floating-point operations a
 * term where a {@link BigDecimal} costs a big-number addition. Terms whose
 * magnitude is beyond 2^900 either way, where a product's error or a partial
 * sum would leave the doubles, are kept in a {@code BigDecimal} apart.
 * Infinite and NaN terms are summed apart, in doubles, where their sum
 * (infinite or NaN) is the same in any order too, and it then is the sum.
 */
public final class ExactSum {

  /** Magnitudes within which a term's multiples and their sums stay exact in doubles. */
  private static final double LARGEST = 0x1p900;
  private static final double SMALLEST = 0x1p-900;

  private double[] m_Partials = new double[8];
  private int m_Count;
  /** The sum of the terms outside the doubles' exact range, or null while there is none. */
  private BigDecimal m_Outside;
  private double m_NonFinite;
  private boolean m_HasNonFinite;

  /**
   * Adds a term a whole number of times.
   *
   * @param term the term
   * @param times how many times, below 2^53
   */
  public void add(double term, long times) {
    if (!Double.isFinite(term)) {
      m_NonFinite += term;
      m_HasNonFinite = true;
      return;
    }
    double magnitude = Math.abs(term);
    if (term != 0 && (magnitude >= LARGEST || magnitude < SMALLEST)) {
      BigDecimal multiple = new BigDecimal(term).multiply(BigDecimal.valueOf(times));
      m_Outside = m_Outside == null ? multiple : m_Outside.add(multiple);
      return;
    }
    double count = times;
    double product = term * count;
    addExactly(product);
    double error = Math.fma(term, count, -product);
    if (error != 0) { // most products of a few are exact: adding nothing is a pass for nothing
      addExactly(error);
    }
  }

  /** Adds x to the partials, which stay non-overlapping and exact (Shewchuk's grow-expansion). */
  private void addExactly(double x) {
    int kept = 0;
    for (int j = 0; j < m_Count; j++) {
      double y = m_Partials[j];
      if (Math.abs(x) < Math.abs(y)) {
        double swap = x;
        x = y;
        y = swap;
      }
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0) {
        m_Partials[kept++] = lo;
      }
      x = hi;
    }
    m_Count = kept;
    if (x != 0) {
      if (m_Count == m_Partials.length) {
        m_Partials = Arrays.copyOf(m_Partials, 2 * m_Count);
      }
      m_Partials[m_Count++] = x;
    }
  }

  /**
   * The sum, rounded to the nearest double.
   *
   * @return the exact sum of the terms added, rounded once
   */
  public double sum() {
    if (m_HasNonFinite) {
      return m_NonFinite;
    }
    if (m_Outside != null) {
      BigDecimal exact = m_Outside;
      for (int j = 0; j < m_Count; j++) {
        exact = exact.add(new BigDecimal(m_Partials[j]));
      }
      return exact.doubleValue();
    }
    // Python's math.fsum: add the partials from the largest down until the
    // sum is inexact, then round half to even across the partials left.
    int n = m_Count;
    if (n == 0) {
      return 0;
    }
    double hi = m_Partials[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi;
      double y = m_Partials[--n];
      hi = x + y;
      lo = y - (hi - x);
      if (lo != 0) {
        break;
      }
    }
    if (n > 0 && (lo < 0 && m_Partials[n - 1] < 0 || lo > 0 && m_Partials[n - 1] > 0)) {
      double y = lo * 2;
      double x = hi + y;
      if (y == x - hi) {
        hi = x;
      }
    }
    return hi;
  }
}
