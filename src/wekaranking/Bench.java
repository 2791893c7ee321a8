/*
 * The limit the bridge is measured against: the same work as the package's
 * kernels, as a plain Java loop over data that is already on the JVM.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking;

import weka.classifiers.Classifier;
import weka.core.Instances;

/** Plain Java loops for the benchmarks: nothing crosses the bridge. */
public final class Bench {

  private Bench() {
  }

  /** Nanoseconds to build the pair Instances of the given index arrays. */
  public static long pairsNanos(Instances pairHeader, double[] flat, int[] left, int[] right,
      double[] labels) {
    long start = System.nanoTime();
    Instances built = Kernels.pairs(pairHeader, flat, left, right, labels);
    long elapsed = System.nanoTime() - start;
    if (built.numInstances() != left.length) {
      throw new IllegalStateException("lost pairs");
    }
    return elapsed;
  }

  /** Nanoseconds to count the committee's votes on every pair, one thread. */
  public static long votesNanos(Classifier[] members, Instances pairHeader, double[] flat,
      int[] left, int[] right) throws Exception {
    long start = System.nanoTime();
    int[] counts = Kernels.votes(members, pairHeader, flat, left, right);
    long elapsed = System.nanoTime() - start;
    if (counts.length != left.length) {
      throw new IllegalStateException("lost pairs");
    }
    return elapsed;
  }
}
