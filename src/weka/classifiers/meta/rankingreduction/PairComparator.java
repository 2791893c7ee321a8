/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

/** c(x, x'): whether x beats x', asked for a batch of pairs of row numbers. */
public interface PairComparator {

  /**
   * @param left first element of each pair
   * @param right second element of each pair
   * @param count how many of the arrays' leading entries to answer
   * @param out receives, per pair, whether left beats right
   * @throws Exception if a pair cannot be answered
   */
  void beats(int[] left, int[] right, int count, boolean[] out) throws Exception;
}
