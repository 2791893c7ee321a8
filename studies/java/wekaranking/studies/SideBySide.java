/*
 * What the side-by-side comparisons of package builds share: each jar in a
 * class loader of its own, and the order of the builds in each round.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;

/**
 * The pieces {@link MemberSideBySide}, {@link NaiveBayesSideBySide} and
 * {@link TournamentSideBySide} share: two builds of the package compared in
 * one JVM, in turns, so that the machine's load falls on both alike.
 */
final class SideBySide {

  private SideBySide() {
  }

  /**
   * A class loader of the package jar's own classes, WEKA's from the parent.
   *
   * @param jar the package jar's path
   * @return its loader
   * @throws MalformedURLException if the path makes no URL
   */
  static ClassLoader loader(String jar) throws MalformedURLException {
    return new URLClassLoader(new URL[] {new File(jar).toURI().toURL()},
        SideBySide.class.getClassLoader());
  }

  /**
   * Which build runs k-th in a round: in order in even rounds, reversed in
   * odd ones, so that none always runs first (after a collection) or last.
   *
   * @param round the round
   * @param k the place in the round
   * @param builds how many builds take turns
   * @return the build's index
   */
  static int turn(int round, int k, int builds) {
    return round % 2 == 0 ? k : builds - 1 - k;
  }

  /**
   * The runs after the first (its compiler's warm-up), sorted: the median at
   * the middle, the least first.
   *
   * @param runs one build's readings, run by run
   * @return the warm readings, sorted
   */
  static double[] warm(double[] runs) {
    double[] warm = Arrays.copyOfRange(runs, 1, runs.length);
    Arrays.sort(warm);
    return warm;
  }
}
