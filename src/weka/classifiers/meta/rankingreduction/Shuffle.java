/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Random;

/**
 * Fisher-Yates shuffles of row numbers, the one place the method draws an
 * order at random.
 *
 * <p>Two draws, each kept as the stored results were made with it: a whole
 * permutation, filled from the last position down (the reference sample and
 * the random tie order), and a uniform subset of given size, filled from the
 * first position up (the pairs of {@code -P p}). Both ask the generator for
 * {@code nextInt(n)}, {@code nextInt(n - 1)}, ... in turn; they differ in
 * which end of the array the drawn element is put.
 */
public final class Shuffle {

  private Shuffle() {
  }

  /**
   * 0..n-1 in an order drawn from the generator (every order equally likely).
   *
   * @param n the number of values
   * @param random the generator
   * @return the permutation
   */
  public static int[] permutation(int n, Random random) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int j = n - 1; j > 0; j--) {
      swap(order, j, random.nextInt(j + 1));
    }
    return order;
  }

  /**
   * Moves a uniform random subset of {@code take} of the values to the front
   * of the array (in drawn order); the rest of the array keeps what is left.
   * The array's current order, from earlier draws, does not bias the subset.
   *
   * @param values the values, reordered in place
   * @param take the size of the subset
   * @param random the generator
   */
  public static void drawToFront(int[] values, int take, Random random) {
    for (int j = 0; j < take; j++) {
      drawInto(values, j, random);
    }
  }

  /**
   * One step of {@link #drawToFront}: the value for position j, drawn from
   * those at j and after ({@code nextInt(n - j)}), swapped into its place.
   * For a caller that draws a few values for each of many rows in one loop.
   *
   * @param values the values, reordered in place
   * @param j the position to fill, after those already drawn
   * @param random the generator
   * @return the value drawn, now at j
   */
  static int drawInto(int[] values, int j, Random random) {
    int k = j + random.nextInt(values.length - j);
    int drawn = values[k];
    values[k] = values[j];
    values[j] = drawn;
    return drawn;
  }

  private static void swap(int[] values, int i, int j) {
    int swap = values[i];
    values[i] = values[j];
    values[j] = swap;
  }
}
