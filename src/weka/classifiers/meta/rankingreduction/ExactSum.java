/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.math.BigDecimal;

/**
 * A sum of doubles' whole multiples kept exactly and rounded once, to the
 * nearest double (ties to even), when read: the same in any order, so that a
 * learner trained from the rows sums a pair statistic as the rows come
 * ({@link ProductNaiveBayes}).
 *
 * <p>A fixed-point accumulator (a "superaccumulator"): the sum is a whole
 * number of units of 2^{@value #LOWEST}, held as 32-bit digits each in a
 * long whose upper bits take the carries, propagated only when the sum is
 * read (or after 2^29 additions). A term times its count, a 106-bit product
 * of whole numbers, is added to five digits: a few integer operations a
 * term, in any order the same digits. Terms whose magnitude is beyond 2^900
 * either way, outside the digits' range, are kept in a {@code BigDecimal}
 * apart. Infinite and NaN terms are summed apart, in doubles, where their
 * sum (infinite or NaN) is the same in any order too, and it then is the sum.
 */
public final class ExactSum {

  /** Magnitudes within which a term's multiples and their sums stay within the digits. */
  private static final double LARGEST = 0x1p900;
  private static final double SMALLEST = 0x1p-900;
  /**
   * The weight of digit 0's lowest bit, as a power of two: below the lowest
   * bit of any term from {@link #SMALLEST} (2^-952).
   */
  private static final int LOWEST = -1024;
  /**
   * Digits: up to 2^2048, beyond the largest product (below 2^953) and
   * 2^62 of them.
   */
  private static final int DIGITS = 64;
  private static final long DIGIT = 0xFFFFFFFFL;
  /** Additions between carries: each adds less than 2^33 to a digit, which holds 2^63. */
  private static final int BETWEEN_CARRIES = 1 << 29;

  /** The sum's digits, each a signed multiple of its weight, 2^(32 i + LOWEST). */
  private final long[] m_Digits = new long[DIGITS];
  /** The digits added to since the last carry: from, to (inclusive). */
  private int m_From = DIGITS;
  private int m_To = -1;
  private int m_Added;
  /** The sum of the terms outside the digits' range, or null while there is none. */
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
    if (term == 0 || times == 0) {
      return;
    }
    double magnitude = Math.abs(term);
    if (magnitude >= LARGEST || magnitude < SMALLEST) {
      BigDecimal multiple = new BigDecimal(term).multiply(BigDecimal.valueOf(times));
      m_Outside = m_Outside == null ? multiple : m_Outside.add(multiple);
      return;
    }
    long bits = Double.doubleToRawLongBits(term);
    long significand = (bits & 0xFFFFFFFFFFFFFL) | 0x10000000000000L; // a normal number
    int position = (int) (bits >>> 52 & 0x7FF) - 1075 - LOWEST; // term = significand 2^(e)
    long low = significand * times; // the product's low 64 bits
    long high = Math.multiplyHigh(significand, times); // and the rest, below 2^42
    int digit = position >>> 5;
    int shift = position & 31;
    long a0 = (low & DIGIT) << shift; // each of the product's 32-bit pieces in place,
    long a1 = (low >>> 32) << shift; // below 2^63
    long a2 = (high & DIGIT) << shift;
    long a3 = (high >>> 32) << shift;
    long[] d = m_Digits;
    if (bits < 0) {
      d[digit] -= a0 & DIGIT;
      d[digit + 1] -= (a0 >>> 32) + (a1 & DIGIT);
      d[digit + 2] -= (a1 >>> 32) + (a2 & DIGIT);
      d[digit + 3] -= (a2 >>> 32) + (a3 & DIGIT);
      d[digit + 4] -= a3 >>> 32;
    } else {
      d[digit] += a0 & DIGIT;
      d[digit + 1] += (a0 >>> 32) + (a1 & DIGIT);
      d[digit + 2] += (a1 >>> 32) + (a2 & DIGIT);
      d[digit + 3] += (a2 >>> 32) + (a3 & DIGIT);
      d[digit + 4] += a3 >>> 32;
    }
    m_From = Math.min(m_From, digit);
    m_To = Math.max(m_To, digit + 4);
    if (++m_Added == BETWEEN_CARRIES) {
      carry();
    }
  }

  /**
   * Propagates the carries upwards: every digit below the top one then in
   * [0, 2^32), the top one holding the sum's sign.
   */
  private void carry() {
    long[] d = m_Digits;
    for (int i = m_From; i < m_To; i++) {
      long carry = d[i] >> 32;
      d[i] -= carry << 32;
      d[i + 1] += carry;
    }
    while (m_To + 1 < DIGITS && (d[m_To] >> 31) != 0 && (d[m_To] >> 31) != -1) {
      long carry = d[m_To] >> 32;
      d[m_To] -= carry << 32;
      d[++m_To] += carry;
    }
    m_Added = 0;
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
    if (m_From > m_To) {
      return m_Outside == null ? 0 : m_Outside.doubleValue();
    }
    carry();
    if (m_Outside != null) {
      BigDecimal exact = m_Outside;
      for (int i = m_From; i <= m_To; i++) {
        exact = exact.add(new BigDecimal(m_Digits[i]).multiply(
            new BigDecimal(Math.scalb(1.0, 32 * i + LOWEST)))); // a power of two, exact
      }
      return exact.doubleValue();
    }
    long[] d = m_Digits.clone();
    boolean negative = d[m_To] < 0;
    if (negative) { // the magnitude's digits: the complement, carried again
      for (int i = m_From; i <= m_To; i++) {
        d[i] = -d[i];
      }
      for (int i = m_From; i < m_To; i++) {
        long carry = d[i] >> 32;
        d[i] -= carry << 32;
        d[i + 1] += carry;
      }
    }
    int top = m_To;
    while (top >= m_From && d[top] == 0) {
      top--;
    }
    if (top < m_From) {
      return 0;
    }
    // The top 64 bits of the magnitude, from its leading bit, and whether any below is set.
    int lead = 63 - Long.numberOfLeadingZeros(d[top]); // in [0, 32)
    long window = d[top] << (63 - lead);
    long next = top - 1 >= m_From ? d[top - 1] : 0;
    long after = top - 2 >= m_From ? d[top - 2] : 0;
    window |= next << (31 - lead);
    int rest = 31 - lead; // bits of 'after' still to come into the window, from its top
    boolean sticky;
    if (rest > 0) {
      window |= after >>> (32 - rest);
      sticky = (after & (DIGIT >>> rest)) != 0;
    } else {
      sticky = after != 0;
    }
    for (int i = top - 3; i >= m_From && !sticky; i--) {
      sticky = d[i] != 0;
    }
    long significand = window >>> 11;
    long below = window & 0x7FF;
    if (below > 0x400 || below == 0x400 && (sticky || (significand & 1) != 0)) {
      significand++; // 2^53 at most: still exact as a double
    }
    int exponent = 32 * top + LOWEST + lead - 52; // the weight of the significand's last bit
    double magnitude = Math.scalb((double) significand, exponent);
    return negative ? -magnitude : magnitude;
  }
}
