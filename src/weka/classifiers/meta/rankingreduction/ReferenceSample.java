/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.io.Serializable;
import java.util.Random;

/**
 * Training rows kept with the model to score a single instance: its degree
 * against them, from its pairs with each kept row in both orders (the pairs
 * it wins as first element and those the kept row does not win as first
 * element, over twice the kept rows); and the kept rows' own degrees against
 * them, each as a new instance equal to it gets, where the threshold on that
 * degree is learned.
 *
 * <p>Both orders, where 0.8.0 and earlier counted the first only: where the
 * members decide a pair by its second row alone (trees that learned the
 * training rows), every instance wins the same pairs as first element and its
 * first-order degree carries nothing, while the pairs it is second in still
 * tell instances apart. On 13 held-out
 * data sets, 5 splits each, the held-out rows' AUC scored alone rose on 11,
 * fell on 1 (by 0.0005), by +0.036 on average (hypothyroid 0.774 to 0.993),
 * under a rule recorded before the run ({@code docs/single-instance/}). A
 * sample read from a model file of 0.8.0 or earlier keeps the first order,
 * which its threshold was learned on.
 */
public final class ReferenceSample implements Serializable {

  private static final long serialVersionUID = 2931176052081390417L;

  /**
   * Pairs asked of the committee at once when scoring many rows (13 bytes
   * each while asked): a kept row's pairs with as many rows as fit, which its
   * flattened trees answer with the kept row given once (1,000 rows of the
   * default: 35 ms at 2^18, 55 ms at 2^16).
   */
  private static final int PAIRS_AT_ONCE = 1 << 18;

  private final double[][] m_Rows;

  /** Whether a degree counts both orders of a pair (false in files of 0.8.0 and before). */
  private final boolean m_BothOrders;

  private ReferenceSample(double[][] rows) {
    m_Rows = rows;
    m_BothOrders = true;
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
   * A row's degree against the kept rows (see the class's comment).
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
   * Each row's degree against the kept rows (see the class's comment): a
   * row's degree depends on it and the kept rows only, not on the other rows
   * given. The rows are asked a block at a time, so that the pairs asked at
   * once stay few whatever the number of rows.
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
   * Each kept row's degree as a new instance equal to it gets: against every
   * kept row, itself among them, as a new instance meets its equal there.
   * These are the degrees that new instances' degrees are compared with, on
   * the same committee, to learn where to cut them, so a kept row scored alone
   * falls on the side of the cut that learning put it on. Left out, a row of
   * a tie block (rows the members cannot tell apart, each beating the others)
   * had a degree below the one it gets scored alone, and the whole block
   * could pass a cut learned just above it. Each ordered pair of kept rows
   * is asked once (n x n pairs). At least two rows must be kept.
   *
   * @param committees the committee over a set of rows
   * @return the degrees, in [0, 1], in the kept rows' order
   * @throws Exception if a member cannot classify a pair
   */
  public double[] ownDegrees(Committee.Factory committees) throws Exception {
    int n = m_Rows.length;
    Committee committee = committees.on(m_Rows);
    // Each ordered pair of kept rows is asked once: (i, k) is row i's pair as
    // first element and row k's as second, so its answer counts for both.
    int[] wonFirst = new int[n];
    int[] lostSecond = new int[n];
    int block = Math.max(1, PAIRS_AT_ONCE / n);
    for (int from = 0; from < n; from += block) {
      int count = Math.min(block, n - from);
      int[] left = new int[count * n];
      int[] right = new int[count * n];
      for (int k = 0, p = 0; k < n; k++) {
        for (int i = 0; i < count; i++, p++) {
          left[p] = from + i;
          right[p] = k;
        }
      }
      boolean[] wins = new boolean[count * n];
      committee.beats(left, right, count * n, wins);
      for (int p = 0; p < count * n; p++) {
        if (wins[p]) {
          wonFirst[left[p]]++;
          lostSecond[right[p]]++;
        }
      }
    }
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = m_BothOrders ? (wonFirst[i] + n - lostSecond[i]) / (2.0 * n)
          : wonFirst[i] / (double) n;
    }
    return out;
  }

  /**
   * Whether a degree counts both orders of each pair, or the pairs as first
   * element only (a sample read from a model file of 0.8.0 or before).
   *
   * @return true for both orders
   */
  public boolean bothOrders() {
    return m_BothOrders;
  }

  /** Rows asked at once against every kept row: PAIRS_AT_ONCE pairs, at least one row. */
  private int block() {
    return Math.max(1, PAIRS_AT_ONCE / Math.max(orders() * m_Rows.length, 1));
  }

  /** The pairs a row is asked with each kept row: 2, or 1 in an earlier file. */
  private int orders() {
    return m_BothOrders ? 2 : 1;
  }

  /**
   * The degrees of the committee's rows first to first + count - 1 against
   * the kept rows (its rows 0 to n - 1), into out from {@code at}: their
   * pairs with the kept rows as first element, then (both orders) as second,
   * a kept row's pairs with every row together, so that the committee's
   * flattened trees take the kept row as given once for all of them.
   */
  private void shares(Committee committee, int first, int count, double[] out, int at)
      throws Exception {
    int n = m_Rows.length;
    int orders = orders();
    int asked = orders * n * count;
    int[] left = new int[asked];
    int[] right = new int[asked];
    for (int order = 0, p = 0; order < orders; order++) {
      for (int k = 0; k < n; k++) {
        for (int i = 0; i < count; i++, p++) {
          left[p] = order == 0 ? first + i : k;
          right[p] = order == 0 ? k : first + i;
        }
      }
    }
    boolean[] wins = new boolean[asked];
    committee.beats(left, right, asked, wins);
    int[] degrees = new int[count];
    for (int order = 0, p = 0; order < orders; order++) {
      for (int k = 0; k < n; k++) {
        for (int i = 0; i < count; i++, p++) {
          degrees[i] += wins[p] == (order == 0) ? 1 : 0;
        }
      }
    }
    for (int i = 0; i < count; i++) {
      out[at + i] = degrees[i] / (double) (orders * n);
    }
  }
}
