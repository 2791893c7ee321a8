/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import weka.classifiers.functions.Logistic;
import weka.core.Optimization;
import weka.core.Utils;

/**
 * WEKA's {@link Logistic} on a member's drawn pair list, bit for bit: every
 * sum buildClassifier makes over the pair instances is made over the pairs
 * in their order, with the same operands, so the statistics, each
 * evaluation of the objective and gradient, the optimiser's path and the
 * coefficients are WEKA's own, to the last bit, without a copy of any pair.
 *
 * <p>Where the pairs are separable the optimum is at infinity and where the
 * optimiser stops is decided by the last bits of every evaluation, so there
 * only the same arithmetic gives the same model ({@link ProductLogistic}'s
 * sums over the rows, in another order, do not). It is still cheaper than
 * the pair instances: a pair's linear predictor is WEKA's running sum over
 * its columns in order, and the first half of that sum (the intercept and
 * the first row's columns) depends on the first row alone, so it is summed
 * once a row; the pair then adds its second row's products, computed once a
 * row, one by one, in WEKA's order. A pair's predictor is computed once for
 * the objective and the gradient at a point (WEKA computes it for each), its
 * exponentials and logarithms on any number of threads. The gradient's sums
 * over the pairs are a column's each, independent of the other columns', so
 * they are made a column at a time down the pairs, in WEKA's order, four
 * columns together and blocks of columns on any number of threads; the
 * objective's sum over the pairs is made on one.
 *
 * <p>Its cost is the optimiser's iterations, each O(pairs x columns): on
 * separable pairs BFGS walks towards the optimum at infinity until the ridge
 * holds it, several times the iterations of WEKA's Logistic on the rows
 * themselves (kr-vs-kp: 340 to 512 on a member's 5,752 pairs, against 92 on
 * the 3,196 rows), and only those same iterations give WEKA's model.
 *
 * <p>It applies where the filters leave each column a function of one row:
 * no missing values (ReplaceMissingValues' means over the pairs would be
 * summed in another order), the first row's columns before the second's.
 */
final class PairOrderLogistic {

  /** Pairs below which the per-pair work stays on one thread: a hand-off costs more. */
  private static final int PARALLEL_FROM = 1 << 15;

  /**
   * The rows' standardised values, a column at a time: the first row's
   * columns, then the second's (each column's values, by row, are few
   * enough to stay in a core's cache while the pairs are summed down it).
   */
  private final double[][] m_FirstColumns;
  private final double[][] m_SecondColumns;
  /** Each row's running sum over the intercept and its first-row columns. */
  private final double[] m_FirstSums;
  /** Each row's products in the second row's columns, a column at a time. */
  private final double[][] m_SecondProducts;
  private final int[] m_Left;
  private final int[] m_Right;
  private final int[] m_Class;
  private final double[] m_Weight;
  private final double m_Ridge;
  private final int m_Threads;
  /** The threads of the per-pair work for the whole fit (null: this thread alone). */
  private final ExecutorService m_Pool;
  /** Each pair's linear predictor at {@link #m_EtaAt}. */
  private final double[] m_Eta;
  private double[] m_EtaAt;
  /** Each pair's share of the sum being made (a loss or a gradient weight). */
  private final double[] m_Terms;
  private final double[][] m_Par;
  private final double m_LL;

  /**
   * Why the pair-order replay does not apply to pairs of these rows.
   *
   * @param firstColumns Logistic's columns (from 1) that read a pair's first row
   * @param secondColumns those that read its second row
   * @param rows the training rows
   * @return null when the first row's columns come first and no value is missing
   */
  static String declined(int[] firstColumns, int[] secondColumns, double[][] rows) {
    for (int i = 0; i < firstColumns.length; i++) {
      if (firstColumns[i] != 1 + i) {
        return "the replay in their order needs the first row's columns first";
      }
    }
    for (int i = 0; i < secondColumns.length; i++) {
      if (secondColumns[i] != 1 + firstColumns.length + i) {
        return "the replay in their order needs the first row's columns first";
      }
    }
    for (double[] row : rows) {
      for (double value : row) {
        if (Utils.isMissingValue(value)) {
          return "its rows have missing values, whose means over the pairs the replay in "
              + "their order cannot sum as WEKA does";
        }
      }
    }
    return null;
  }

  /**
   * Trains as buildClassifier trains on the pair instances.
   *
   * @param logistic the member, its options set
   * @param values each row's value in each of Logistic's columns (from 1), through its filters
   * @param firsts how many columns (from 1) read a pair's first row
   * @param pairs the member's pairs, in the order of its pair instances
   * @param weights each pair's weight
   * @param threads the most threads the per-pair work may use
   * @throws Exception if WEKA's Logistic would refuse the pairs
   */
  PairOrderLogistic(Logistic logistic, double[][] values, int firsts, Pairs pairs,
      double[] weights, int threads) throws Exception {
    m_Left = pairs.left;
    m_Right = pairs.right;
    m_Weight = weights;
    m_Ridge = logistic.getRidge();
    m_Threads = threads;
    int count = m_Left.length;
    int predictors = values.length == 0 ? 0 : values[0].length - 1;
    m_Class = new int[count];
    m_Eta = new double[count];
    m_Terms = new double[count];

    // Statistics over the pairs in their order, as buildClassifier extracts them.
    double[] mean = new double[predictors + 1];
    double[] squares = new double[predictors + 1];
    double[] perClass = new double[2];
    double totWeights = 0;
    for (int k = 0; k < count; k++) {
      m_Class[k] = (int) pairs.label[k];
      double w = weights[k];
      totWeights += w;
      double[] first = values[m_Left[k]];
      double[] second = values[m_Right[k]];
      for (int j = 1; j <= predictors; j++) {
        double x = j <= firsts ? first[j] : second[j];
        mean[j] += w * x;
        squares[j] += w * x * x;
      }
      perClass[m_Class[k]]++;
    }
    ProductLogistic.checkWeights(totWeights, count);
    double[] sd = new double[predictors + 1];
    sd[0] = 1;
    for (int j = 1; j <= predictors; j++) {
      mean[j] = mean[j] / totWeights;
      sd[j] = ProductLogistic.sd(squares[j], totWeights, mean[j]);
    }
    boolean standardise = !logistic.getDoNotStandardizeAttributes();
    m_FirstColumns = standardised(values, 1, firsts, mean, sd, standardise);
    m_SecondColumns = standardised(values, firsts + 1, predictors, mean, sd, standardise);
    m_FirstSums = new double[values.length];
    m_SecondProducts = new double[predictors - firsts][values.length];

    Optimization[] optimization = new Optimization[1];
    m_Pool = threads > 1 && count >= PARALLEL_FROM ? Executors.newFixedThreadPool(threads)
        : null;
    double[] x;
    try {
      x = ProductLogistic.minimise(logistic, new ProductLogistic.Evaluation() {
        @Override
        public double value(double[] at) throws Exception {
          return objective(at);
        }

        @Override
        public double[] gradient(double[] at) throws Exception {
          return PairOrderLogistic.this.gradient(at);
        }
      }, predictors, perClass[0], perClass[1], optimization);
    } finally {
      if (m_Pool != null) {
        m_Pool.shutdownNow();
      }
    }
    m_LL = -optimization[0].getMinFunction();
    m_Par = ProductLogistic.coefficients(x, mean, sd, standardise);
  }

  /** The model's coefficients in the attributes' units, as Logistic holds them. */
  double[][] coefficients() {
    return m_Par;
  }

  /** The model's log-likelihood. */
  double logLikelihood() {
    return m_LL;
  }

  /** Columns from..to (from 1), standardised as buildClassifier does it: [column][row]. */
  private static double[][] standardised(double[][] values, int from, int to, double[] mean,
      double[] sd, boolean standardise) {
    double[][] out = new double[to - from + 1][values.length];
    for (int j = from; j <= to; j++) {
      for (int r = 0; r < values.length; r++) {
        double x = values[r][j];
        out[j - from][r] = standardise && sd[j] != 0 ? (x - mean[j]) / sd[j] : x;
      }
    }
    return out;
  }

  /**
   * Every pair's linear predictor at x: WEKA's running sum 0 + 1 x_0 + the
   * first row's products + the second row's, in column order. The sum's
   * first part is a row's, once a row; each pair then adds its second row's
   * products, four columns a pass over the pairs, still one by one in order.
   */
  private void predictors(double[] x) throws Exception {
    if (m_EtaAt != null && Arrays.equals(m_EtaAt, x)) {
      return;
    }
    Parallel.stopIfInterrupted();
    int rows = m_FirstSums.length;
    double intercept = 0;
    intercept += 1.0 * x[0];
    Arrays.fill(m_FirstSums, intercept);
    for (int i = 0; i < m_FirstColumns.length; i++) {
      double[] column = m_FirstColumns[i];
      double coefficient = x[1 + i];
      for (int r = 0; r < rows; r++) {
        m_FirstSums[r] += column[r] * coefficient;
      }
    }
    for (int i = 0; i < m_SecondColumns.length; i++) {
      double[] column = m_SecondColumns[i];
      double[] products = m_SecondProducts[i];
      double coefficient = x[1 + m_FirstColumns.length + i];
      for (int r = 0; r < rows; r++) {
        products[r] = column[r] * coefficient;
      }
    }
    forEachBlock((from, to) -> {
      for (int k = from; k < to; k++) {
        m_Eta[k] = m_FirstSums[m_Left[k]];
      }
      int i = 0;
      for (; i + 3 < m_SecondProducts.length; i += 4) {
        double[] p0 = m_SecondProducts[i];
        double[] p1 = m_SecondProducts[i + 1];
        double[] p2 = m_SecondProducts[i + 2];
        double[] p3 = m_SecondProducts[i + 3];
        for (int k = from; k < to; k++) {
          int b = m_Right[k];
          m_Eta[k] = m_Eta[k] + p0[b] + p1[b] + p2[b] + p3[b]; // left to right: WEKA's order
        }
      }
      for (; i < m_SecondProducts.length; i++) {
        double[] p = m_SecondProducts[i];
        for (int k = from; k < to; k++) {
          m_Eta[k] += p[m_Right[k]];
        }
      }
    });
    m_EtaAt = x.clone();
  }

  /** WEKA's objective: the pairs' weighted negative log-likelihood in order, plus the ridge. */
  private double objective(double[] x) throws Exception {
    predictors(x);
    forEachBlock((from, to) -> {
      for (int k = from; k < to; k++) {
        double e = m_Eta[k];
        double num = m_Class[k] == 0 ? e : 0;
        m_Terms[k] = m_Weight[k] * (num - logOfSum(0, e));
      }
    });
    double nll = 0;
    for (double term : m_Terms) {
      nll -= term;
    }
    for (int r = 1; r < x.length; r++) {
      nll += m_Ridge * x[r] * x[r];
    }
    return nll;
  }

  /** Logistic's {@code logOfSum}: log(e^x + e^y) from x and y. */
  private static double logOfSum(double logOfX, double logOfY) {
    if (Double.isNaN(logOfX)) {
      return logOfY;
    }
    if (Double.isNaN(logOfY)) {
      return logOfX;
    }
    if (logOfX > logOfY) {
      return logOfX + Math.log(1 + Math.exp(logOfY - logOfX));
    } else {
      return logOfY + Math.log(1 + Math.exp(logOfX - logOfY));
    }
  }

  /** WEKA's gradient: each pair's columns times its weight and probability, in order. */
  private double[] gradient(double[] x) throws Exception {
    predictors(x);
    forEachBlock((from, to) -> {
      for (int k = from; k < to; k++) {
        double max = m_Eta[k];
        double denom = Math.exp(-max);
        double num = Math.exp(m_Eta[k] - max);
        denom += num;
        if (Double.isNaN(denom)) {
          throw new IllegalArgumentException("Can't normalize array. Sum is NaN.");
        }
        if (denom == 0) {
          throw new IllegalArgumentException("Can't normalize array. Sum is zero.");
        }
        num /= denom;
        m_Terms[k] = m_Weight[k] * num;
      }
    });
    double[] grad = new double[x.length];
    double intercept = 0;
    for (int k = 0; k < m_Terms.length; k++) {
      intercept += m_Terms[k] * 1.0;
      if (m_Class[k] != 1) {
        intercept -= m_Weight[k] * 1.0;
      }
    }
    grad[0] = intercept;
    int firsts = m_FirstColumns.length;
    int firstBlocks = (firsts + 3) / 4;
    int blocks = firstBlocks + (m_SecondColumns.length + 3) / 4;
    Parallel.Task columns = block -> {
      if (block < firstBlocks) {
        columnSums(m_FirstColumns, 4 * block, m_Left, grad, 1);
      } else {
        columnSums(m_SecondColumns, 4 * (block - firstBlocks), m_Right, grad, 1 + firsts);
      }
    };
    if (m_Pool == null) {
      Parallel.forEach(blocks, 1, columns);
    } else {
      Parallel.forEach(blocks, m_Pool, columns);
    }
    for (int r = 1; r < x.length; r++) {
      grad[r] += 2 * m_Ridge * x[r];
    }
    return grad;
  }

  /**
   * The gradient's sums of up to four columns from {@code from}, each down
   * the pairs in their order as WEKA adds it (each pair's term times its
   * row's value, then, for class 0, less its weight times the value): the
   * columns are independent, so four go together, each still in order.
   *
   * @param columns a half's columns of standardised values, [column][row]
   * @param rows each pair's row in that half
   * @param grad the gradient, whose entry {@code offset + c} is column c's
   */
  private void columnSums(double[][] columns, int from, int[] rows, double[] grad,
      int offset) {
    int to = Math.min(from + 4, columns.length);
    double[][] four = new double[4][];
    for (int c = 0; c < 4; c++) {
      four[c] = columns[Math.min(from + c, to - 1)]; // a block short of four repeats its last
    }
    double[] x0 = four[0];
    double[] x1 = four[1];
    double[] x2 = four[2];
    double[] x3 = four[3];
    double g0 = 0;
    double g1 = 0;
    double g2 = 0;
    double g3 = 0;
    for (int k = 0; k < m_Terms.length; k++) {
      int r = rows[k];
      double t = m_Terms[k];
      g0 += t * x0[r];
      g1 += t * x1[r];
      g2 += t * x2[r];
      g3 += t * x3[r];
      if (m_Class[k] != 1) {
        double w = m_Weight[k];
        g0 -= w * x0[r];
        g1 -= w * x1[r];
        g2 -= w * x2[r];
        g3 -= w * x3[r];
      }
    }
    double[] sums = {g0, g1, g2, g3};
    for (int c = from; c < to; c++) {
      grad[offset + c] = sums[c - from];
    }
  }

  /** Work on a range of pairs. */
  private interface Range {
    void run(int from, int to) throws Exception;
  }

  /**
   * Runs the work on the pairs: in this thread, or in as many contiguous
   * ranges as threads on the fit's pool (each pair's result lands in its own
   * slot, so the ranges change nothing).
   */
  private void forEachBlock(Range work) throws Exception {
    int count = m_Eta.length;
    if (m_Pool == null) {
      work.run(0, count);
      return;
    }
    Parallel.forEach(m_Threads, m_Pool, t -> work.run((int) ((long) t * count / m_Threads),
        (int) ((long) (t + 1) * count / m_Threads)));
  }
}
