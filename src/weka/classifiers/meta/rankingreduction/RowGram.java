/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import weka.core.Instance;
import weka.core.Instances;

/**
 * Dot products of pair instances from their rows: a pair instance is two rows
 * side by side (A(a) || A(b), then the class), so the dot product of two pairs
 * is the dot product of their first halves plus that of their second halves,
 * G1[a,c] + G2[b,d], with G1 and G2 the Gram matrices of the distinct values
 * the halves take. A pair set of all pairs has quadratically many pairs but
 * only as many distinct halves as rows, so these Gram matrices are small and
 * each entry is computed once, where WEKA's kernel cache holds pairs of pairs.
 *
 * <p>The split is by position: the first half of the non-class attributes,
 * in index order, then the rest; the identity holds for any data (a dot
 * product is a sum over the attributes), so it is exact whatever the
 * instances are, and fast when the halves repeat. The number is WEKA's to the
 * bit: WEKA's {@code dotProd} adds the products in index order from 0, and
 * its running sum after the first half is the first half's Gram entry. Where
 * every value is a small integer (binary attributes, say) every partial sum
 * is exact and the two entries are added; elsewhere the second half's
 * products are added to the first half's entry one by one, in WEKA's order
 * (a half's attributes a value, instead of one addition).
 */
public final class RowGram implements Serializable {

  private static final long serialVersionUID = 4113470925381532117L;

  /** Distinct halves beyond which a Gram row is not kept: 2,048 rows are 32 MB a half. */
  private static final int MOST_CACHED = 2048;

  /** The largest magnitude of an integer value whose products' sums stay exact. */
  private static final double EXACT_INTEGERS = 1 << 20;

  private final int[][] m_Attributes;
  private final double[][][] m_Halves;
  private final int[][] m_Of;
  /** Whether every value is an integer small enough that any order of the sums is exact. */
  private final boolean m_IntegerValues;
  private transient double[][][] m_Gram;
  /**
   * The Gram rows of the two instances asked last, and their indices plus 1
   * (0: none): SMO's step asks K(i1, j) and K(i2, j) over every j in turn.
   */
  private transient double[][][] m_Recent;
  private transient int[] m_RecentPlusOne;

  /**
   * @param data the instances a kernel is built on, their class set
   */
  public RowGram(Instances data) {
    int[] features = new int[data.numAttributes() - (data.classIndex() < 0 ? 0 : 1)];
    for (int j = 0, k = 0; j < data.numAttributes(); j++) {
      if (j != data.classIndex()) {
        features[k++] = j;
      }
    }
    int split = features.length / 2;
    m_Attributes = new int[][] {Arrays.copyOfRange(features, 0, split),
        Arrays.copyOfRange(features, split, features.length)};
    m_Halves = new double[2][][];
    m_Of = new int[2][data.numInstances()];
    for (int h = 0; h < 2; h++) {
      Map<Half, Integer> seen = new HashMap<>();
      for (int i = 0; i < data.numInstances(); i++) {
        Half half = new Half(values(data.instance(i), m_Attributes[h]));
        Integer at = seen.putIfAbsent(half, seen.size());
        m_Of[h][i] = at == null ? seen.size() - 1 : at;
      }
      m_Halves[h] = new double[seen.size()][];
      for (Map.Entry<Half, Integer> entry : seen.entrySet()) {
        m_Halves[h][entry.getValue()] = entry.getKey().m_Values;
      }
    }
    boolean integers = true;
    for (double[][] halves : m_Halves) {
      for (double[] half : halves) {
        for (double value : half) {
          integers &= value == Math.rint(value) && Math.abs(value) <= EXACT_INTEGERS;
        }
      }
    }
    m_IntegerValues = integers;
  }

  /**
   * Distinct values of one half, the row count the Gram matrix has.
   *
   * @param half 0 for the first half, 1 for the second
   * @return the count
   */
  public int distinct(int half) {
    return m_Halves[half].length;
  }

  /**
   * The dot product of two of the instances the Gram was built on.
   *
   * @param i the first instance's index
   * @param j the second instance's index
   * @return the first halves' dot product plus the second halves'
   */
  double dot(int i, int j) {
    double[][] rows = rows(i);
    if (rows == null) {
      double first = product(m_Halves[0][m_Of[0][i]], m_Halves[0][m_Of[0][j]]);
      return continued(first, m_Halves[1][m_Of[1][i]], m_Halves[1][m_Of[1][j]]);
    }
    double first = rows[0][m_Of[0][j]];
    if (m_IntegerValues) {
      return first + rows[1][m_Of[1][j]];
    }
    return continued(first, m_Halves[1][m_Of[1][i]], m_Halves[1][m_Of[1][j]]);
  }

  /** Instance i's rows of both Gram matrices, or null where a half has too many values. */
  private double[][] rows(int i) {
    if (m_Halves[0].length > MOST_CACHED || m_Halves[1].length > MOST_CACHED) {
      return null;
    }
    if (m_RecentPlusOne == null) {
      m_RecentPlusOne = new int[2];
      m_Recent = new double[2][][];
    }
    if (m_RecentPlusOne[0] == i + 1) {
      return m_Recent[0];
    }
    if (m_RecentPlusOne[1] == i + 1) {
      return m_Recent[1];
    }
    double[][] rows = {gramRow(0, m_Of[0][i]), gramRow(1, m_Of[1][i])};
    m_RecentPlusOne[1] = m_RecentPlusOne[0];
    m_Recent[1] = m_Recent[0];
    m_RecentPlusOne[0] = i + 1;
    m_Recent[0] = rows;
    return rows;
  }

  /**
   * The dot product of any instance of the same format with one of the
   * instances the Gram was built on.
   *
   * @param inst the instance
   * @param j the other instance's index
   * @return the first halves' dot product plus the second halves'
   */
  double dot(Instance inst, int j) {
    double first = product(values(inst, m_Attributes[0]), m_Halves[0][m_Of[0][j]]);
    return continued(first, values(inst, m_Attributes[1]), m_Halves[1][m_Of[1][j]]);
  }

  /** Drops the cached Gram rows, kept until now for the training. */
  void clean() {
    m_Gram = null;
    m_Recent = null;
    m_RecentPlusOne = null;
  }

  /** Half h's Gram row of its distinct value a, computed the first time it is asked. */
  private double[] gramRow(int h, int a) {
    double[][] halves = m_Halves[h];
    if (m_Gram == null) {
      m_Gram = new double[][][] {new double[m_Halves[0].length][],
          new double[m_Halves[1].length][]};
    }
    double[] row = m_Gram[h][a];
    if (row == null) {
      row = new double[halves.length];
      for (int k = 0; k < halves.length; k++) {
        row[k] = product(halves[a], halves[k]);
      }
      m_Gram[h][a] = row;
    }
    return row;
  }

  private static double product(double[] x, double[] y) {
    return continued(0, x, y);
  }

  /** The running sum carried on over these products, one by one in index order. */
  private static double continued(double sum, double[] x, double[] y) {
    for (int k = 0; k < x.length; k++) {
      sum += x[k] * y[k];
    }
    return sum;
  }

  private static double[] values(Instance inst, int[] attributes) {
    double[] out = new double[attributes.length];
    for (int k = 0; k < attributes.length; k++) {
      out[k] = inst.value(attributes[k]);
    }
    return out;
  }

  /** A half's values as a map key, equal when every value is. */
  private static final class Half {
    private final double[] m_Values;
    private final int m_Hash;

    Half(double[] values) {
      m_Values = values;
      m_Hash = Arrays.hashCode(values);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Half && Arrays.equals(m_Values, ((Half) other).m_Values);
    }

    @Override
    public int hashCode() {
      return m_Hash;
    }
  }
}
