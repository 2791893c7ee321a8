/*
 * One member's J48 from the rows, trained by two builds of the package side
 * by side in one JVM: a speed change measured under the same load, and its
 * trees compared.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Random;
import weka.classifiers.Classifier;
import weka.classifiers.trees.J48;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

/**
 * Trains one member's J48 from the rows ({@code ProductTraining.train}, the
 * default's path) with each of several package jars, each loaded by a class
 * loader of its own, alternating which goes first, and prints each run's
 * thread CPU seconds and its tree's hash, then each jar's median: on a shared
 * machine, the CPU of runs interleaved in one JVM is less bent by the load
 * than walls of separate runs. Run it outside the package's JVM, with WEKA
 * and this class only on the class path (so the jars' classes are their
 * loaders' own), e.g. with a jar built from an earlier commit:
 *
 * <pre>
 * java -cp weka.jar:weka-ranking-studies.jar wekaranking.studies.MemberSideBySide \
 *     train.arff 1 8 7 before/weka-ranking.jar after/weka-ranking.jar
 * </pre>
 *
 * Arguments: an ARFF file (its class last), the class value that ranks
 * first, the pairs per instance, the runs per jar (the first, the JIT's
 * warm-up, left out of the median), the jars.
 */
public final class MemberSideBySide {

  private static final String PACKAGE = "weka.classifiers.meta.rankingreduction.";

  private MemberSideBySide() {
  }

  /** A jar's pair training of the data and its ProductTraining.train. */
  private static Object[] prepare(ClassLoader loader, Instances data, String rankFirst,
      int perInstance) throws Exception {
    Class<?> task = loader.loadClass(PACKAGE + "RankingTask");
    Object of = task.getMethod("of", Instances.class, String.class, String.class)
        .invoke(null, data, rankFirst, "");
    Class<?> pairs = loader.loadClass(PACKAGE + "PairTraining");
    Object training = pairs.getConstructor(Instances.class, task, int.class, boolean.class)
        .newInstance(data, of, perInstance, false);
    Method train = loader.loadClass(PACKAGE + "ProductTraining").getMethod("train",
        Classifier.class, pairs, Random.class, int.class);
    return new Object[] {training, train};
  }

  /**
   * Runs the comparison.
   *
   * @param args the ARFF file, the class value that ranks first, the pairs
   *     per instance, the runs per jar, the jars
   * @throws Exception if a jar lacks the path or the data are refused
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 5) {
      throw new IllegalArgumentException("MemberSideBySide needs: ARFF rank-first "
          + "pairs-per-instance runs jar...; got " + args.length + " arguments");
    }
    Instances data = DataSource.read(args[0]);
    data.setClassIndex(data.numAttributes() - 1);
    int runs = Integer.parseInt(args[3]);
    String[] jars = Arrays.copyOfRange(args, 4, args.length);
    Object[][] builds = new Object[jars.length][];
    for (int j = 0; j < jars.length; j++) {
      builds[j] = prepare(SideBySide.loader(jars[j]), data, args[1],
          Integer.parseInt(args[2]));
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] cpu = new double[jars.length][runs];
    for (int r = 0; r < runs; r++) {
      for (int k = 0; k < jars.length; k++) {
        int j = SideBySide.turn(r, k, jars.length);
        J48 tree = new J48();
        long started = threads.getCurrentThreadCpuTime();
        ((Method) builds[j][1]).invoke(null, tree, builds[j][0], new Random(1 + r), 1);
        cpu[j][r] = (threads.getCurrentThreadCpuTime() - started) / 1e9;
        System.out.printf("run %d jar %d cpu %.3f tree %08x%n", r, j, cpu[j][r],
            tree.toString().hashCode());
      }
    }
    for (int j = 0; j < jars.length; j++) {
      double[] warm = SideBySide.warm(cpu[j]);
      System.out.printf("jar %d %s: median %.3f CPU-s (least %.3f) over %d runs%n", j,
          jars[j], warm[warm.length / 2], warm[0], warm.length);
    }
  }
}
