/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.io.Serializable;
import java.util.Random;

/**
 * Training rows kept with the model to score a single instance: its degree
 * against them, the share of the kept rows it beats as first element.
 */
public final class ReferenceSample implements Serializable {

  private static final long serialVersionUID = 2931176052081390417L;

  /** Pairs asked of the committee at once when scoring many rows. */
  private static final int PAIRS_AT_ONCE = 1 << 16;

  private final double[][] m_Rows;

  private ReferenceSample(double[][] rows) {
    m_Rows = rows;
  }

  /**
   * The first {@code size} rows of an order drawn with the seed (all of them,
   * shuffled, when there are fewer).
   *
   * @param rows the training rows' feature values
   * @param size how many to keep
   * @param seed the generator's seed
   * @return the sample
   */
  public static ReferenceSample draw(double[][] rows, int size, int seed) {
    int[] order = Shuffle.permutation(rows.length, new Random(seed));
    double[][] sample = new double[Math.min(size, rows.length)][];
    for (int i = 0; i < sample.length; i++) {
      sample[i] = rows[order[i]];
    }
    return new ReferenceSample(sample);
  }

  /**
   * Number of rows kept.
   *
   * @return the count
   */
  public int size() {
    return m_Rows.length;
  }

  /**
   * The share of the kept rows that a row beats as first element.
   *
   * @param row the feature values of the instance to score
   * @param committees the committee over a set of rows
   * @return the degree, in [0, 1]
   * @throws Exception if a member cannot classify a pair
   */
  public double degree(double[] row, Committee.Factory committees) throws Exception {
    return degrees(new double[][] {row}, committees)[0];
  }

  /**
   * Each row's share of the kept rows it beats as first element: a row's
   * degree depends on it and the kept rows only, not on the other rows given.
   * The rows are asked a block at a time, so that the pairs asked at once
   * stay few whatever the number of rows.
   *
   * @param batch the feature values of the instances to score
   * @param committees the committee over a set of rows
   * @return the degrees, in [0, 1]
   * @throws Exception if a member cannot classify a pair
   */
  public double[] degrees(double[][] batch, Committee.Factory committees)
      throws Exception {
    int n = m_Rows.length;
    double[] out = new double[batch.length];
    int block = Math.max(1, PAIRS_AT_ONCE / Math.max(n, 1));
    for (int from = 0; from < batch.length; from += block) {
      int count = Math.min(block, batch.length - from);
      double[][] rows = new double[n + count][];
      System.arraycopy(m_Rows, 0, rows, 0, n);
      System.arraycopy(batch, from, rows, n, count);
      int[] left = new int[count * n];
      int[] right = new int[count * n];
      for (int i = 0; i < count; i++) {
        for (int k = 0; k < n; k++) {
          left[i * n + k] = n + i;
          right[i * n + k] = k;
        }
      }
      boolean[] wins = new boolean[count * n];
      committees.on(rows).beats(left, right, count * n, wins);
      for (int i = 0; i < count; i++) {
        int degree = 0;
        for (int k = 0; k < n; k++) {
          degree += wins[i * n + k] ? 1 : 0;
        }
        out[from + i] = degree / (double) n;
      }
    }
    return out;
  }
}
