/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import weka.core.Tag;

/**
 * A batch of rows ranked as a whole by one of the pairwise rankers, or
 * within each of its groups (queries) on its own.
 *
 * <p>The groups are ranked in order of first appearance, drawing from one
 * generator, so that QuickSort's pivots do not depend on anything but the
 * batch and the seed.
 */
public final class BatchRanking {

  /** Ranker: Balcan et al.'s degree. */
  public static final int TOURNAMENT = 0;
  /** Ranker: the monograph's Algorithm 4 as printed. */
  public static final int AS_PRINTED = 1;
  /** Ranker: Ailon and Mohri's randomized QuickSort. */
  public static final int QUICKSORT = 2;
  /** Ranker: the base learner alone, trained on the instances themselves (no batch ranking). */
  public static final int POINTWISE = 3;

  /** The rankers by id, as {@code -R} names them and the GUI lists them. */
  public static final Tag[] RANKERS = {
    new Tag(TOURNAMENT, "tournament", "tournament (degree)", false),
    new Tag(AS_PRINTED, "tournament-as-printed", "tournament as printed (Algorithm 4)", false),
    new Tag(QUICKSORT, "quicksort", "randomized QuickSort", false),
    new Tag(POINTWISE, "pointwise", "pointwise (the base learner alone)", false),
  };

  private BatchRanking() {
  }

  /**
   * The batch's scores, in [0, 1] within each group, the higher first.
   *
   * @param ranker {@link #TOURNAMENT}, {@link #AS_PRINTED} or {@link #QUICKSORT}
   * @param bothOrders whether a tournament counts each ordered pair for both
   *     its rows ({@link Rankers#tournament})
   * @param committee the committee's vote on pairs of the batch's rows
   * @param exact an exact form of the committee's tournament, or null (tournament only)
   * @param groups each row's group, or null for one group
   * @param n the number of rows
   * @param seed QuickSort's seed
   * @return the scores and the comparator answers they took
   * @throws Exception if a member cannot classify a pair
   * @throws OptionException naming -R and the choices, for another ranker
   */
  public static Rankers.Ranking rank(int ranker, boolean bothOrders, PairComparator committee,
      ExactTournament exact, double[] groups, int n, int seed) throws Exception {
    if (ranker != TOURNAMENT && ranker != AS_PRINTED && ranker != QUICKSORT) {
      throw new OptionException("-R", ranker >= 0 && ranker < RANKERS.length
          ? RANKERS[ranker].getIDStr() : "" + ranker, "ranks no batch by pairs: "
          + "must be one of tournament, tournament-as-printed, quicksort");
    }
    Random random = new Random(seed);
    if (groups == null) {
      return rankRows(ranker, bothOrders, Rankers.identity(n), committee, random, exact);
    }
    Map<Double, List<Integer>> byGroup = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      byGroup.computeIfAbsent(groups[i], k -> new ArrayList<>()).add(i);
    }
    double[] scores = new double[n];
    long comparisons = 0;
    for (List<Integer> members : byGroup.values()) {
      int[] rows = members.stream().mapToInt(Integer::intValue).toArray();
      Rankers.Ranking ranking = rankRows(ranker, bothOrders, rows, committee, random, exact);
      for (int j = 0; j < rows.length; j++) {
        scores[rows[j]] = ranking.scores[j];
      }
      comparisons += ranking.comparisons;
    }
    return new Rankers.Ranking(scores, comparisons);
  }

  private static Rankers.Ranking rankRows(int ranker, boolean bothOrders, int[] rows,
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
    if (ranker == QUICKSORT) {
      return Rankers.quicksort(rows.length, within, random);
    }
    if (ranker == AS_PRINTED) {
      return Rankers.asPrinted(rows.length, within);
    }
    return exact != null
        ? exact.tournament(rows, within, bothOrders)
        : Rankers.tournament(rows.length, within, bothOrders);
  }
}
