/*
 * Where the default's training spends what its members do not: each fit's
 * wall and CPU split around the members, in one JVM.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import com.sun.management.OperatingSystemMXBean;
import java.io.File;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import weka.classifiers.meta.RankingReduction;
import weka.classifiers.trees.J48;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

/**
 * Trains J48 alone twice (as the bench does before the default), then the
 * default {@code RankingReduction} (WEKA's own {@code buildClassifier}, no
 * Python) again and again in one JVM, and prints each fit's phases: wall and
 * process CPU; the members' own CPU (each member's thread CPU, read when the
 * member listener hears it is trained); the calling thread's CPU; the
 * collector's pauses and the compiler's time; the wall before the first
 * member starts, while one thread idles waiting for the last member, and
 * after the last member (the reference sample and its threshold); and each
 * group of threads' CPU from {@code /proc} (Linux only: the compiler's and
 * the collector's threads, which no Java interface reports). Then the
 * medians from the fourth fit on, the first being the JIT's. Run it as
 * {@link MemberSideBySide} is run, with the package's jar on the class path:
 *
 * <pre>
 * java -cp weka.jar:weka-ranking.jar:weka-ranking-studies.jar \
 *     wekaranking.studies.FitPhases train.arff 1 15
 * </pre>
 *
 * Arguments: an ARFF file (its class last), the class value that ranks
 * first, the fits.
 */
public final class FitPhases {

  private static final String[] PHASES = {"wall", "cpu", "members' cpu", "caller's cpu",
    "gc pauses", "compiling", "before the first member", "a thread idle at the end",
    "after the members"};

  private FitPhases() {
  }

  /** The collectors' pauses so far, in seconds. */
  private static double collectorSeconds() {
    long millis = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      millis += collector.getCollectionTime();
    }
    return millis / 1e3;
  }

  /** CPU seconds so far by thread name, its digits folded ("C2 CompilerThreN"). */
  private static Map<String, Double> cpuByThread() {
    Map<String, Double> out = new TreeMap<>();
    File[] tasks = new File("/proc/self/task").listFiles();
    for (File task : tasks == null ? new File[0] : tasks) {
      try {
        String stat = new String(Files.readAllBytes(new File(task, "stat").toPath()));
        String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
            .replaceAll("[0-9]+", "N");
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        double ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        out.merge(name, ticks / 100, Double::sum); // USER_HZ, 100 on Linux
      } catch (IOException e) {
        // the thread ended between the listing and the read: its CPU is gone with it
      }
    }
    return out;
  }

  /** What each group of threads spent between two readings (those that lived through both). */
  private static Map<String, String> spent(Map<String, Double> before,
      Map<String, Double> after) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, Double> e : after.entrySet()) {
      double seconds = e.getValue() - before.getOrDefault(e.getKey(), 0.0);
      if (seconds >= 0.01) {
        out.put(e.getKey(), String.format("%.2f", seconds));
      }
    }
    return out;
  }

  /**
   * Runs the fits.
   *
   * @param args the ARFF file, the class value that ranks first, the fits
   * @throws Exception if the data are refused
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      throw new IllegalArgumentException("FitPhases needs: ARFF rank-first fits; got "
          + args.length + " arguments");
    }
    Instances data = DataSource.read(args[0]);
    data.setClassIndex(data.numAttributes() - 1);
    int fits = Integer.parseInt(args[2]);
    OperatingSystemMXBean os =
        (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    for (int k = 0; k < 2; k++) {
      long started = System.nanoTime();
      long cpu = os.getProcessCpuTime();
      new J48().buildClassifier(data);
      System.out.printf("J48 alone: wall %.3f cpu %.3f%n", (System.nanoTime() - started) / 1e9,
          (os.getProcessCpuTime() - cpu) / 1e9);
    }
    double[][] phases = new double[PHASES.length][fits];
    for (int f = 0; f < fits; f++) {
      System.gc(); // the last fit's garbage is not this fit's to collect
      RankingReduction reduction = new RankingReduction();
      reduction.setRankFirst(args[1]);
      // Each member thread's CPU when its last member ended, and when that was.
      Map<Long, Long> threadCpu = new HashMap<>();
      Map<Long, Double> threadEnd = new HashMap<>();
      double[] members = {0, Double.MAX_VALUE, 0}; // CPU, first start, last end
      long started = System.nanoTime();
      reduction.setMemberListener((member, count, pairs, seconds) -> {
        long thread = Thread.currentThread().getId();
        long now = threads.getCurrentThreadCpuTime();
        double end = (System.nanoTime() - started) / 1e9;
        // A pool's threads are new each fit; the caller's is read before it.
        members[0] += (now - threadCpu.getOrDefault(thread, 0L)) / 1e9;
        members[1] = Math.min(members[1], end - seconds);
        members[2] = Math.max(members[2], end);
        threadCpu.put(thread, now);
        threadEnd.put(thread, end);
      });
      Map<String, Double> before = cpuByThread();
      long cpu = os.getProcessCpuTime();
      long callerCpu = threads.getCurrentThreadCpuTime();
      threadCpu.put(Thread.currentThread().getId(), callerCpu); // members on it with one slot
      double paused = collectorSeconds();
      long compiling = compiler.getTotalCompilationTime();
      reduction.buildClassifier(data);
      double wall = (System.nanoTime() - started) / 1e9;
      double firstThreadDone = threadEnd.values().stream().mapToDouble(x -> x).min()
          .orElse(members[2]);
      double[] fit = {wall, (os.getProcessCpuTime() - cpu) / 1e9, members[0],
        (threads.getCurrentThreadCpuTime() - callerCpu) / 1e9, collectorSeconds() - paused,
        (compiler.getTotalCompilationTime() - compiling) / 1e3, members[1],
        members[2] - firstThreadDone, wall - members[2]};
      StringBuilder line = new StringBuilder("fit " + f + ":");
      for (int p = 0; p < PHASES.length; p++) {
        phases[p][f] = fit[p];
        line.append(String.format(" %s %.3f;", PHASES[p], fit[p]));
      }
      System.out.println(line + " threads' cpu " + spent(before, cpuByThread())
          + String.format("; load %.1f", os.getSystemLoadAverage()));
    }
    StringBuilder medians = new StringBuilder("medians from fit 3 on:");
    for (int p = 0; p < PHASES.length && fits > 3; p++) {
      double[] warm = Arrays.copyOfRange(phases[p], 3, fits);
      Arrays.sort(warm);
      medians.append(String.format(" %s %.3f;", PHASES[p], warm[warm.length / 2]));
    }
    System.out.println(medians);
  }
}
