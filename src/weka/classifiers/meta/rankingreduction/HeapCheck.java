/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * WEKA's side of the heap check before training, and what training says
 * about its size and time: the same rule and thresholds as the Python face's
 * {@code weka_ranking/memory.py} (the footprint {@code trainingFootprint}
 * gives, against what the JVM can still give, a full collection asked only
 * when that does not fit), said in WEKA's words: the GUI's field and the
 * command line's flag, and the JVM's -Xmx or RunWEKA.ini's maxheap.
 *
 * <p>Each check has one owner: when the Python face has checked a prepared
 * training ({@link PreparedTraining#heapCheckedByCaller}), this check is not
 * made again, so Python's words stay Python's.
 */
public final class HeapCheck {

  /**
   * The least heap a member takes, trained or not (memory.py's
   * MEMBER_BYTES_AT_LEAST): its untrained copy and the committee's arrays.
   */
  public static final long MEMBER_BYTES_AT_LEAST = 512;

  /** Pair instances made in all (pairs per member times members) said before training. */
  public static final long LONG_PAIRS = 5_000_000L;

  private static final long MB = 1L << 20;
  private static final long GB = 1L << 30;

  private HeapCheck() {
  }

  /**
   * Bytes the JVM can still give, and its maximum heap.
   *
   * @param collect whether to ask for a full collection first
   * @return {free, max}
   */
  public static long[] freeHeap(boolean collect) {
    Runtime runtime = Runtime.getRuntime();
    if (collect) {
      System.gc();
    }
    long used = runtime.totalMemory() - runtime.freeMemory();
    return new long[] {runtime.maxMemory() - used, runtime.maxMemory()};
  }

  /**
   * How many members are trained at once: as many as the slots say (at most
   * the committee); with 0 slots one a core, and no more than the heap holds
   * beside one another (at least one: a member that alone does not fit is
   * {@link #refuseWhatWillNotFit}'s to refuse). The members' seeds and samples
   * are theirs whatever the number, so it changes the time and the heap
   * needed, never the model.
   *
   * @param slots the execution slots asked for, 0 for one a core
   * @param members the committee's size
   * @param bytesPerMember the heap bytes one member needs as it is trained
   * @return the members trained at once, from 1 to {@code members}
   */
  public static int membersAtOnce(int slots, int members, long bytesPerMember) {
    if (slots > 0) {
      return Math.max(1, Math.min(members, slots));
    }
    int wanted = Math.max(1, Math.min(members, Runtime.getRuntime().availableProcessors()));
    long per = Math.max(1, bytesPerMember);
    if (wanted * per <= freeHeap(false)[0]) {
      return wanted;
    }
    // garbage is not a reason to train fewer at once
    return (int) Math.max(1, Math.min(wanted, freeHeap(true)[0] / per));
  }

  /**
   * Refuses, before any pair exists, training that will not fit the heap.
   *
   * @param footprint {@code trainingFootprint}'s answer: {pairs per member,
   *     members at once, bytes per pair, bytes per model, bytes per member,
   *     from rows}
   * @param rows the training instances
   * @param pairAttributes a pair instance's attributes, the class left out
   * @param members the committee's size
   * @throws HeapRefusal in one line naming what to change
   */
  public static void refuseWhatWillNotFit(long[] footprint, int rows, int pairAttributes,
      int members) throws HeapRefusal {
    long pairs = footprint[0];
    long atOnce = footprint[1];
    long needed = atOnce * footprint[4];
    boolean fromRows = footprint[5] != 0;
    long[] heap = freeHeap(false);
    long least = members * MEMBER_BYTES_AT_LEAST;
    if (least > heap[1]) {
      throw new HeapRefusal("numIterations (-I) " + members + ": " + members
          + " members take at least " + (least >> 20) + " MB of JVM heap ("
          + MEMBER_BYTES_AT_LEAST + " bytes each before training), and the heap is "
          + (heap[1] >> 20) + " MB: use numIterations (-I) "
          + heap[1] / MEMBER_BYTES_AT_LEAST / 4 + " or fewer", null);
    }
    if (needed <= heap[0]) {
      return;
    }
    heap = freeHeap(true); // garbage is not a reason to refuse
    if (needed <= heap[0]) {
      return;
    }
    long free = heap[0];
    long perPair = footprint[2];
    String what = fromRows
        ? "training on " + rows + " rows (" + pairs + " pairs a member, counted from the rows)"
        : pairs + " pairs of " + pairAttributes + " attributes";
    // gigabytes, a quarter to spare (memory.py: -(-needed * 5 // 4 >> 30))
    long wanted = -Math.floorDiv(Math.floorDiv(-needed * 5, 4), GB);
    long usable = usableHeapGigabytes();
    String said = what + (atOnce > 1 ? " for each of " + atOnce + " members trained at once"
        : "") + " need" + (fromRows ? "s" : "") + " about " + (needed >> 20) + " MB of JVM "
        + "heap, and " + (free >> 20) + " MB is free of " + (heap[1] >> 20) + " MB";
    boolean moreHeapWouldDo = usable <= 0 || wanted <= usable;
    List<String> remedies = new ArrayList<>();
    if (moreHeapWouldDo) {
      remedies.add("give WEKA more heap (java -Xmx" + wanted + "g, or maxheap=" + wanted
          + "g in RunWEKA.ini for the GUI)");
    }
    if (perPair > 0) { // where the rows' part is all, fewer pairs would not fit either
      remedies.add("sample fewer pairs: pairsPerInstance (-P) "
          + pairsPerInstanceFitting(free, atOnce, footprint[3], perPair, rows));
    }
    if (atOnce > 1) {
      remedies.add("train fewer members at once: numExecutionSlots (-num-slots) 1");
    }
    remedies.add("choose another learner (classifier, -W)");
    throw new HeapRefusal(said + (moreHeapWouldDo ? ": "
        : ", more than this machine can give the JVM (about " + usable + "g): ")
        + String.join(", or ", remedies), null);
  }

  /**
   * The pairs per instance whose members fit the free heap with a quarter to
   * spare (as the -Xmx advised has: the heap a JVM reports free moves between
   * one check and the next, a new user's 53 MB free of 61 becoming 48 of 57),
   * said with the pairs they make (memory.py's {@code pairs_per_instance_fitting}).
   *
   * @param free the free heap bytes
   * @param atOnce the members trained at once
   * @param fixed a member's bytes beside its pairs
   * @param perPair the bytes a pair adds to a member, more than 0
   * @param rows the training instances
   * @return "p (about p x rows pairs)", p at least 1
   */
  static String pairsPerInstanceFitting(long free, long atOnce, long fixed, long perPair,
      int rows) {
    long fitting = (free * 4 / 5 / Math.max(atOnce, 1) - fixed) / perPair;
    long p = Math.max(1, fitting / Math.max(rows, 1));
    return p + " (about " + p * rows + " pairs)";
  }

  /**
   * The heap ran out while a member trained: said as an exception, in one
   * line naming the heap and the settings, which WEKA's Explorer shows.
   *
   * @param cause the OutOfMemoryError
   * @param member the member, from 0
   * @param members the committee's size
   * @param pairs the member's pairs
   * @param learner the base learner's simple name
   * @return the refusal to throw
   */
  public static HeapRefusal ranOut(OutOfMemoryError cause, int member, int members,
      long pairs, String learner) {
    long max = Runtime.getRuntime().maxMemory() >> 20;
    return new HeapRefusal("the JVM ran out of heap (" + max + " MB) training " + learner
        + " member " + (member + 1) + " of " + members + " on " + pairs + " pairs: give "
        + "WEKA more heap (java -Xmx, or maxheap in RunWEKA.ini for the GUI), sample fewer "
        + "pairs (pairsPerInstance, -P), train fewer members (numIterations, -I) or fewer "
        + "at once (numExecutionSlots, -num-slots), or choose another learner (classifier, "
        + "-W)", cause);
  }

  /**
   * The line said before long training: the pairs, and how the time will be told.
   *
   * @param pairs pairs per member
   * @param members the committee's size
   * @param learner the base learner's simple name
   * @param fromRows whether the members are trained from the rows, no pair made
   * @param debug whether -D asks for it whatever the size
   * @return the line, or null when there is nothing to say
   */
  public static String before(long pairs, int members, String learner, boolean fromRows,
      boolean debug) {
    long all = pairs * members;
    if (!debug && (fromRows || all <= LONG_PAIRS)) {
      return null;
    }
    return String.format(Locale.ROOT, "RankingReduction: training %d %s member%s on %,d "
        + "pairs %s (%,d pair instances in all%s)%s", members, learner,
        members == 1 ? "" : "s", pairs, members == 1 ? "" : "each", fromRows ? 0 : all,
        fromRows ? ": counted from the rows" : "",
        fromRows || all <= LONG_PAIRS ? "" : members > 1
            ? ": long; each member's time is said when it ends, with about how long the "
                + "rest take (fewer pairs: pairsPerInstance, -P)"
            : ": long, the time of " + learner + " on so many pairs is not known before it "
                + "ends (fewer pairs: pairsPerInstance, -P)");
  }

  /**
   * The line said after a member of long training: its time, and about how
   * long the rest take at that pace (never "0 s" while members remain, it read
   * as done; nothing after the last).
   *
   * @param done members trained so far
   * @param members the committee's size
   * @param seconds the seconds of the members trained so far, summed
   * @param atOnce members trained at once
   * @return the line
   */
  public static String after(int done, int members, double seconds, int atOnce) {
    double each = seconds / Math.max(done, 1);
    String trained = String.format(Locale.ROOT, "RankingReduction: %d of %d members "
        + "trained, %.0f s each", done, members, each);
    if (done >= members) {
      return trained;
    }
    double rest = each * (members - done) / Math.max(atOnce, 1);
    return trained + (rest < 1 ? "; under 1 s to go"
        : String.format(Locale.ROOT, "; about %.0f s to go", rest));
  }

  /**
   * The largest heap worth giving the JVM here: three quarters of the memory
   * (memory.py's machine.usable_heap_gigabytes); 0 when it cannot be known.
   */
  private static long usableHeapGigabytes() {
    try {
      Object os = ManagementFactory.getOperatingSystemMXBean();
      if (os instanceof com.sun.management.OperatingSystemMXBean) {
        @SuppressWarnings("deprecation")
        long bytes = ((com.sun.management.OperatingSystemMXBean) os)
            .getTotalPhysicalMemorySize();
        return Math.max(1, bytes * 3 / 4 >> 30);
      }
    } catch (RuntimeException | LinkageError e) {
      // not HotSpot's bean: no limit said
    }
    return 0;
  }
}
