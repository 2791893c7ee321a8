/*
 * A tree committee's exact tournament run by two builds of the package side
 * by side in one JVM: a speed change of the tournament measured under the
 * same load, and its degrees compared.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.Arrays;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

/**
 * Runs the exact tournament ({@code Committee.exactTournament}) of a saved
 * {@code RankingReduction}'s committee on the same rows with each of several
 * package jars, each loading the model with a class loader of its own,
 * alternating which goes first, and prints each run's wall, the tournament's
 * own CPU seconds (its {@code lastTiming}: the calling thread's serial part
 * and each thread's tasks) and whether its degrees equal the first run's,
 * then each jar's median and least: on a shared machine, the CPU of runs
 * interleaved in one JVM is less bent by the load than walls of separate
 * runs. Run it outside the package's JVM, with WEKA and this class only on
 * the class path (so the jars' classes are their loaders' own), e.g.
 *
 * <pre>
 * java -cp weka.jar:weka-ranking-studies.jar wekaranking.studies.TournamentSideBySide \
 *     committee.model rows.arff 2 4 before/weka-ranking.jar after/weka-ranking.jar
 * </pre>
 *
 * The model as {@code weka.core.SerializationHelper.write} saves a fitted
 * {@code RankingReduction} (the Python face's {@code weka_model_}); the rows
 * an ARFF file of the rows' values alone, in the training's attribute order,
 * without the class ({@code ?} for a missing value). Arguments: the model,
 * the rows, the threads, the runs per jar (the first, the JIT's warm-up, left
 * out of the median), the jars.
 */
public final class TournamentSideBySide {

  private static final String PACKAGE = "weka.classifiers.meta.rankingreduction.";

  private TournamentSideBySide() {
  }

  /** Reads a serialized object, resolving its classes with the jar's loader. */
  private static Object read(ClassLoader loader, String file) throws Exception {
    try (InputStream bytes = new BufferedInputStream(new FileInputStream(file));
        ObjectInputStream in = new ObjectInputStream(bytes) {
          @Override
          protected Class<?> resolveClass(ObjectStreamClass desc)
              throws IOException, ClassNotFoundException {
            return Class.forName(desc.getName(), false, loader);
          }
        }) {
      return in.readObject();
    }
  }

  /** A jar's committee on the rows, its exact tournament and that tournament's method. */
  private static Object[] prepare(ClassLoader loader, String model, double[][] rows,
      int threads) throws Exception {
    Object reduction = read(loader, model);
    Class<?> type = reduction.getClass();
    Object members = type.getMethod("getMembers").invoke(reduction);
    Object header = type.getMethod("getPairHeader").invoke(reduction);
    Object ranking = type.getMethod("getModel").invoke(reduction);
    Object layout = ranking.getClass().getMethod("getPairLayout").invoke(ranking);
    Class<?> committee = loader.loadClass(PACKAGE + "Committee");
    Object copies = committee.getMethod("copies", members.getClass(), int.class)
        .invoke(null, members, threads);
    Constructor<?> make = null;
    for (Constructor<?> c : committee.getConstructors()) {
      if (c.getParameterTypes()[0] == copies.getClass()) {
        make = c;
      }
    }
    Object votes = make.newInstance(copies, header, layout, rows, true);
    Object exact = committee.getMethod("exactTournament").invoke(votes);
    // The method's tournament (both orders, where a jar has it), else the first element's.
    Method tournament = null;
    for (Method m : exact.getClass().getMethods()) {
      if (m.getName().equals("tournament")
          && (tournament == null || m.getParameterCount() > tournament.getParameterCount())) {
        tournament = m;
      }
    }
    return new Object[] {exact, votes, tournament};
  }

  /** The tournament's own CPU seconds: its serial part and its threads' tasks. */
  private static double cpuSeconds(Object exact) throws Exception {
    Object timing = exact.getClass().getMethod("lastTiming").invoke(exact);
    double cpu = timing.getClass().getField("serialCpuSeconds").getDouble(timing);
    for (double thread : (double[]) timing.getClass().getField("threadCpuSeconds")
        .get(timing)) {
      cpu += thread;
    }
    return cpu;
  }

  /**
   * Runs the comparison.
   *
   * @param args the model, the rows' ARFF file, the threads, the runs per
   *     jar, the jars
   * @throws Exception if a jar cannot read the model or has no tree tournament
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 5) {
      throw new IllegalArgumentException("TournamentSideBySide needs: model rows.arff "
          + "threads runs jar...; got " + args.length + " arguments");
    }
    Instances data = DataSource.read(args[1]);
    double[][] rows = new double[data.numInstances()][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = data.instance(i).toDoubleArray();
    }
    int threads = Integer.parseInt(args[2]);
    int runs = Integer.parseInt(args[3]);
    String[] jars = Arrays.copyOfRange(args, 4, args.length);
    Object[][] builds = new Object[jars.length][];
    for (int j = 0; j < jars.length; j++) {
      builds[j] = prepare(SideBySide.loader(jars[j]), args[0], rows, threads);
    }
    int[] everyone = new int[rows.length];
    Arrays.setAll(everyone, i -> i);
    double[][] cpu = new double[jars.length][runs];
    double[][] wall = new double[jars.length][runs];
    double[] first = null;
    for (int r = 0; r < runs; r++) {
      for (int k = 0; k < jars.length; k++) {
        int j = SideBySide.turn(r, k, jars.length);
        System.gc();
        long started = System.nanoTime();
        Method tournament = (Method) builds[j][2];
        Object ranking = tournament.getParameterCount() == 3
            ? tournament.invoke(builds[j][0], everyone, builds[j][1], true)
            : tournament.invoke(builds[j][0], everyone, builds[j][1]);
        wall[j][r] = (System.nanoTime() - started) / 1e9;
        cpu[j][r] = cpuSeconds(builds[j][0]);
        double[] scores = (double[]) ranking.getClass().getField("scores").get(ranking);
        first = first == null ? scores : first;
        System.out.printf("run %d jar %d wall %.2f cpu %.2f same degrees %b%n", r, j,
            wall[j][r], cpu[j][r], Arrays.equals(first, scores));
      }
    }
    for (int j = 0; j < jars.length; j++) {
      double[] warm = SideBySide.warm(cpu[j]);
      double[] walls = SideBySide.warm(wall[j]);
      System.out.printf("jar %d %s: median %.2f CPU-s (least %.2f), wall %.2f s (least %.2f) "
          + "over %d runs%n", j, jars[j], warm[warm.length / 2], warm[0],
          walls[walls.length / 2], walls[0], warm.length);
    }
  }
}
