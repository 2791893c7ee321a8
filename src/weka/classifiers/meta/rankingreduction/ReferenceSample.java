/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.io.Serializable;
import java.util.Random;

/**
 * Training rows kept with the model to score a single instance: its degree
 * against them, the share of the kept rows it beats as first element; and
 * the kept rows' own degrees against them, each as a new instance equal to it
 * gets, where the threshold on that degree is learned.
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
    int block = block();
    for (int from = 0; from < batch.length; from += block) {
      int count = Math.min(block, batch.length - from);
      double[][] rows = new double[n + count][];
      System.arraycopy(m_Rows, 0, rows, 0, n);
      System.arraycopy(batch, from, rows, n, count);
      shares(committees.on(rows), n, count, out, from);
    }
    return out;
  }

  /**
   * Each kept row's degree as a new instance equal to it gets: its share of
   * the kept rows it beats as first element, itself among them, as a new
   * instance meets its equal there. These are the degrees that new
   * instances' degrees are compared with, on the same committee, to learn
   * where to cut them, so a kept row scored alone falls on the side of the
   * cut that learning put it on. Left out, a row of a tie block (rows the
   * members cannot tell apart, each beating the others) had a degree below
   * the one it gets scored alone, and the whole block could pass a cut learned
   * just above it. At least two rows must be kept.
   *
   * @param committees the committee over a set of rows
   * @return the degrees, in [0, 1], in the kept rows' order
   * @throws Exception if a member cannot classify a pair
   */
  public double[] ownDegrees(Committee.Factory committees) throws Exception {
    int n = m_Rows.length;
    double[] out = new double[n];
    Committee committee = committees.on(m_Rows);
    int block = block();
    for (int from = 0; from < n; from += block) {
      shares(committee, from, Math.min(block, n - from), out, from);
    }
    return out;
  }

  /** Rows asked at once against every kept row: PAIRS_AT_ONCE pairs, at least one row. */
  private int block() {
    return Math.max(1, PAIRS_AT_ONCE / Math.max(m_Rows.length, 1));
  }

  /**
   * The shares of the kept rows (the committee's rows 0 to n - 1) that its
   * rows first to first + count - 1 beat, each as first element, into out
   * from {@code at}.
   */
  private void shares(Committee committee, int first, int count, double[] out, int at)
      throws Exception {
    int n = m_Rows.length;
    int[] left = new int[count * n];
    int[] right = new int[count * n];
    for (int i = 0; i < count; i++) {
      for (int k = 0; k < n; k++) {
        left[i * n + k] = first + i;
        right[i * n + k] = k;
      }
    }
    boolean[] wins = new boolean[count * n];
    committee.beats(left, right, count * n, wins);
    for (int i = 0; i < count; i++) {
      int degree = 0;
      for (int k = 0; k < n; k++) {
        degree += wins[i * n + k] ? 1 : 0;
      }
      out[at + i] = degree / (double) n;
    }
  }
}
