/*
 * JVM side of the weka-ranking bridge: loops that would cost one bridge
 * crossing per row or per pair if written in Python.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import weka.classifiers.Classifier;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;

/** Bulk builders of WEKA Instances and bulk predictions. */
public final class Kernels {

  private Kernels() {
  }

  /**
   * Rows of a row-major matrix as Instances of the given header.
   *
   * @param header the empty dataset whose attributes the rows follow; the
   *        class is its last attribute
   * @param flat row-major values of the non-class attributes (NaN = missing)
   * @param n number of rows
   * @param classValues one class index per row, or null for missing classes
   */
  public static Instances rows(Instances header, double[] flat, int n, double[] classValues) {
    int m = header.numAttributes() - 1;
    Instances out = new Instances(header, n);
    for (int i = 0; i < n; i++) {
      double[] values = new double[m + 1];
      System.arraycopy(flat, i * m, values, 0, m);
      values[m] = classValues == null ? Double.NaN : classValues[i];
      out.add(new DenseInstance(1.0, values));
    }
    return out;
  }

  /**
   * Pair instances A(left) || A(right) with the given labels, built on the
   * JVM side so that only the index arrays cross the bridge.
   *
   * @param pairHeader the empty pair dataset: 2m attributes then the class
   * @param flat row-major values of the m base attributes of every instance
   * @param left first element of each pair (row numbers into flat)
   * @param right second element of each pair
   * @param labels class index of each pair, or null for unlabelled pairs
   */
  public static Instances pairs(Instances pairHeader, double[] flat, int[] left, int[] right,
      double[] labels) {
    int m = (pairHeader.numAttributes() - 1) / 2;
    Instances out = new Instances(pairHeader, left.length);
    for (int k = 0; k < left.length; k++) {
      out.add(new DenseInstance(1.0, pairValues(flat, m, left[k], right[k],
          labels == null ? Double.NaN : labels[k])));
    }
    return out;
  }

  /** Class distributions of every instance, row-major (n x numClasses). */
  public static double[] distributions(Classifier classifier, Instances data) throws Exception {
    int c = data.numClasses();
    double[] out = new double[data.numInstances() * c];
    for (int i = 0; i < data.numInstances(); i++) {
      System.arraycopy(classifier.distributionForInstance(data.instance(i)), 0, out, i * c, c);
    }
    return out;
  }

  /**
   * For each pair, how many members of the committee predict class 1
   * ("left beats right"). No pair Instances object outlives its prediction,
   * so memory stays flat whatever the number of pairs.
   */
  public static int[] votes(Classifier[] members, Instances pairHeader, double[] flat, int[] left,
      int[] right) throws Exception {
    int[] out = new int[left.length];
    countVotes(members, pairHeader, flat, left, right, out, 0, left.length);
    return out;
  }

  /**
   * {@link #votes} on several threads: thread t scores its own contiguous
   * share of the pairs with its own copy of the committee (copies[t]), so
   * models whose prediction is not thread-safe are never shared, and the
   * counts are the same whatever the number of threads.
   */
  public static int[] votesParallel(Classifier[][] copies, Instances pairHeader, double[] flat,
      int[] left, int[] right) throws Exception {
    int threads = copies.length;
    int[] out = new int[left.length];
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Object>> done = new ArrayList<>();
      int share = (left.length + threads - 1) / threads;
      for (int t = 0; t < threads; t++) {
        final Classifier[] members = copies[t];
        final int from = Math.min(left.length, t * share);
        final int to = Math.min(left.length, from + share);
        done.add(pool.submit(() -> {
          countVotes(members, pairHeader, flat, left, right, out, from, to);
          return null;
        }));
      }
      for (Future<Object> future : done) {
        try {
          future.get();
        } catch (ExecutionException e) {
          throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return out;
  }

  private static void countVotes(Classifier[] members, Instances pairHeader, double[] flat,
      int[] left, int[] right, int[] out, int from, int to) throws Exception {
    int m = (pairHeader.numAttributes() - 1) / 2;
    for (int k = from; k < to; k++) {
      Instance pair = new DenseInstance(1.0, pairValues(flat, m, left[k], right[k], Double.NaN));
      pair.setDataset(pairHeader);
      int count = 0;
      for (Classifier member : members) {
        if (member.classifyInstance(pair) == 1.0) {
          count++;
        }
      }
      out[k] = count;
    }
  }

  private static double[] pairValues(double[] flat, int m, int a, int b, double label) {
    double[] values = new double[2 * m + 1];
    System.arraycopy(flat, a * m, values, 0, m);
    System.arraycopy(flat, b * m, values, m, m);
    values[2 * m] = label;
    return values;
  }
}
