/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
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
    return build(new Partners(grades, groups), perInstance, random, higherFirstOnly);
  }

  /**
   * The pairs of one committee member, each row's partners found once for
   * all members ({@link Partners}).
   *
   * @param partners the rows each row may be paired with
   * @param perInstance pairs per instance, 0 for all
   * @param random the member's generator (unused for all pairs)
   * @param higherFirstOnly keep only the pairs whose first element has the higher grade
   * @return the pairs
   */
  static Pairs build(Partners partners, int perInstance, Random random,
      boolean higherFirstOnly) {
    long total = count(partners, perInstance, higherFirstOnly);
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(total + " pairs are more than one Java array holds");
    }
    int[] left = new int[(int) total];
    int[] right = new int[(int) total];
    double[] label = new double[(int) total];
    int[] k = {0};
    draw(partners, perInstance, random, higherFirstOnly, true, (a, b, higher) -> {
      left[k[0]] = a;
      right[k[0]] = b;
      label[k[0]++] = higher;
    });
    return k[0] == total ? new Pairs(left, right, label)
        : new Pairs(Arrays.copyOf(left, k[0]), Arrays.copyOf(right, k[0]),
            Arrays.copyOf(label, k[0]));
  }

  /**
   * How many of one member's pairs hold each row on each side, by label:
   * the pairs {@link #build} makes from the same generator, counted without
   * being made (a learner whose statistics are sums over each side's rows
   * needs no more).
   *
   * @param grades each row's grade
   * @param groups each row's group, or null for one group
   * @param perInstance pairs per instance, 0 for all
   * @param random the member's generator (unused for all pairs)
   * @param higherFirstOnly keep only the pairs whose first element has the higher grade
   * @return [side: 0 first, 1 second][label][row]
   */
  public static int[][][] multiplicities(double[] grades, int[] groups, int perInstance,
      Random random, boolean higherFirstOnly) {
    return multiplicities(new Partners(grades, groups), perInstance, random, higherFirstOnly);
  }

  /**
   * How many of one member's pairs hold each row on each side, by label,
   * each row's partners found once for all members ({@link Partners}).
   *
   * @param partners the rows each row may be paired with
   * @param perInstance pairs per instance, 0 for all
   * @param random the member's generator (unused for all pairs)
   * @param higherFirstOnly keep only the pairs whose first element has the higher grade
   * @return [side: 0 first, 1 second][label][row]
   */
  static int[][][] multiplicities(Partners partners, int perInstance, Random random,
      boolean higherFirstOnly) {
    int rows = partners.m_Grades.length;
    int[][][] times = new int[2][2][rows];
    int[][] first = times[0];
    int[][] second = times[1];
    draw(partners, perInstance, random, higherFirstOnly, false, (a, b, higher) -> {
      first[higher][a]++;
      second[higher][b]++;
    });
    return times;
  }

  /** Where {@link #draw} puts each pair. */
  private interface PairSink {
    /**
     * One pair, in the pairs' order.
     *
     * @param a its first row
     * @param b its second row
     * @param higher 1 when a's grade is the higher, else 0 (its label)
     */
    void pair(int a, int b, int higher);
  }

  /**
   * Draws one member's pairs in their order: rows take their turn as first
   * element, each paired with its partners or {@code perInstance} of them
   * drawn without replacement, kept in data order. The one sequence of draws
   * every member's pairs come from, made or counted.
   *
   * <p>Rows of one kind (group and grade) that take their turns one after
   * another (in a task without groups, a grade's rows) are a run: their
   * partners come from one array, as many a row, with one label where no
   * pair's differs. Counted, a run's draws are one loop, a draw an
   * iteration, not a loop of a row's few draws (the default's two) in a loop
   * of rows, which the JIT compiles to more than twice the time a draw; made,
   * a row's drawn partners are sorted before they are given, row by row.
   *
   * @param sorted whether a row's drawn partners are given in data order
   *     (the pairs' order), else as drawn (for a sink that only counts)
   */
  private static void draw(Partners partners, int perInstance, Random random,
      boolean higherFirstOnly, boolean sorted, PairSink sink) {
    double[] grades = partners.m_Grades;
    int[] order = partners.m_FirstOrder;
    int[][] working = new int[partners.m_Others.length][]; // a kind's partners as drawn so far
    int[] chosen = new int[perInstance];
    int end;
    for (int run = 0; run < order.length; run = end) {
      int kind = partners.m_Kind[order[run]];
      end = run + 1;
      while (end < order.length && partners.m_Kind[order[end]] == kind) {
        end++;
      }
      if (higherFirstOnly && grades[order[run]] <= partners.m_Lowest[kind]) {
        continue;
      }
      // The run's pairs' one label, or -1 where a pair's grades decide it (and whether it is kept).
      int label = higherFirstOnly && partners.m_Label[kind] == 0 ? -1 : partners.m_Label[kind];
      int[] inDataOrder = partners.m_Others[kind];
      int take = perInstance == 0 ? inDataOrder.length
          : Math.min(perInstance, inDataOrder.length);
      if (take == inDataOrder.length) {
        for (int turn = run; turn < end; turn++) {
          pairs(order[turn], inDataOrder, take, label, grades, higherFirstOnly, sink);
        }
        continue;
      }
      if (working[kind] == null) {
        working[kind] = inDataOrder.clone();
      }
      int[] drawn = working[kind];
      if (sorted) { // sorted, a drawn subset keeps data order
        for (int turn = run; turn < end; turn++) {
          Shuffle.drawToFront(drawn, take, random);
          sortedFront(drawn, take, chosen);
          pairs(order[turn], chosen, take, label, grades, higherFirstOnly, sink);
        }
        continue;
      }
      int turn = run;
      int j = 0;
      for (long draws = (long) (end - run) * take; draws > 0; draws--) {
        pair(order[turn], Shuffle.drawInto(drawn, j, random), label, grades, higherFirstOnly,
            sink);
        if (++j == take) {
          turn++;
          j = 0;
        }
      }
    }
  }

  /** A row's pairs with the first {@code take} of its partners, in their order ({@link #pair}). */
  private static void pairs(int a, int[] others, int take, int label, double[] grades,
      boolean higherFirstOnly, PairSink sink) {
    for (int i = 0; i < take; i++) {
      pair(a, others[i], label, grades, higherFirstOnly, sink);
    }
  }

  /**
   * The pair (a, b) to the sink, with its label: the run's, or from the
   * grades (and the pair left out when only pairs whose first element has
   * the higher grade are kept and b's is higher).
   */
  private static void pair(int a, int b, int label, double[] grades, boolean higherFirstOnly,
      PairSink sink) {
    if (label >= 0) {
      sink.pair(a, b, label);
    } else if (!(higherFirstOnly && grades[a] < grades[b])) {
      sink.pair(a, b, grades[a] > grades[b] ? 1 : 0);
    }
  }

  /**
   * Copies the first values of an array into another in ascending order: by
   * insertion when they are a few (the default's two), where a general sort
   * costs more than the values.
   */
  private static void sortedFront(int[] values, int take, int[] into) {
    if (take > 8) {
      System.arraycopy(values, 0, into, 0, take);
      Arrays.sort(into, 0, take);
      return;
    }
    for (int i = 0; i < take; i++) {
      int value = values[i];
      int at = i;
      for (; at > 0 && into[at - 1] > value; at--) {
        into[at] = into[at - 1];
      }
      into[at] = value;
    }
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
    return count(new Partners(grades, groups), perInstance, higherFirstOnly);
  }

  /**
   * How many pairs {@link #build} makes of these partners, without making them.
   *
   * @param partners the rows each row may be paired with
   * @param perInstance pairs per instance, 0 for all
   * @param higherFirstOnly keep only the pairs whose first element has the higher grade
   * @return the count
   */
  static long count(Partners partners, int perInstance, boolean higherFirstOnly) {
    long total = 0;
    for (int a = 0; a < partners.m_Grades.length; a++) {
      if (higherFirstOnly && partners.m_Grades[a] <= partners.lowest(a)) {
        continue;
      }
      int others = partners.m_Others[partners.m_Kind[a]].length;
      total += perInstance == 0 ? others : Math.min(perInstance, others);
    }
    return total;
  }

  /**
   * The rows each row may be paired with (same group, another grade, in data
   * order) and the order rows take their turn as first element: the same
   * for every member of a training, so found once
   * ({@code PairTraining.partners}) and only read by {@link #build}.
   */
  static final class Partners {
    private final double[] m_Grades;
    /** Rows by decreasing grade, then in data order. */
    private final int[] m_FirstOrder;
    /** Each row's kind: its group and grade, numbered in order of first appearance. */
    private final int[] m_Kind;
    /** Each kind's partners: the rows of its group of another grade, in data order. */
    private final int[][] m_Others;
    /** Each kind's group's lowest grade. */
    private final double[] m_Lowest;
    /** The label of every pair of a kind's rows, or -1 where they differ ({@link #sharedLabel}). */
    private final int[] m_Label;

    /**
     * @param grades each row's grade
     * @param groups each row's group, or null for one group
     */
    Partners(double[] grades, int[] groups) {
      m_Grades = grades;
      // The distinct grades in Double.compare's order (every NaN one grade, as all print "NaN").
      double[] distinct = grades.clone();
      Arrays.sort(distinct);
      int count = 0;
      for (int i = 0; i < distinct.length; i++) {
        if (count == 0 || Double.compare(distinct[i], distinct[count - 1]) != 0) {
          distinct[count++] = distinct[i];
        }
      }
      distinct = Arrays.copyOf(distinct, count);
      int[] gradeOf = new int[grades.length];
      for (int i = 0; i < grades.length; i++) {
        gradeOf[i] = Arrays.binarySearch(distinct, grades[i]);
      }
      m_FirstOrder = byDecreasingGrade(gradeOf, count);
      if (groups == null) { // one group: a kind is a grade
        m_Kind = gradeOf;
        int[] rows = new int[grades.length];
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < rows.length; i++) {
          rows[i] = i;
          lowest = Math.min(lowest, grades[i]);
        }
        m_Others = new int[count][];
        m_Lowest = new double[count];
        m_Label = new int[count];
        for (int kind = 0; kind < count; kind++) {
          m_Others[kind] = others(rows, grades, distinct[kind]);
          m_Lowest[kind] = lowest;
          m_Label[kind] = sharedLabel(m_Others[kind], grades, distinct[kind]);
        }
        return;
      }
      m_Kind = new int[grades.length];
      // A kind: a group and a grade.
      Map<Integer, Map<Integer, Integer>> kinds = new HashMap<>();
      Map<Integer, List<Integer>> groupRows = new HashMap<>();
      List<Integer> kindGroup = new ArrayList<>();
      for (int i = 0; i < grades.length; i++) {
        int group = groups[i];
        int kind = kinds.computeIfAbsent(group, g -> new HashMap<>())
            .computeIfAbsent(gradeOf[i], grade -> kindGroup.size());
        if (kind == kindGroup.size()) {
          kindGroup.add(group);
        }
        m_Kind[i] = kind;
        groupRows.computeIfAbsent(group, g -> new ArrayList<>()).add(i);
      }
      m_Others = new int[kindGroup.size()][];
      m_Lowest = new double[kindGroup.size()];
      m_Label = new int[kindGroup.size()];
      for (int kind = 0; kind < m_Others.length; kind++) {
        int[] rows = groupRows.get(kindGroup.get(kind)).stream().mapToInt(Integer::intValue)
            .toArray();
        double grade = Double.NaN;
        double lowest = Double.POSITIVE_INFINITY;
        for (int row : rows) {
          if (m_Kind[row] == kind) {
            grade = grades[row];
          }
          lowest = Math.min(lowest, grades[row]);
        }
        m_Others[kind] = others(rows, grades, grade);
        m_Lowest[kind] = lowest;
        m_Label[kind] = sharedLabel(m_Others[kind], grades, grade);
      }
    }

    /** The rows, in their order, whose grade differs from one ({@code !=}, as a pair's must). */
    private static int[] others(int[] rows, double[] grades, double own) {
      int[] out = new int[rows.length];
      int count = 0;
      for (int row : rows) {
        if (grades[row] != own) {
          out[count++] = row;
        }
      }
      return Arrays.copyOf(out, count);
    }

    /**
     * The label of every pair of a row of this grade and one of its
     * partners, where all are the same: 1 when each partner's grade is lower,
     * 0 when none is ({@code >}, as a pair's label is made); else -1.
     */
    private static int sharedLabel(int[] others, double[] grades, double own) {
      int lower = 0;
      for (int row : others) {
        if (own > grades[row]) {
          lower++;
        }
      }
      return lower == others.length ? 1 : lower == 0 ? 0 : -1;
    }

    /**
     * Rows by decreasing grade, then in data order: a stable counting sort of
     * the rows by their grade's place among the distinct grades, ascending.
     */
    private static int[] byDecreasingGrade(int[] gradeOf, int distinct) {
      int[] start = new int[distinct + 1];
      for (int grade : gradeOf) {
        start[distinct - 1 - grade + 1]++;
      }
      for (int place = 0; place < distinct; place++) {
        start[place + 1] += start[place];
      }
      int[] order = new int[gradeOf.length];
      for (int row = 0; row < gradeOf.length; row++) {
        order[start[distinct - 1 - gradeOf[row]]++] = row;
      }
      return order;
    }

    /** The lowest grade of a row's group. */
    private double lowest(int row) {
      return m_Lowest[m_Kind[row]];
    }
  }
}
