/*
 * The default's ten NaiveBayes members from the rows, trained by two builds
 * of the package side by side in one JVM, beside NaiveBayes alone: a speed
 * change measured under the same load, and its members compared.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Random;
import weka.classifiers.Classifier;
import weka.classifiers.bayes.NaiveBayes;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

/**
 * Trains the default's ten NaiveBayes members (seeds 1 to 10, two pairs per
 * instance) from the rows ({@code ProductTraining.train}; a new pair
 * training each round, made before the clock starts as the bench's
 * row-learners section makes it, so that what the members share, made for
 * the first member that asks, is timed) with each of several package jars,
 * each loaded by a class loader of its own, and NaiveBayes alone on the
 * rows, in turns (the order reversed every other round), and prints each
 * one's best wall and thread CPU milliseconds, its ratio to NaiveBayes
 * alone's, and a hash of its members' texts. The members draw their pairs
 * from the jar's {@code UnsharedRandom} where it has one, as the
 * meta-classifier does, else from {@code java.util.Random}. Run it outside
 * the package's JVM, with WEKA and this class only on the class path (so the
 * jars' classes are their loaders' own), e.g. with a jar built from an
 * earlier commit:
 *
 * <pre>
 * java -cp weka.jar:weka-ranking-studies.jar wekaranking.studies.NaiveBayesSideBySide \
 *     train.arff nowin 20 before/weka-ranking.jar after/weka-ranking.jar
 * </pre>
 *
 * Arguments: an ARFF file (its class last), the class value that ranks
 * first, the rounds timed (after three for the JIT's warm-up), the jars.
 */
public final class NaiveBayesSideBySide {

  private static final String PACKAGE = "weka.classifiers.meta.rankingreduction.";
  private static final int MEMBERS = 10;
  private static final int PAIRS_PER_INSTANCE = 2;
  private static final int WARM_UPS = 3;

  private NaiveBayesSideBySide() {
  }

  /** A jar's build: its task, its pair training's constructor, its generator's, its train. */
  private static final class Build {
    final Object m_Task;
    final Constructor<?> m_Training;
    final Constructor<?> m_Random;
    final Method m_Train;

    Build(ClassLoader loader, Instances data, String rankFirst) throws Exception {
      Class<?> task = loader.loadClass(PACKAGE + "RankingTask");
      m_Task = task.getMethod("of", Instances.class, String.class, String.class)
          .invoke(null, data, rankFirst, "");
      Class<?> pairs = loader.loadClass(PACKAGE + "PairTraining");
      m_Training = pairs.getConstructor(Instances.class, task, int.class, boolean.class);
      Constructor<?> random;
      try {
        random = loader.loadClass(PACKAGE + "UnsharedRandom").getConstructor(long.class);
      } catch (ClassNotFoundException e) { // a build from before it
        random = Random.class.getConstructor(long.class);
      }
      m_Random = random;
      m_Train = loader.loadClass(PACKAGE + "ProductTraining").getMethod("train",
          Classifier.class, pairs, Random.class, int.class);
    }

    /** A new pair training of the rows, as the meta-classifier makes one a training. */
    Object training(Instances data) throws Exception {
      return m_Training.newInstance(data, m_Task, PAIRS_PER_INSTANCE, false);
    }

    /** Trains the members from the rows. */
    NaiveBayes[] members(Object training) throws Exception {
      NaiveBayes[] members = new NaiveBayes[MEMBERS];
      for (int i = 0; i < MEMBERS; i++) {
        members[i] = new NaiveBayes();
        if (!(Boolean) m_Train.invoke(null, members[i], training,
            m_Random.newInstance((long) (i + 1)), 1)) {
          throw new IllegalStateException("member " + (i + 1) + " was not trained from the rows");
        }
      }
      return members;
    }
  }

  /**
   * Runs the comparison.
   *
   * @param args the ARFF file, the class value that ranks first, the rounds,
   *     the jars
   * @throws Exception if a jar lacks the path or the data are refused
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      throw new IllegalArgumentException("NaiveBayesSideBySide needs: ARFF rank-first "
          + "rounds jar...; got " + args.length + " arguments");
    }
    Instances data = DataSource.read(args[0]);
    data.setClassIndex(data.numAttributes() - 1);
    int rounds = Integer.parseInt(args[2]);
    String[] jars = Arrays.copyOfRange(args, 3, args.length);
    Build[] builds = new Build[jars.length];
    for (int j = 0; j < jars.length; j++) {
      builds[j] = new Build(SideBySide.loader(jars[j]), data, args[1]);
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    int runs = jars.length + 1; // the jars, then NaiveBayes alone
    double[] wall = new double[runs];
    double[] cpu = new double[runs];
    Arrays.fill(wall, Double.POSITIVE_INFINITY);
    Arrays.fill(cpu, Double.POSITIVE_INFINITY);
    int[] hashes = new int[jars.length];
    for (int round = 0; round < WARM_UPS + rounds; round++) {
      for (int k = 0; k < runs; k++) {
        int run = SideBySide.turn(round, k, runs);
        System.gc();
        Object training = run == jars.length ? null : builds[run].training(data);
        NaiveBayes[] members = null;
        long cpuStarted = threads.getCurrentThreadCpuTime();
        long started = System.nanoTime();
        if (run == jars.length) {
          new NaiveBayes().buildClassifier(data);
        } else {
          members = builds[run].members(training);
        }
        double millis = (System.nanoTime() - started) / 1e6;
        double cpuMillis = (threads.getCurrentThreadCpuTime() - cpuStarted) / 1e6;
        if (members != null) {
          hashes[run] = Arrays.deepHashCode(Arrays.stream(members).map(Object::toString)
              .toArray());
        }
        if (round >= WARM_UPS) {
          wall[run] = Math.min(wall[run], millis);
          cpu[run] = Math.min(cpu[run], cpuMillis);
        }
      }
    }
    for (int run = 0; run < runs; run++) {
      System.out.printf("%s: best of %d %.2f ms wall, %.2f ms CPU; %.2f and %.2f times "
          + "NaiveBayes alone's%s%n", run == jars.length ? "NaiveBayes alone" : jars[run],
          rounds, wall[run], cpu[run], wall[run] / wall[jars.length],
          cpu[run] / cpu[jars.length],
          run == jars.length ? "" : String.format("; members %08x", hashes[run]));
    }
  }
}
