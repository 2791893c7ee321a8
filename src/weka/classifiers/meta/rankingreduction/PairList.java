/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

/**
 * A member's pairs as row numbers, in the order of the materialised pair
 * instances, for a learner trained from the rows on any pair list (sampled
 * pairs included): pair k is the instance of rows {@code first[k]} and
 * {@code second[k]} side by side, of class value index {@code label[k]} and
 * weight 1 ({@link PairTraining#pairList}).
 */
public final class PairList {

  /** Row number of each pair's first (left) side. */
  public final int[] first;
  /** Row number of each pair's second side. */
  public final int[] second;
  /** The materialised pair instance's class value index: 1 when the first row ranks higher. */
  public final int[] label;

  /**
   * The pairs as {@link Pairs} holds them, labels as indices.
   *
   * @param pairs the member's pairs
   */
  PairList(Pairs pairs) {
    first = pairs.left;
    second = pairs.right;
    label = new int[pairs.size()];
    for (int k = 0; k < label.length; k++) {
      label[k] = (int) pairs.label[k];
    }
  }

  /**
   * Number of pairs.
   *
   * @return the count
   */
  public int size() {
    return label.length;
  }
}
