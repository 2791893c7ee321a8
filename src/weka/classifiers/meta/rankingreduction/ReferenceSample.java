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
    int n = m_Rows.length;
    double[][] rows = new double[n + 1][];
    System.arraycopy(m_Rows, 0, rows, 0, n);
    rows[n] = row;
    int[] left = new int[n];
    int[] right = new int[n];
    for (int k = 0; k < n; k++) {
      left[k] = n;
      right[k] = k;
    }
    boolean[] wins = new boolean[n];
    committees.on(rows).beats(left, right, n, wins);
    int degree = 0;
    for (boolean w : wins) {
      degree += w ? 1 : 0;
    }
    return degree / (double) n;
  }
}
