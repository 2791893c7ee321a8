/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * AUC-Train pairing (Balcan et al., Algorithm 1) and the monograph's sampling
 * (Algorithm 3) as arrays of row indices.
 *
 * <p>Each row has a grade (for a binary task, 1 for the class that ranks
 * first and 0 for the other) and, for query-grouped data, a group. A pair
 * (a, b) joins two rows of one group with different grades; its label is 1
 * when a's grade is the higher. Rows take their turn as first element by
 * decreasing grade, then in data order, and each is paired with the rows of
 * its group of another grade, in data order: every such row ({@code p = 0},
 * "all"), or p of them drawn without replacement (all if fewer). For a binary
 * task that is S1 x S0 then S0 x S1, both orders of every mixed pair, in two
 * blocks; {@link #interleaved} puts each pair's mirror right after it instead,
 * the order the monograph's combining function makes.
 */
public final class Pairs {

  /** First element of each pair. */
  public final int[] left;
  /** Second element of each pair. */
  public final int[] right;
  /** 1 when the first element has the higher grade, else 0. */
  public final double[] label;

  private Pairs(int[] left, int[] right, double[] label) {
    this.left = left;
    this.right = right;
    this.label = label;
  }

  /** Pair order: as built, all of S1 x S0 then all of S0 x S1 (binary, all pairs). */
  public static final int BLOCKS = 0;
  /** Pair order: each (alpha, beta) followed by (beta, alpha). */
  public static final int INTERLEAVED = 1;

  /** The orders' names, by order, as {@code -pair-order} names them. */
  public static final String[] ORDERS = {"blocks", "interleaved"};

  /**
   * The same pairs in the monograph's interleaved order: each pair whose first
   * element has the higher grade, in this order, followed by its mirror. For
   * every pair of different grades in both orders (all pairs, not one order)
   * that is a reordering of these pairs; for a binary task, (a, b) and (b, a)
   * for a in S1 and b in S0, each in data order.
   *
   * @return the reordered pairs
   * @throws IllegalStateException when the pairs are not closed under mirroring
   *     (sampled or one-order pairs)
   */
  public Pairs interleaved() {
    int n = size();
    int[] l = new int[n];
    int[] r = new int[n];
    double[] y = new double[n];
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (label[i] == 1) {
        if (k + 2 > n) {
          throw new IllegalStateException("only all pairs in both orders can be interleaved");
        }
        l[k] = left[i];
        r[k] = right[i];
        y[k++] = 1;
        l[k] = right[i];
        r[k] = left[i];
        y[k++] = 0;
      }
    }
    if (k != n) {
      throw new IllegalStateException("only all pairs in both orders can be interleaved");
    }
    return new Pairs(l, r, y);
  }

  /**
   * Number of pairs.
   *
   * @return the count
   */
  public int size() {
    return left.length;
  }

  /**
   * The pairs of one committee member.
   *
   * @param grades each row's grade
   * @param groups each row's group, or null for one group
   * @param perInstance pairs per instance, 0 for all
   * @param random the member's generator (unused for all pairs)
   * @param higherFirstOnly keep only the pairs whose first element has the higher grade
   * @return the pairs
   */
  public static Pairs build(double[] grades, int[] groups, int perInstance, Random random,
      boolean higherFirstOnly) {
    Candidates candidates = new Candidates(grades, groups);
    int[] firsts = candidates.firstOrder();
    long total = count(candidates, grades, perInstance, higherFirstOnly);
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(total + " pairs are more than one Java array holds");
    }
    int[] left = new int[(int) total];
    int[] right = new int[(int) total];
    double[] label = new double[(int) total];
    int k = 0;
    for (int a : firsts) {
      if (higherFirstOnly && grades[a] <= candidates.lowest(a)) {
        continue;
      }
      int[] others = candidates.of(a);
      int take = perInstance == 0 ? others.length : Math.min(perInstance, others.length);
      if (take < others.length) {
        // Sorted, a drawn subset keeps data order.
        Shuffle.drawToFront(others, take, random);
        int[] chosen = Arrays.copyOf(others, take);
        Arrays.sort(chosen);
        for (int b : chosen) {
          if (higherFirstOnly && grades[a] < grades[b]) {
            continue;
          }
          left[k] = a;
          right[k] = b;
          label[k++] = grades[a] > grades[b] ? 1 : 0;
        }
      } else {
        for (int b : candidates.inDataOrder(a)) {
          if (higherFirstOnly && grades[a] < grades[b]) {
            continue;
          }
          left[k] = a;
          right[k] = b;
          label[k++] = grades[a] > grades[b] ? 1 : 0;
        }
      }
    }
    return new Pairs(Arrays.copyOf(left, k), Arrays.copyOf(right, k), Arrays.copyOf(label, k));
  }

  /**
   * How many pairs {@link #build} makes, without making them.
   *
   * @param grades each row's grade
   * @param groups each row's group, or null for one group
   * @param perInstance pairs per instance, 0 for all
   * @param higherFirstOnly keep only the pairs whose first element has the higher grade
   * @return the count
   */
  public static long count(double[] grades, int[] groups, int perInstance,
      boolean higherFirstOnly) {
    return count(new Candidates(grades, groups), grades, perInstance, higherFirstOnly);
  }

  private static long count(Candidates candidates, double[] grades, int perInstance,
      boolean higherFirstOnly) {
    long total = 0;
    for (int a = 0; a < grades.length; a++) {
      if (higherFirstOnly && grades[a] <= candidates.lowest(a)) {
        continue;
      }
      int others = candidates.count(a);
      total += perInstance == 0 ? others : Math.min(perInstance, others);
    }
    return total;
  }

  /** The rows each row may be paired with: same group, another grade. */
  private static final class Candidates {
    private final double[] m_Grades;
    private final int[] m_Groups;
    private final Map<Integer, int[]> m_Members = new HashMap<>();
    private final Map<String, int[]> m_Sorted = new HashMap<>();
    private final Map<String, int[]> m_Working = new HashMap<>();
    private final Map<Integer, Double> m_Lowest = new HashMap<>();

    Candidates(double[] grades, int[] groups) {
      m_Grades = grades;
      m_Groups = groups;
      Map<Integer, Integer> sizes = new HashMap<>();
      for (int i = 0; i < grades.length; i++) {
        sizes.merge(group(i), 1, Integer::sum);
      }
      Map<Integer, Integer> filled = new HashMap<>();
      for (int i = 0; i < grades.length; i++) {
        int g = group(i);
        int[] members = m_Members.computeIfAbsent(g, key -> new int[sizes.get(key)]);
        int at = filled.merge(g, 1, Integer::sum) - 1;
        members[at] = i;
      }
    }

    private int group(int row) {
      return m_Groups == null ? 0 : m_Groups[row];
    }

    private String key(int row) {
      return group(row) + "/" + m_Grades[row];
    }

    int[] firstOrder() {
      return Rankers.order(m_Grades, null); // decreasing grade, then data order
    }

    int[] inDataOrder(int row) {
      return m_Sorted.computeIfAbsent(key(row), k -> {
        int[] members = m_Members.get(group(row));
        return Arrays.stream(members).filter(b -> m_Grades[b] != m_Grades[row]).toArray();
      });
    }

    int[] of(int row) {
      return m_Working.computeIfAbsent(key(row), k -> inDataOrder(row).clone());
    }

    double lowest(int row) {
      return m_Lowest.computeIfAbsent(group(row), g -> {
        double low = Double.POSITIVE_INFINITY;
        for (int b : m_Members.get(g)) {
          low = Math.min(low, m_Grades[b]);
        }
        return low;
      });
    }

    int count(int row) {
      return inDataOrder(row).length;
    }
  }
}
