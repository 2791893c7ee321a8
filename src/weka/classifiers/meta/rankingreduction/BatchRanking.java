/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A batch of rows ranked as a whole by one of the pairwise rankers, or
 * within each of its groups (queries) on its own.
 *
 * <p>The groups are ranked in order of first appearance, drawing from one
 * generator, so that QuickSort's pivots do not depend on anything but the
 * batch and the seed.
 */
public final class BatchRanking {

  private BatchRanking() {
  }

  /**
   * The batch's scores, in [0, 1] within each group, the higher first.
   *
   * @param ranker tournament, tournament-as-printed or quicksort
   * @param committee the committee's vote on pairs of the batch's rows
   * @param exact an exact form of the committee's tournament, or null (tournament only)
   * @param groups each row's group, or null for one group
   * @param n the number of rows
   * @param seed QuickSort's seed
   * @return the scores and the comparator answers they took
   * @throws Exception if a member cannot classify a pair
   */
  public static Rankers.Ranking rank(String ranker, PairComparator committee,
      ExactTournament exact, double[] groups, int n, int seed) throws Exception {
    Random random = new Random(seed);
    if (groups == null) {
      return rankRows(ranker, Rankers.identity(n), committee, random, exact);
    }
    Map<Double, List<Integer>> byGroup = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      byGroup.computeIfAbsent(groups[i], k -> new ArrayList<>()).add(i);
    }
    double[] scores = new double[n];
    long comparisons = 0;
    for (List<Integer> members : byGroup.values()) {
      int[] rows = members.stream().mapToInt(Integer::intValue).toArray();
      Rankers.Ranking ranking = rankRows(ranker, rows, committee, random, exact);
      for (int j = 0; j < rows.length; j++) {
        scores[rows[j]] = ranking.scores[j];
      }
      comparisons += ranking.comparisons;
    }
    return new Rankers.Ranking(scores, comparisons);
  }

  private static Rankers.Ranking rankRows(String ranker, int[] rows,
      PairComparator committee, Random random, ExactTournament exact)
      throws Exception {
    PairComparator within = (left, right, count, out) -> {
      int[] l = new int[count];
      int[] r = new int[count];
      for (int k = 0; k < count; k++) {
        l[k] = rows[left[k]];
        r[k] = rows[right[k]];
      }
      committee.beats(l, r, count, out);
    };
    switch (ranker) {
      case "quicksort":
        return Rankers.quicksort(rows.length, within, random);
      case "tournament-as-printed":
        return Rankers.asPrinted(rows.length, within);
      default:
        return exact != null
            ? exact.tournament(rows, within)
            : Rankers.tournament(rows.length, within);
    }
  }
}
