/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import weka.classifiers.Classifier;
import weka.classifiers.functions.Logistic;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Utils;
import weka.filters.Filter;

/**
 * The exact tournament in O(n log n) for a single member whose pair model is
 * additive in its two halves: WEKA's {@link Logistic}, whose decision on the
 * pair (a, b) is the sign of v = c + f(a) + g(b) (f and g the coefficients of
 * the first and the second half, after Logistic's own filters). The degree
 * of a is then the number of b with g(b) < -c - f(a): sort g once and
 * binary-search each a.
 *
 * <p>Exact, not approximate: where v is within a rounding margin of 0 (its
 * terms summed in another order than Logistic sums them), the member itself
 * is asked, so every degree equals the brute-force tournament's.
 */
public final class AdditiveTournament {

  /** Relative margin within which the member decides a pair itself. */
  private static final double MARGIN = 1e-9;

  private final double[] m_Left;
  private final double[] m_Right;
  private final double[] m_Scale;
  private final double m_Bias;

  private AdditiveTournament(double[] left, double[] right, double[] scale, double bias) {
    m_Left = left;
    m_Right = right;
    m_Scale = scale;
    m_Bias = bias;
  }

  /**
   * The additive form of a committee of one Logistic member on these rows,
   * or null where it does not apply (several members, another learner).
   */
  public static AdditiveTournament of(Classifier[] members, Instances pairHeader,
      double[][] rows) throws Exception {
    if (members.length != 1 || members[0].getClass() != Logistic.class) {
      return null;
    }
    Logistic logistic = (Logistic) members[0];
    double[][] par = logistic.coefficients();
    if (par == null || par[0].length != 1) {
      return null; // not a two-class model
    }
    Filter[] filters = {
      (Filter) field(logistic, "m_ReplaceMissingValues"),
      (Filter) field(logistic, "m_AttFilter"),
      (Filter) field(logistic, "m_NominalToBinary")
    };
    int classIndex = (Integer) field(logistic, "m_ClassIndex");
    int n = rows.length;
    double[] left = new double[n];
    double[] right = new double[n];
    double[] scale = new double[n];
    PairInstance pair = new PairInstance(rows, 0, 0, Utils.missingValue(), 1.0);
    pair.setDataset(pairHeader);
    for (int r = 0; r < n; r++) {
      pair.setPair(r, r);
      Instance filtered = pair;
      for (Filter filter : filters) {
        filter.input(filtered);
        filtered = filter.output();
      }
      int j = 1;
      for (int k = 0; k < filtered.numAttributes(); k++) {
        if (k == classIndex) {
          continue;
        }
        double term = par[j++][0] * filtered.value(k);
        String name = filtered.attribute(k).name();
        if (name.startsWith("first_")) {
          left[r] += term;
        } else if (name.startsWith("second_")) {
          right[r] += term;
        } else {
          return null; // an attribute of neither half: not this pair layout
        }
        scale[r] += Math.abs(term);
      }
    }
    return new AdditiveTournament(left, right, scale, par[0][0]);
  }

  private static Object field(Object owner, String name) throws Exception {
    Field field = Logistic.class.getDeclaredField(name);
    field.setAccessible(true);
    return field.get(owner);
  }

  /**
   * Balcan et al.'s degree of each of the rows (indices into the rows this
   * form was built on), as {@link Rankers#tournament}: the share of the others
   * that x beats. {@code exact} decides the pairs within the margin; the
   * comparisons reported are the ones it was asked.
   */
  public Rankers.Ranking tournament(int[] rows, PairComparator exact) throws Exception {
    int n = rows.length;
    double[] sorted = new double[n];
    double rightScale = 0;
    for (int i = 0; i < n; i++) {
      rightScale = Math.max(rightScale, m_Scale[rows[i]]);
    }
    Integer[] byRight = new Integer[n];
    for (int i = 0; i < n; i++) {
      byRight[i] = i;
    }
    Arrays.sort(byRight, (x, y) -> Double.compare(m_Right[rows[x]], m_Right[rows[y]]));
    for (int i = 0; i < n; i++) {
      sorted[i] = m_Right[rows[byRight[i]]];
    }
    long[] degree = new long[n];
    List<int[]> doubtful = new ArrayList<>();
    for (int a = 0; a < n; a++) {
      double threshold = -m_Bias - m_Left[rows[a]];
      double margin = MARGIN * (m_Scale[rows[a]] + rightScale + Math.abs(m_Bias) + 1e-300);
      // Sure wins: v = c + f(a) + g(b) < 0 beyond the margin, i.e. g(b) below it.
      int below = lowerBound(sorted, threshold - margin);
      int upTo = upperBound(sorted, threshold + margin);
      degree[a] = below;
      double own = m_Right[rows[a]];
      if (own < threshold - margin) {
        degree[a]--; // a does not meet itself
      }
      for (int s = below; s < upTo; s++) {
        if (byRight[s] != a) {
          doubtful.add(new int[] {a, byRight[s]});
        }
      }
    }
    int count = doubtful.size();
    if (count > 0) {
      int[] left = new int[count];
      int[] right = new int[count];
      for (int k = 0; k < count; k++) {
        left[k] = doubtful.get(k)[0];
        right[k] = doubtful.get(k)[1];
      }
      boolean[] wins = new boolean[count];
      exact.beats(left, right, count, wins);
      for (int k = 0; k < count; k++) {
        if (wins[k]) {
          degree[left[k]]++;
        }
      }
    }
    double[] scores = new double[n];
    for (int i = 0; i < n; i++) {
      scores[i] = degree[i] / (double) Math.max(n - 1, 1);
    }
    return new Rankers.Ranking(scores, count);
  }

  /** The first index whose value is >= key. */
  private static int lowerBound(double[] sorted, double key) {
    int low = 0;
    int high = sorted.length;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (sorted[middle] < key) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  /** The first index whose value is > key. */
  private static int upperBound(double[] sorted, double key) {
    int low = 0;
    int high = sorted.length;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (sorted[middle] <= key) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }
}
