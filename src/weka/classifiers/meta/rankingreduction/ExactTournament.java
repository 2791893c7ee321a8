/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

/**
 * The tournament's degrees computed without asking the committee every pair
 * ({@link Committee#exactTournament}), equal to {@link Rankers#tournament}'s.
 */
public interface ExactTournament {

  /**
   * Balcan et al.'s degree of each of the rows (indices into the rows the
   * form was built on), as {@link Rankers#tournament}: the share of the
   * others that x beats, as first element or in both orders.
   *
   * @param rows the rows to rank among themselves
   * @param exact the committee on the same rows, by position in {@code rows},
   *        for the pairs the form leaves to it
   * @param bothOrders count each ordered pair for both its rows
   * @return the scores, and the comparisons {@code exact} was asked
   * @throws Exception if the committee cannot answer a pair it is asked
   */
  Rankers.Ranking tournament(int[] rows, PairComparator exact, boolean bothOrders)
      throws Exception;

  /**
   * Balcan et al.'s degree of each of the rows as first element
   * ({@code -first-element}).
   *
   * @param rows the rows to rank among themselves
   * @param exact the committee on the same rows, for the pairs the form leaves to it
   * @return the scores, and the comparisons {@code exact} was asked
   * @throws Exception if the committee cannot answer a pair it is asked
   */
  default Rankers.Ranking tournament(int[] rows, PairComparator exact) throws Exception {
    return tournament(rows, exact, false);
  }
}
