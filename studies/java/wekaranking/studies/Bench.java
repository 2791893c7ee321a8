/*
 * The references the benchmarks measure the package against: the same work
 * as plain Java loops, with nothing crossing the bridge.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.classifiers.meta.RankingReduction;
import weka.classifiers.meta.rankingreduction.Committee;
import weka.classifiers.meta.rankingreduction.ExactTournament;
import weka.classifiers.meta.rankingreduction.FlatTree;
import weka.classifiers.meta.rankingreduction.PairTraining;
import weka.classifiers.meta.rankingreduction.ProductTraining;
import weka.classifiers.meta.rankingreduction.Rankers;
import weka.classifiers.meta.rankingreduction.TreeTournament;
import weka.classifiers.meta.rankingreduction.UnsharedRandom;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Utils;
import weka.core.converters.ConverterUtils.DataSource;

/** Plain Java loops and a heap probe for the benchmarks. */
public final class Bench {

  private Bench() {
  }

  /**
   * Nanoseconds of the tournament written as a plain loop: one DenseInstance
   * per ordered pair of test rows, every member asked, degrees counted.
   */
  public static long plainTournamentNanos(Classifier[] members, Instances pairHeader,
      Instances test) throws Exception {
    long start = System.nanoTime();
    int n = test.numInstances();
    int m = (pairHeader.numAttributes() - 1) / 2;
    long[] degree = new long[n];
    double[][] rows = new double[n][];
    for (int i = 0; i < n; i++) {
      rows[i] = test.instance(i).toDoubleArray(); // class last, as the bridge builds it
    }
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        if (a == b) {
          continue;
        }
        double[] values = new double[2 * m + 1];
        System.arraycopy(rows[a], 0, values, 0, m);
        System.arraycopy(rows[b], 0, values, m, m);
        values[2 * m] = Utils.missingValue();
        Instance pair = new DenseInstance(1.0, values);
        pair.setDataset(pairHeader);
        int votes = 0;
        for (Classifier member : members) {
          if (member.classifyInstance(pair) == 1.0) {
            votes++;
          }
        }
        if (2 * votes > members.length) {
          degree[a]++;
        }
      }
    }
    long elapsed = System.nanoTime() - start;
    if (degree.length != n) {
      throw new IllegalStateException("lost rows");
    }
    return elapsed;
  }

  /** The rows' non-class values (class last, as the bridge builds them). */
  private static double[][] rows(RankingReduction model, Instances data) {
    int m = model.getTrainingHeader().numAttributes() - 1;
    double[][] rows = new double[data.numInstances()][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = java.util.Arrays.copyOf(data.instance(i).toDoubleArray(), m);
    }
    return rows;
  }

  private static Committee committee(RankingReduction model, double[][] rows, int threads)
      throws Exception {
    return new Committee(Committee.copies(model.getMembers(), threads),
        model.getPairHeader(), model.getModel().getPairLayout(), rows, false);
  }

  /**
   * The exact tournament of a tree committee on the data
   * ({@link Committee#exactTournament}, {@code TreeTournament}) on this many
   * threads, in the orders the model counts.
   */
  public static Rankers.Ranking exactTournament(RankingReduction model, Instances data,
      int threads) throws Exception {
    double[][] rows = rows(model, data);
    Committee committee = committee(model, rows, threads);
    return exactForm(committee).tournament(everyRow(rows.length), committee,
        model.countsBothOrders());
  }

  /**
   * Where the time of the exact tournament of a tree committee on the data
   * went, on this many threads: its wall, its serial part's CPU and each
   * thread's CPU and busy wall ({@link TreeTournament#lastTiming}), which
   * tell threads that work from threads that wait for a share of a loaded
   * machine.
   */
  public static TreeTournament.Timing exactTournamentTiming(RankingReduction model,
      Instances data, int threads) throws Exception {
    double[][] rows = rows(model, data);
    Committee committee = committee(model, rows, threads);
    ExactTournament exact = exactForm(committee);
    if (!(exact instanceof TreeTournament)) {
      throw new IllegalArgumentException("the members are not a committee of trees");
    }
    exact.tournament(everyRow(rows.length), committee, model.countsBothOrders());
    return ((TreeTournament) exact).lastTiming();
  }

  private static ExactTournament exactForm(Committee committee) throws Exception {
    ExactTournament exact = committee.exactTournament();
    if (exact == null) {
      throw new IllegalArgumentException("no exact tournament for these members");
    }
    return exact;
  }

  private static int[] everyRow(int n) {
    int[] all = new int[n];
    java.util.Arrays.setAll(all, i -> i);
    return all;
  }

  /** The brute-force tournament (every ordered pair asked of the committee). */
  public static Rankers.Ranking bruteTournament(RankingReduction model, Instances data,
      int threads) throws Exception {
    double[][] rows = rows(model, data);
    return Rankers.tournament(rows.length, committee(model, rows, threads),
        model.countsBothOrders());
  }

  /**
   * Nanoseconds of the brute-force tournament as a plain loop over the
   * members' trees flattened into arrays ({@link FlatTree}, flattened before
   * the clock starts): every ordered pair, every tree asked, no batches, no
   * early stop.
   */
  public static long flatTournamentNanos(RankingReduction model, Instances data)
      throws Exception {
    double[][] rows = rows(model, data);
    Classifier[] members = model.getMembers();
    FlatTree[] trees = new FlatTree[members.length];
    for (int t = 0; t < trees.length; t++) {
      trees[t] = FlatTree.of(members[t], model.getPairHeader());
      if (trees[t] == null) {
        throw new IllegalArgumentException("member " + t + " is not a tree FlatTree knows");
      }
    }
    long start = System.nanoTime();
    int n = rows.length;
    long[] degree = new long[n];
    int m = n == 0 ? 0 : rows[0].length;
    double[] pair = new double[2 * m];
    for (int a = 0; a < n; a++) {
      System.arraycopy(rows[a], 0, pair, 0, m);
      for (int b = 0; b < n; b++) {
        if (a == b) {
          continue;
        }
        System.arraycopy(rows[b], 0, pair, m, m);
        int votes = 0;
        for (FlatTree tree : trees) {
          int answer = tree.answer(pair);
          if (answer < 0) {
            throw new IllegalArgumentException("rows " + a + ", " + b + ": a missing value");
          }
          votes += answer;
        }
        if (2 * votes > trees.length) {
          degree[a]++;
        }
      }
    }
    long elapsed = System.nanoTime() - start;
    if (degree.length != n) {
      throw new IllegalStateException("lost rows");
    }
    return elapsed;
  }

  /** Nanoseconds of the meta-classifier's own rank(), called from Java. */
  public static long rankNanos(RankingReduction model, Instances test) throws Exception {
    long start = System.nanoTime();
    model.rank(test);
    return System.nanoTime() - start;
  }

  /**
   * Nanoseconds of a committee's members trained as the meta-classifier
   * trains them, one after another, timed here so that no call across the
   * bridge is counted (a NaiveBayes committee takes a millisecond): member i
   * from the rows on the pairs {@code new Random(seeds[i])} draws
   * ({@code ProductTraining.train}, drawn by {@code UnsharedRandom}, Random's
   * sequence), or, not from the rows or declined there, by WEKA on its
   * materialised pair instances (making them included).
   *
   * @param members the untrained members, trained in place
   * @param training the pair training, made before the clock starts
   * @param seeds each member's seed
   * @param fromRows whether to train from the rows where the member allows
   * @param trainedFromRows set to how many members were trained from the rows
   * @return the nanoseconds
   * @throws Exception if a member refuses the data
   */
  public static long committeeNanos(Classifier[] members, PairTraining training, long[] seeds,
      boolean fromRows, int[] trainedFromRows) throws Exception {
    int trained = 0;
    long start = System.nanoTime();
    for (int i = 0; i < members.length; i++) {
      if (fromRows && ProductTraining.train(members[i], training,
          new UnsharedRandom(seeds[i]), 1)) {
        trained++;
      } else {
        members[i].buildClassifier(training.pairs(new Random(seeds[i])));
      }
    }
    long elapsed = System.nanoTime() - start;
    trainedFromRows[0] = trained;
    return elapsed;
  }

  /** Nanoseconds of WEKA's learner trained on the rows themselves, timed here. */
  public static long aloneNanos(Classifier learner, Instances rows) throws Exception {
    long start = System.nanoTime();
    learner.buildClassifier(rows);
    return System.nanoTime() - start;
  }

  /**
   * The heap in use after each garbage collection, the most of it seen, told
   * by the JVM itself: a collection runs whenever the heap fills, so this is
   * what the work held live when it needed more (with G1, the old regions'
   * garbage not yet marked counts too).
   */
  private static final class LiveAfterCollections implements NotificationListener {
    private final List<String> m_HeapPools = new ArrayList<>();
    private long m_Peak;

    LiveAfterCollections() {
      for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
        if (pool.getType() == MemoryType.HEAP) {
          m_HeapPools.add(pool.getName());
        }
      }
      for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
        ((NotificationEmitter) collector).addNotificationListener(this, null, null);
      }
    }

    @Override
    public synchronized void handleNotification(Notification notification, Object handback) {
      if (!notification.getType().equals(
          GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
        return;
      }
      Map<String, MemoryUsage> after = GarbageCollectionNotificationInfo
          .from((CompositeData) notification.getUserData()).getGcInfo().getMemoryUsageAfterGc();
      long used = 0;
      for (String pool : m_HeapPools) {
        used += after.get(pool).getUsed();
      }
      m_Peak = Math.max(m_Peak, used);
    }

    synchronized long peak() {
      return m_Peak;
    }
  }

  /** Heap in use now, after a full collection. */
  private static long liveNow() {
    System.gc();
    System.gc();
    Runtime runtime = Runtime.getRuntime();
    return runtime.totalMemory() - runtime.freeMemory();
  }

  /**
   * Trains the meta-classifier on an ARFF file (class last) and prints, as
   * key=value pairs on one line: the most heap in use (sampled every 20 ms,
   * garbage included) and the most in use after a collection (what training
   * held live), both above the heap in use before training; the seconds and
   * the CPU seconds of all the JVM's threads (the collector's among them);
   * the pairs, the rows, the heap in use before training, and the
   * meta-classifier's estimate of what training needs
   * ({@code trainingFootprint}). With "dense" as the first argument,
   * the pairs are first copied into DenseInstances, as before pair views.
   * Run in a JVM of its own: {@code Bench [dense] file.arff options...}.
   */
  public static void main(String[] args) throws Exception {
    boolean dense = args[0].equals("dense");
    int first = dense ? 1 : 0;
    Instances data = new DataSource(args[first]).getDataSet();
    data.setClassIndex(data.numAttributes() - 1);
    String[] options = java.util.Arrays.copyOfRange(args, first + 1, args.length);
    RankingReduction model = new RankingReduction() {
      private static final long serialVersionUID = 1L;

      @Override
      protected Instances getTrainingSet(int iteration) throws Exception {
        Instances views = super.getTrainingSet(iteration);
        if (!dense) {
          return views;
        }
        Instances copies = new Instances(views, views.numInstances());
        for (int k = 0; k < views.numInstances(); k++) {
          copies.add(new DenseInstance(views.instance(k)));
        }
        return copies;
      }
    };
    model.setOptions(options);
    long[] footprint = model.trainingFootprint(data);
    long before = liveNow();
    LiveAfterCollections live = new LiveAfterCollections();
    Runtime runtime = Runtime.getRuntime();
    long[] peak = new long[1];
    Thread sampler = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        peak[0] = Math.max(peak[0], runtime.totalMemory() - runtime.freeMemory());
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    sampler.setDaemon(true);
    sampler.start();
    OperatingSystemMXBean os =
        (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpuStart = os.getProcessCpuTime();
    long start = System.nanoTime();
    model.buildClassifier(data);
    double seconds = (System.nanoTime() - start) / 1e9;
    double cpuSeconds = (os.getProcessCpuTime() - cpuStart) / 1e9;
    sampler.interrupt();
    sampler.join();
    // The last collection's notification comes on the JVM's own thread.
    Thread.sleep(200);
    System.out.println("peak_heap_bytes=" + Math.max(0, peak[0] - before)
        + " peak_live_bytes=" + Math.max(0, live.peak() - before)
        + " seconds=" + seconds + " cpu_seconds=" + cpuSeconds
        + " pairs=" + model.getModel().pairCounts()[0] + " rows=" + data.numInstances()
        + " before_bytes=" + before
        + " estimate_bytes=" + footprint[1] * footprint[4]);
    AbstractClassifier.makeCopy(model.getMembers()[0]); // keeps the model alive
  }
}
