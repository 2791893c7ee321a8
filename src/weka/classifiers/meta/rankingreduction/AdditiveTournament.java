/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import weka.classifiers.Classifier;
import weka.classifiers.bayes.NaiveBayes;
import weka.classifiers.functions.Logistic;
import weka.classifiers.functions.SMO;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Utils;
import weka.estimators.Estimator;
import weka.filters.Filter;

/**
 * The exact tournament in O(n log n) for a single member whose pair model is
 * additive in its two halves: WEKA's {@link Logistic}, whose decision on the
 * pair (a, b) is the sign of v = c + f(a) + g(b) (f and g the coefficients of
 * the first and the second half, after Logistic's own filters), and
 * {@link NaiveBayes}, whose log-odds are a sum over the attributes, and
 * {@link SMO} with a linear kernel. The degree
 * of a is then the number of b with g(b) &lt; -c - f(a): sort g once and
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
   * The additive form of a committee of one member on these rows, or null
   * where it does not apply (several members, another learner).
   *
   * @param members the committee
   * @param pairHeader the empty pair dataset it was trained on
   * @param layout the pairs' features
   * @param rows the feature values of the rows to compare
   * @return the form, or null
   * @throws Exception if a member's filters fail on a row
   */
  public static AdditiveTournament of(Classifier[] members, Instances pairHeader,
      PairFeatures layout, double[][] rows) throws Exception {
    return members.length == 1 ? ofMember(members[0], pairHeader, layout, rows) : null;
  }

  /**
   * The additive form of one member on these rows, or null for another
   * learner (and for NaiveBayes on differences, whose density of a - b is
   * not a sum of a term of a and a term of b, and where this WEKA lacks an
   * internal the form reads: {@link #internals}).
   *
   * @param member the member
   * @param pairHeader the empty pair dataset it was trained on
   * @param layout the pairs' features
   * @param rows the feature values of the rows to compare
   * @return the form, or null
   * @throws Exception if the member's filters fail on a row
   */
  public static AdditiveTournament ofMember(Classifier member, Instances pairHeader,
      PairFeatures layout, double[][] rows) throws Exception {
    WekaInternals.Path internals = internals(member.getClass());
    if (internals == null || internals.declined() != null) {
      return null;
    }
    if (member.getClass() == Logistic.class) {
      return logistic((Logistic) member, pairHeader, layout, rows);
    }
    if (member.getClass() == NaiveBayes.class) {
      return naiveBayes((NaiveBayes) member, pairHeader, layout, rows);
    }
    if (member.getClass() == SMO.class) {
      return linearSmo((SMO) member, pairHeader, layout, rows);
    }
    return null;
  }

  /**
   * The WEKA internals a learner's additive form reads, or null for a
   * learner that has none.
   *
   * @param learner the member's class
   * @return the path, or null
   */
  public static WekaInternals.Path internals(Class<?> learner) {
    if (learner == Logistic.class) {
      return WekaInternals.Path.LOGISTIC_ADDITIVE;
    }
    if (learner == NaiveBayes.class) {
      return WekaInternals.Path.NAIVE_BAYES_ADDITIVE;
    }
    return learner == SMO.class ? WekaInternals.Path.SMO_ADDITIVE : null;
  }

  /**
   * The member's answer on the pair (a, b) of rows when the form is sure of
   * it: 1 for "a beats b", 0 for not, -1 within the rounding margin (or for an
   * infinite term), where the member itself must be asked.
   *
   * @param a the first row
   * @param b the second row
   * @return 1, 0 or -1
   */
  public int sureAnswer(int a, int b) {
    double v = m_Bias + m_Left[a] + m_Right[b];
    double margin = MARGIN * (m_Scale[a] + m_Scale[b] + Math.abs(m_Bias) + 1e-300);
    if (v < -margin) {
      return 1;
    }
    return v > margin ? 0 : -1; // NaN and infinite margins fall through to -1
  }

  /**
   * SMO with a linear kernel (WEKA's default PolyKernel, exponent 1): class
   * 1 where w.x - b > 0 after SMO's filters; negated so that "beats" is
   * v < 0.
   */
  private static AdditiveTournament linearSmo(SMO smo, Instances pairHeader,
      PairFeatures layout, double[][] rows) throws Exception {
    if (!(Boolean) field(SMO.class, smo, "m_KernelIsLinear") || smo.getBuildCalibrationModels()) {
      return null;
    }
    Object machine = ((Object[][]) field(SMO.class, smo, "m_classifiers"))[0][1];
    Class<?> binary = machine.getClass();
    double[] weights = (double[]) field(binary, machine, "m_weights");
    double[] sparse = (double[]) field(binary, machine, "m_sparseWeights");
    int[] indices = (int[]) field(binary, machine, "m_sparseIndices");
    int classIndex = (Integer) field(SMO.class, smo, "m_classIndex");
    List<Filter> filters = new ArrayList<>();
    if (!smo.getChecksTurnedOff()) {
      filters.add((Filter) field(SMO.class, smo, "m_Missing"));
    }
    for (String name : new String[] {"m_NominalToBinary", "m_Filter"}) {
      Filter filter = (Filter) field(SMO.class, smo, name);
      if (filter != null) {
        filters.add(filter);
      }
    }
    if (rows.length == 0) {
      return empty(0, (Double) field(binary, machine, "m_b"));
    }
    // The weights by attribute of the filtered layout.
    PairInstance any = pairOf(rows, pairHeader, layout);
    double[] w = new double[through(any, filters, true).numAttributes()];
    if (sparse == null) {
      System.arraycopy(weights, 0, w, 0, Math.min(weights.length, w.length));
    } else {
      for (int p = 0; p < sparse.length; p++) {
        w[indices[p]] = sparse[p];
      }
    }
    return terms((Double) field(binary, machine, "m_b"), pairHeader, layout, rows,
        pair -> through(pair, filters, true), classIndex, // as SMO filters
        (filtered, k) -> -w[k] * filtered.value(k));
  }

  /** Logistic: "beats" where v = c + f(a) + g(b) < 0 (class 1 more likely). */
  private static AdditiveTournament logistic(Logistic logistic, Instances pairHeader,
      PairFeatures layout, double[][] rows) throws Exception {
    double[][] par = logistic.coefficients();
    if (par == null || par[0].length != 1) {
      return null; // not a two-class model
    }
    List<Filter> filters = new ArrayList<>();
    for (String name : new String[] {"m_ReplaceMissingValues", "m_AttFilter",
        "m_NominalToBinary"}) {
      filters.add((Filter) field(Logistic.class, logistic, name));
    }
    int classIndex = (Integer) field(Logistic.class, logistic, "m_ClassIndex");
    // par[j] is the coefficient of the j-th attribute but the class, from 1.
    return terms(par[0][0], pairHeader, layout, rows,
        pair -> through(pair, filters, false), classIndex, // as Logistic filters
        (filtered, k) -> par[k < classIndex ? k + 1 : k][0] * filtered.value(k));
  }

  /** A member's own filters on a pair. */
  private interface Filtering {
    Instance apply(PairInstance pair) throws Exception;
  }

  /** A linear member's term of attribute k of a filtered pair. */
  private interface Term {
    double of(Instance filtered, int k);
  }

  /**
   * The form of a linear member, v = c + sum over the filtered attributes of
   * a term each: a {@code first_} attribute's term is a's, read on the pair
   * (r, r), a {@code second_} one's b's. A {@code diff_} attribute passes the
   * filters as t(a - b) = alpha (a - b) + beta (the filters move a numeric
   * value by an affine map: none, Normalize, Standardize), so with Z a row of
   * zeros, t(a, b) = t(a, Z) + (t(Z, Z) - t(b, Z)): a's term is t(a, Z), b's
   * t(Z, Z) - t(b, Z). Where a row's value is missing, the filled-in
   * difference is no such sum: the row's every pair is left to the member.
   */
  private static AdditiveTournament terms(double bias, Instances pairHeader,
      PairFeatures layout, double[][] rows, Filtering filtering, int classIndex, Term term)
      throws Exception {
    AdditiveTournament out = empty(rows.length, bias);
    PairInstance same = pairOf(rows, pairHeader, layout);
    double[][] probeRows = {rows.length == 0 ? null : rows[0],
        new double[rows.length == 0 ? 0 : rows[0].length]};
    PairInstance probe = new PairInstance(probeRows, layout, 1, 1, Utils.missingValue(), 1.0);
    probe.setDataset(pairHeader);
    Instance zero = null; // t(Z, Z), once there is a difference
    for (int r = 0; r < rows.length; r++) {
      same.setPair(r, r);
      Instance filtered = filtering.apply(same);
      Instance fromZero = null; // t(r, Z), once there is a difference
      for (int k = 0; k < filtered.numAttributes(); k++) {
        if (k == classIndex) {
          continue;
        }
        String name = filtered.attribute(k).name();
        int source = PairFeatures.sourceOf(name);
        if (source == PairFeatures.FIRST || source == PairFeatures.SECOND) {
          out.add(r, source == PairFeatures.FIRST, term.of(filtered, k), 0);
          continue;
        }
        if (source != PairFeatures.DIFF || pairHeader.attribute(name) == null) {
          return null;
        }
        if (zero == null) {
          probe.setPair(1, 1);
          zero = filtering.apply(probe);
        }
        if (fromZero == null) {
          probeRows[0] = rows[r];
          probe.setPair(0, 1);
          fromZero = filtering.apply(probe);
        }
        int feature = layout.feature(pairHeader.attribute(name).index());
        double constant = term.of(zero, k);
        double own = Double.isNaN(rows[r][feature]) ? Double.POSITIVE_INFINITY
            : term.of(fromZero, k);
        // The constant's size bounds the rounding of the filters' shift.
        out.add(r, true, own, Math.abs(constant));
        out.add(r, false, constant - own, 0);
      }
    }
    return out;
  }

  /**
   * NaiveBayes: class 1 more likely where log P(1) - log P(0), the log prior
   * ratio plus one log ratio an attribute (missing values left out), is
   * positive; negated here so that "beats" is v < 0 as for Logistic. Not on
   * differences: the density of a - b is not a sum of a term of each row.
   */
  private static AdditiveTournament naiveBayes(NaiveBayes bayes, Instances pairHeader,
      PairFeatures layout, double[][] rows) throws Exception {
    if ((Boolean) field(NaiveBayes.class, bayes, "m_UseDiscretization")) {
      return null;
    }
    for (int k = 0; k < layout.width(); k++) {
      if (layout.isDifference(k)) {
        return null;
      }
    }
    Estimator prior = (Estimator) field(NaiveBayes.class, bayes, "m_ClassDistribution");
    Estimator[][] estimators = (Estimator[][]) field(NaiveBayes.class, bayes, "m_Distributions");
    Instances header = (Instances) field(NaiveBayes.class, bayes, "m_Instances");
    double bias = -(Math.log(prior.getProbability(1)) - Math.log(prior.getProbability(0)));
    AdditiveTournament out = empty(rows.length, bias);
    int attributes = pairHeader.numAttributes();
    boolean[] first = new boolean[attributes];
    double[] weight = new double[attributes];
    // A nominal attribute's term of each value, computed when a row first
    // holds the value: the same number as computed for each row.
    double[][] byValue = new double[attributes][];
    boolean[][] known = new boolean[attributes][];
    for (int k = 0; k < attributes; k++) {
      first[k] = PairFeatures.sourceOf(pairHeader.attribute(k).name()) == PairFeatures.FIRST;
      weight[k] = header.attribute(k).weight();
      if (k != pairHeader.classIndex() && pairHeader.attribute(k).isNominal()) {
        byValue[k] = new double[pairHeader.attribute(k).numValues()];
        known[k] = new boolean[byValue[k].length];
      }
    }
    PairInstance pair = pairOf(rows, pairHeader, layout);
    for (int r = 0; r < rows.length; r++) {
      pair.setPair(r, r);
      for (int k = 0; k < attributes; k++) {
        if (k == pairHeader.classIndex() || pair.isMissing(k)) {
          continue;
        }
        double value = pair.value(k);
        double term;
        if (byValue[k] == null) {
          term = naiveBayesTerm(estimators[k], value, weight[k]);
        } else if (known[k][(int) value]) {
          term = byValue[k][(int) value];
        } else {
          term = naiveBayesTerm(estimators[k], value, weight[k]);
          byValue[k][(int) value] = term;
          known[k][(int) value] = true;
        }
        out.add(r, first[k], term, 0);
      }
    }
    return out;
  }

  /**
   * An attribute's term of NaiveBayes' negated log ratio, -(log P(v | 1) -
   * log P(v | 0)), each probability raised to the attribute's weight and
   * floored as {@code NaiveBayes.distributionForInstance} floors it.
   */
  private static double naiveBayesTerm(Estimator[] byClass, double value, double weight) {
    double[] term = new double[2];
    for (int j = 0; j < 2; j++) {
      term[j] = Math.log(Math.max(1e-75, Math.pow(byClass[j].getProbability(value), weight)));
    }
    return -(term[1] - term[0]);
  }

  /** The instance through the member's own filters, as the member passes it. */
  private static Instance through(Instance instance, List<Filter> filters, boolean finish)
      throws Exception {
    for (Filter filter : filters) {
      filter.input(instance);
      if (finish) {
        filter.batchFinished();
      }
      instance = filter.output();
    }
    return instance;
  }

  private static AdditiveTournament empty(int n, double bias) {
    return new AdditiveTournament(new double[n], new double[n], new double[n], bias);
  }

  private static PairInstance pairOf(double[][] rows, Instances pairHeader,
      PairFeatures layout) {
    PairInstance pair = new PairInstance(rows, layout, 0, 0, Utils.missingValue(), 1.0);
    pair.setDataset(pairHeader);
    return pair;
  }

  /**
   * Adds a term to row r's first half (a's) or second (b's), and to the
   * row's scale the term's size and {@code rounding} more.
   */
  private void add(int r, boolean first, double term, double rounding) {
    if (first) {
      m_Left[r] += term;
    } else {
      m_Right[r] += term;
    }
    // An infinite term leaves the row's every pair to the member itself.
    m_Scale[r] += (Double.isFinite(term) ? Math.abs(term) : Double.POSITIVE_INFINITY)
        + rounding;
  }

  private static Object field(Class<?> owner, Object of, String name)
      throws IllegalAccessException {
    return WekaInternals.get(owner, of, name);
  }

  /**
   * Balcan et al.'s degree of each of the rows (indices into the rows this
   * form was built on), as {@link Rankers#tournament}: the share of the others
   * that x beats, as first element or in both orders. {@code exact} decides
   * the pairs within the margin; the comparisons reported are the ones it
   * was asked. The rows a beats for sure are a prefix of the rows by g, so
   * the rows beating b for sure are counted from the prefixes' lengths.
   *
   * @param rows the rows to rank, indices into the form's rows
   * @param exact the committee, for the pairs within the margin
   * @param bothOrders count each ordered pair for both its rows
   * @return the degrees and the pairs the committee was asked
   * @throws Exception if a member cannot classify a pair
   */
  public Rankers.Ranking tournament(int[] rows, PairComparator exact, boolean bothOrders)
      throws Exception {
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
    long[] wonFirst = new long[n];
    long[] lostSecond = bothOrders ? new long[n] : null;
    long[] prefixes = new long[n + 1]; // per length, the rows a beating that prefix for sure
    List<int[]> doubtful = new ArrayList<>();
    for (int a = 0; a < n; a++) {
      double threshold = -m_Bias - m_Left[rows[a]];
      double margin = MARGIN * (m_Scale[rows[a]] + rightScale + Math.abs(m_Bias) + 1e-300);
      // Sure wins: v = c + f(a) + g(b) < 0 beyond the margin, i.e. g(b) below it.
      boolean finite = Double.isFinite(threshold) && Double.isFinite(margin);
      // Not finite (an infinite term): the member decides all of a's pairs.
      int below = finite ? lowerBound(sorted, threshold - margin) : 0;
      int upTo = finite ? upperBound(sorted, threshold + margin) : n;
      wonFirst[a] = below;
      prefixes[below]++;
      double own = m_Right[rows[a]];
      if (own < threshold - margin) {
        wonFirst[a]--; // a does not meet itself
        if (bothOrders) {
          lostSecond[a]--;
        }
      }
      for (int s = below; s < upTo; s++) {
        if (byRight[s] != a) {
          doubtful.add(new int[] {a, byRight[s]});
        }
      }
    }
    if (bothOrders) {
      // The row at place s by g is beaten for sure by the rows a whose prefix is longer.
      long longer = 0;
      for (int s = n - 1; s >= 0; s--) {
        longer += prefixes[s + 1];
        lostSecond[byRight[s]] += longer;
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
          wonFirst[left[k]]++;
          if (bothOrders) {
            lostSecond[right[k]]++;
          }
        }
      }
    }
    return Rankers.degrees(wonFirst, lostSecond, count);
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
