/*
 * The default's whole training by two builds of the package side by side in
 * one JVM: what a change around the members (the rows' ranks, the reference
 * sample, the threads) costs, measured under the same load.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

/**
 * Trains the default {@code RankingReduction} (WEKA's own
 * {@code buildClassifier}, its members on every core) with each of several
 * package jars, each loaded by a class loader of its own, alternating which
 * goes first, and prints each run's wall and process CPU seconds (every
 * thread's: the members', the collector's, the compiler's) and a hash of its
 * members' trees, then each jar's medians. Where {@link MemberSideBySide}
 * times one member on one thread, this times everything the training does.
 * Run it as MemberSideBySide is run:
 *
 * <pre>
 * java -cp weka.jar:weka-ranking-studies.jar wekaranking.studies.FitSideBySide \
 *     train.arff 1 15 before/weka-ranking.jar after/weka-ranking.jar
 * </pre>
 *
 * Arguments: an ARFF file (its class last), the class value that ranks
 * first, the runs per jar (the first, the JIT's warm-up, left out of the
 * medians), the jars. The base learner is J48, the default, or the class
 * the system property {@code learner} names, with its own defaults
 * ({@code -Dlearner=weka.classifiers.bayes.NaiveBayes}).
 */
public final class FitSideBySide {

  private FitSideBySide() {
  }

  /**
   * Runs the comparison.
   *
   * @param args the ARFF file, the class value that ranks first, the runs
   *     per jar, the jars
   * @throws Exception if a jar lacks the meta-classifier or the data are refused
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      throw new IllegalArgumentException("FitSideBySide needs: ARFF rank-first runs jar...; "
          + "got " + args.length + " arguments");
    }
    Instances data = DataSource.read(args[0]);
    data.setClassIndex(data.numAttributes() - 1);
    int runs = Integer.parseInt(args[2]);
    String[] jars = Arrays.copyOfRange(args, 3, args.length);
    OperatingSystemMXBean os =
        (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    Class<?>[] reductions = new Class<?>[jars.length];
    for (int j = 0; j < jars.length; j++) {
      reductions[j] = SideBySide.loader(jars[j])
          .loadClass("weka.classifiers.meta.RankingReduction");
    }
    String learner = System.getProperty("learner");
    double[][] wall = new double[jars.length][runs];
    double[][] cpu = new double[jars.length][runs];
    for (int r = 0; r < runs; r++) {
      for (int k = 0; k < jars.length; k++) {
        int j = SideBySide.turn(r, k, jars.length);
        Classifier reduction = (Classifier) reductions[j].getDeclaredConstructor().newInstance();
        reductions[j].getMethod("setRankFirst", String.class).invoke(reduction, args[1]);
        if (learner != null) {
          reductions[j].getMethod("setClassifier", Classifier.class).invoke(reduction,
              AbstractClassifier.forName(learner, null));
        }
        System.gc(); // the last run's garbage is not this run's to collect
        long started = System.nanoTime();
        long cpuStarted = os.getProcessCpuTime();
        reduction.buildClassifier(data);
        wall[j][r] = (System.nanoTime() - started) / 1e9;
        cpu[j][r] = (os.getProcessCpuTime() - cpuStarted) / 1e9;
        StringBuilder trees = new StringBuilder();
        for (Classifier member
            : (Classifier[]) reductions[j].getMethod("getMembers").invoke(reduction)) {
          trees.append(member);
        }
        System.out.printf("run %d jar %d wall %.5f cpu %.5f members %08x load %.1f%n", r, j,
            wall[j][r], cpu[j][r], trees.toString().hashCode(), os.getSystemLoadAverage());
      }
    }
    for (int j = 0; j < jars.length; j++) {
      double[] walls = SideBySide.warm(wall[j]);
      double[] cpus = SideBySide.warm(cpu[j]);
      System.out.printf("jar %d %s: median wall %.5f s (least %.5f), median CPU %.5f s "
          + "(least %.5f) over %d runs%n", j, jars[j], walls[walls.length / 2], walls[0],
          cpus[cpus.length / 2], cpus[0], walls.length);
    }
  }
}
