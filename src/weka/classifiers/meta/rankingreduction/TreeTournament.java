/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * The exact tournament of a committee of trees ({@link FlatTree}) without
 * asking any pair: a tree splits on one side's attribute at a time, so the
 * rows b that reach a leaf, over all a that reach it, are those meeting the
 * conditions on b along its path. Each class-1 leaf ("a beats b") keeps the
 * bitset of the rows b meeting its path's conditions on b; for each row a,
 * each tree is walked following a's branch at splits on a's attributes and
 * every branch at splits on b's, and the bitsets of the class-1 leaves
 * reached are ORed: the rows a beats for that tree. The committee's strict
 * majority (a tied vote says 0, as {@link Committee}) is counted per bit
 * with a bit-sliced adder, and a's degree is the popcount, a itself left
 * out.
 *
 * <p>Fewer bitsets to OR: a small subtree splits the rows a into a few
 * cells (the rows that take the same branches at its splits on a's
 * attributes reach the same leaves), so the highest subtrees with at most
 * {@code CELLS} cells keep one bitset a cell, their leaves' ORed, and the
 * walk of a stops there. Fewer words to OR: the rows b take their bits in
 * a Z-order of the attributes the trees' top splits on b read, so that a
 * block of rows b is near in them and, of the cells a row a reaches, those
 * holding no row b of the block are skipped: each row a lists, once, the
 * cells it reaches by the blocks they hold a row b in, so that a block
 * reads a row's list there and nothing else. Rows a of a group reaching the
 * same cells in every tree are counted once. The rows' splits rarely
 * coincide otherwise: on 100,000 distinct rows of 20 numeric attributes,
 * 86,000 reach distinct leaves of one J48 tree of 1,000 leaves, and every
 * row its own across 10.
 *
 * <p>Exact, not approximate: the walk takes each branch as the tree does
 * ({@link FlatTree#branch}). Rows with a missing value on an attribute some
 * tree splits on are walked fractionally by WEKA. Where every tree is J48's,
 * so are they here ({@link FractionalPairs}): against the clean rows by
 * leaves' bits a block at a time, both ways ({@link #countBlock}; the clean
 * rows b's leaf bits made once for it and {@link #cellBits}), with one
 * another by bits too, a pair walked only where a tree's answer on it
 * is open and may change the vote ({@link WalkedPairs}); otherwise
 * (REPTree, or a nominal value past a
 * split's branches) their pairs, both ways, go to the committee itself.
 * Where those rows are expected to cost seconds ({@link #costSaid}, priced
 * on a sample of their work), the tournament says so on standard error
 * before it starts ({@link #COST_SAID_BY_CALLER}), and once
 * a JVM when the heap is too small for the rows b's bits at once. Memory:
 * one bit a row for each cell, at
 * most, the empty blocks left out; the leaves' bits are made a block at a
 * time and dropped once its cells (and the walked rows' wins against it)
 * are. Past a budget
 * ({@link #setBudget}) the rows b are taken in ranges, the walks of a
 * repeated for each. Rows a are shared among the threads in fixed groups,
 * each row's degree counted by one thread, so the degrees do not depend on
 * the number of threads.
 *
 * <p>The walks go down a tree with many rows at once: a split on one side's
 * attribute divides that side's rows among its branches and sends the other
 * side's rows down every branch whole, so a row costs nothing at the other
 * side's splits. On 1,000,000 rows and 10 J48 trees, making the rows b's
 * leaf bits so took 0.7 of the wall of walking each row in turn, and
 * finding the rows a's cells so, under a third of the CPU (sampled).
 */
public final class TreeTournament implements ExactTournament {

  /** Rows a per task: enough work to share among threads, small enough to balance. */
  private static final int ROWS_PER_TASK = 256;
  /** Walked rows a task pairs with every other (each a walk a pair): the threads balance. */
  private static final int WALKED_PER_TASK = 16;
  /**
   * Words of bits a block: a group of rows a reads a block of every cell it
   * reaches in turn. Longer blocks list and count less and OR more (fewer of
   * the cells are empty): on 1,000,000 rows and 10 J48 trees (2 threads),
   * 256 words took 0.97 of 128's wall and 512 took 1.07; cutting the blocks
   * into spans of 32 words for the cache took twice as long.
   */
  private static final int BLOCK = 256;
  /**
   * Rows a a group: the cells' bits are read from memory once a group, and
   * each thread's groups are its own, so that threads share no cache lines.
   */
  private static final int GROUP = 2048;
  /**
   * The most cells of rows a a subtree may have to keep one bitset a cell:
   * more bits to store, fewer bitsets to OR and list for each row a. On
   * 1,000,000 rows and 10 J48 trees (2 threads, 128-word blocks), 96 and
   * 160 took 0.78 of 16's wall (48: 0.84; 400, past the budget of one range
   * of rows b: 0.89); 96 holds three quarters of 160's bits.
   */
  private static final int CELLS = 96;
  /**
   * The most attributes the order of rows ({@link #places}) follows: fewer
   * attributes, each finer. On 200,000 rows and 10 J48 trees of 20
   * attributes, 3 took 0.91 of 4's CPU (2: 1.00, 6: 1.30, 1: 1.34).
   */
  private static final int ORDER_ATTRIBUTES = 3;

  private final FlatTree[] m_Trees;
  private final double[][] m_Rows;
  private final int m_Threads;
  /** Per tree, the slot of each class-1 leaf's bitset (-1 for other nodes). */
  private final int[][] m_Slot;
  /** Per tree and node, its subtree's cells (capped at CELLS + 1). */
  private final int[][] m_CellCount;
  /** Per cell slot, its tree. */
  private final int[] m_CellTree;
  /** Per tree and node, a cut node's first cell slot (-1 for other nodes). */
  private final int[][] m_CellBase;
  /** Per cell slot, the class-1 leaves (their slots) its rows a reach, whatever b. */
  private final int[][] m_CellLeaves;
  private final int m_Cells;
  /** Per tree, its first class-1 leaf's slot; one more, past the last tree's. */
  private final int[] m_SlotStart;
  /** Per class-1 leaf's slot, its node in its tree. */
  private final int[] m_SlotNode;
  /** Per tree, its first cell slot; one more, past the last tree's. */
  private final int[] m_CellStart;
  /**
   * Per attribute of a row: 0 where no tree splits on it, else one past the
   * largest value every split on it has a branch for.
   */
  private final double[] m_Limit;

  private TreeTournament(FlatTree[] trees, double[][] rows, int threads) {
    m_Trees = trees;
    m_Rows = rows;
    m_Threads = Math.max(1, threads);
    m_Slot = new int[trees.length][];
    m_SlotStart = new int[trees.length + 1];
    int slots = 0;
    for (int t = 0; t < trees.length; t++) {
      m_SlotStart[t] = slots;
      m_Slot[t] = new int[trees[t].size()];
      for (int node = 0; node < trees[t].size(); node++) {
        boolean wins = trees[t].m_Kind[node] == FlatTree.LEAF && trees[t].m_Wins[node];
        m_Slot[t][node] = wins ? slots++ : -1;
      }
    }
    m_SlotStart[trees.length] = slots;
    m_SlotNode = new int[slots];
    for (int t = 0; t < trees.length; t++) {
      for (int node = 0; node < trees[t].size(); node++) {
        if (m_Slot[t][node] >= 0) {
          m_SlotNode[m_Slot[t][node]] = node;
        }
      }
    }
    m_CellCount = new int[trees.length][];
    m_CellBase = new int[trees.length][];
    m_CellStart = new int[trees.length + 1];
    List<int[]> cellLeaves = new ArrayList<>();
    for (int t = 0; t < trees.length; t++) {
      m_CellStart[t] = cellLeaves.size();
      m_CellCount[t] = cellCounts(trees[t]);
      m_CellBase[t] = new int[trees[t].size()];
      Arrays.fill(m_CellBase[t], -1);
      cut(t, 0, cellLeaves);
    }
    m_CellLeaves = cellLeaves.toArray(new int[0][]);
    m_Cells = m_CellLeaves.length;
    m_CellStart[trees.length] = m_Cells;
    m_CellTree = new int[m_Cells];
    for (int t = 0; t < trees.length; t++) {
      Arrays.fill(m_CellTree, m_CellStart[t], m_CellStart[t + 1], t);
    }
    int half = trees[0].m_Half;
    m_Limit = new double[half];
    for (FlatTree tree : trees) {
      for (int node = 0; node < tree.size(); node++) {
        int at = tree.m_Attribute[node];
        if (at >= 0) {
          int j = at % half;
          double limit = tree.m_Kind[node] == FlatTree.BY_VALUE
              ? tree.m_Count[node] : Double.POSITIVE_INFINITY;
          m_Limit[j] = m_Limit[j] == 0 ? limit : Math.min(m_Limit[j], limit);
        }
      }
    }
  }

  /**
   * How many cells each node's subtree splits the rows a into: a leaf one,
   * a split on a's attribute the sum of its children's, a split on b's the
   * product (capped at CELLS + 1).
   */
  private static int[] cellCounts(FlatTree tree) {
    int[] count = new int[tree.size()];
    for (int v = tree.size() - 1; v >= 0; v--) { // children come after their parent
      if (tree.m_Kind[v] == FlatTree.LEAF) {
        count[v] = 1;
        continue;
      }
      boolean onA = tree.m_Attribute[v] < tree.m_Half;
      long cells = onA ? 0 : 1;
      for (int i = 0; i < tree.m_Count[v]; i++) {
        long child = count[tree.m_Children[tree.m_First[v] + i]];
        cells = Math.min(CELLS + 1, onA ? cells + child : cells * child);
      }
      count[v] = (int) cells;
    }
    return count;
  }

  /** Numbers the cells of the highest nodes under v with at most CELLS cells. */
  private void cut(int t, int v, List<int[]> cellLeaves) {
    FlatTree tree = m_Trees[t];
    if (m_CellCount[t][v] > CELLS) {
      for (int i = 0; i < tree.m_Count[v]; i++) {
        cut(t, tree.m_Children[tree.m_First[v] + i], cellLeaves);
      }
      return;
    }
    m_CellBase[t][v] = cellLeaves.size();
    for (int c = 0; c < m_CellCount[t][v]; c++) {
      List<Integer> leaves = new ArrayList<>();
      leavesOfCell(t, v, c, leaves);
      cellLeaves.add(leaves.stream().mapToInt(Integer::intValue).toArray());
    }
  }

  /** The class-1 leaves under v that the rows a of cell c reach, whatever b. */
  private void leavesOfCell(int t, int v, int c, List<Integer> out) {
    FlatTree tree = m_Trees[t];
    if (tree.m_Kind[v] == FlatTree.LEAF) {
      if (m_Slot[t][v] >= 0) {
        out.add(m_Slot[t][v]);
      }
      return;
    }
    int first = tree.m_First[v];
    boolean onA = tree.m_Attribute[v] < tree.m_Half;
    for (int i = 0; i < tree.m_Count[v]; i++) {
      int child = tree.m_Children[first + i];
      int k = m_CellCount[t][child];
      if (!onA) { // every branch, each child's cell a digit of c
        leavesOfCell(t, child, c % k, out);
        c /= k;
      } else if (c < k) { // a's branch, the children's cells numbered in turn
        leavesOfCell(t, child, c, out);
        return;
      } else {
        c -= k;
      }
    }
  }

  /**
   * The tree form of a committee, or null unless every member is a tree
   * that answers every pair of rows without missing values itself.
   *
   * @param trees each member's flattened tree (null for a member that is not one)
   * @param rows the rows' non-class values
   * @param threads threads to count degrees on
   * @return the tree form, or null
   */
  public static TreeTournament of(FlatTree[] trees, double[][] rows, int threads) {
    if (trees.length == 0) {
      return null;
    }
    for (FlatTree tree : trees) {
      if (tree == null) {
        return null;
      }
      for (byte kind : tree.m_Kind) {
        if (kind == FlatTree.UNDECIDED) {
          return null;
        }
      }
    }
    return new TreeTournament(trees, rows, threads);
  }

  /**
   * How many of the rows {@link #tournament} leaves to the members: each of
   * their pairs, both ways, is asked of the committee itself, one by one.
   * Those with a nominal value past a split's branches, and, unless every
   * tree is J48's ({@link FractionalPairs}), those with a missing value
   * where some tree splits.
   *
   * @return the rows whose pairs the members are asked
   */
  public int rowsAsked() {
    int asked = 0;
    for (double[] row : m_Rows) {
      asked += walkedByWeka(row) && !walksFractionally(row) ? 1 : 0;
    }
    return asked;
  }

  /**
   * How many of the rows {@link #tournament} walks fractionally from the
   * flattened trees (J48's arithmetic, {@link FractionalPairs}): each of
   * their pairs with a row not asked of the members, both ways, walks every
   * tree until the majority is decided, a pair at a time.
   *
   * @return the rows with a missing value where some tree splits, when
   *     every tree is J48's; else 0
   */
  public int rowsWalked() {
    int walked = 0;
    for (double[] row : m_Rows) {
      walked += walkedByWeka(row) && walksFractionally(row) ? 1 : 0;
    }
    return walked;
  }

  /**
   * Whether the committee's members all carry J48's fractions
   * ({@link FractionalPairs}): then a row with missing values is walked from
   * the flattened trees, not asked of the members.
   *
   * @param members the committee's members
   * @param pairHeader the pair dataset they were trained on
   * @return whether every member is a J48 tree flattened with its fractions
   * @throws Exception if a tree's structure cannot be read
   */
  public static boolean walksFractionally(weka.classifiers.Classifier[] members,
      weka.core.Instances pairHeader) throws Exception {
    FlatTree[] trees = new FlatTree[members.length];
    for (int m = 0; m < members.length; m++) {
      trees[m] = FlatTree.of(members[m], pairHeader);
      if (trees[m] == null) {
        return false;
      }
    }
    return members.length > 0 && FractionalPairs.applies(trees);
  }

  /**
   * Whether a row WEKA walks fractionally is walked so here too: every tree
   * J48's, and no nominal value past a split's branches.
   */
  private boolean walksFractionally(double[] row) {
    if (!m_Walk || !FractionalPairs.applies(m_Trees)) {
      return false;
    }
    for (int j = 0; j < m_Limit.length; j++) {
      double v = row[j];
      if (m_Limit[j] > 0 && m_Limit[j] < Double.POSITIVE_INFINITY && !Double.isNaN(v)
          && ((int) v < 0 || (int) v >= m_Limit[j])) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether some tree would leave a pair with this row to the member: a
   * missing value on an attribute it splits on, or a nominal value past a
   * split's branches.
   */
  private boolean walkedByWeka(double[] row) {
    for (int j = 0; j < m_Limit.length; j++) {
      double v = row[j];
      if (m_Limit[j] > 0 && (Double.isNaN(v)
          || m_Limit[j] < Double.POSITIVE_INFINITY && ((int) v < 0 || (int) v >= m_Limit[j]))) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@inheritDoc}
   *
   * <p>In both orders, each pair's answer, counted for its first row, is
   * counted for its second in the same pass: a row a's majority bitset over
   * the rows b of a block (its wins there) is added into bit-sliced counters
   * of the block's rows b ({@link Counter}), and so are the walked rows'
   * answers, both ways, and the pairs asked of the members.
   */
  @Override
  public Rankers.Ranking tournament(int[] rows, PairComparator exact, boolean bothOrders)
      throws Exception {
    long started = System.nanoTime();
    long callerCpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    m_RankCpu = new long[m_Threads];
    m_RankBusy = new long[m_Threads];
    m_CallerTaskCpu = 0;
    int n = rows.length;
    boolean[] clean = new boolean[n];
    int[] cleanRows = cleanRows(rows, clean);
    boolean[] asked = new boolean[n];
    int[] walked = walkedRows(rows, clean, asked);
    double[][] walkedValues = new double[walked.length][];
    for (int w = 0; w < walked.length; w++) {
      walkedValues[w] = m_Rows[rows[walked[w]]];
    }
    Distinct kinds = new Distinct(walkedValues);
    if (!Boolean.getBoolean(COST_SAID_BY_CALLER)) {
      Missing missing = new Missing(cleanRows.length, n - cleanRows.length - walked.length,
          kinds);
      for (String said : costSaid(missing, n)) {
        System.err.println("RankingReduction: " + said);
      }
    }
    long[] degree = new long[n];
    long[] lost = bothOrders ? new long[n] : null; // per row, the others that beat it
    int words = (n + 63) >>> 6;
    int[] place = places(rows, true);
    int[] aPlace = places(rows, false);
    int[] byA = new int[cleanRows.length]; // the clean rows a in a's order, for the groups
    int[] inOrder = new int[n];
    for (int i = 0; i < n; i++) {
      inOrder[aPlace[i]] = i;
    }
    int grouped = 0;
    for (int i : inOrder) {
      if (clean[i]) {
        byA[grouped++] = i;
      }
    }
    int[] byPlace = new int[n];
    for (int i = 0; i < n; i++) {
      byPlace[place[i]] = clean[i] ? i : -1;
    }
    // Every cell's bits for a range of rows b within the budget, counted as
    // a bit a row and cell, where the empty blocks take none (on 1,000,000
    // rows and 10 J48 trees, a third of the cells' blocks held a bit).
    long budget = m_Budget > 0 ? m_Budget
        : Math.max(1L << 24, Runtime.getRuntime().maxMemory() / 4);
    int rangeWords = (int) Math.max(BLOCK, Math.min(words, budget / 8 / (m_Cells + 1)));
    if (rangeWords < words) {
      rangeWords = rangeWords / BLOCK * BLOCK; // whole blocks: a range's are the rows' blocks
    }
    if (rangeWords < words && m_Budget == 0) {
      saySmallHeap(8L * words * (m_Cells + 1), (words + rangeWords - 1) / rangeWords);
    }
    LongAdder walks = new LongAdder();
    Walked asA = walked.length == 0 ? null : new Walked(walked, kinds, true);
    for (int fromWord = 0; fromWord < words; fromWord += rangeWords) {
      Range range = new Range(fromWord, Math.min(rangeWords, words - fromWord), place);
      long[][] bits = cellBits(rows, byPlace, range, asA, degree, lost);
      int tasks = (cleanRows.length + GROUP - 1) / GROUP;
      parallel(tasks, task -> {
        int from = task * GROUP;
        int[] group = Arrays.copyOfRange(byA, from, Math.min(byA.length, from + GROUP));
        long[] wins = wins(rows, group, bits, range, byPlace, lost);
        for (int i = 0; i < group.length; i++) {
          degree[group[i]] += wins[i]; // each row is in one task only
        }
      });
    }
    int[] byAPlace = new int[n];
    for (int i = 0; i < n; i++) {
      byAPlace[aPlace[i]] = clean[i] ? i : -1;
    }
    walkFractionally(rows, walked, kinds, byAPlace, degree, lost, walks);
    m_TreeWalks = walks.sum();
    long taken = pairsWithMissing(n, asked, exact, degree, lost);
    callerCpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - callerCpu;
    m_Timing = new Timing((System.nanoTime() - started) / 1e9,
        (callerCpu - m_CallerTaskCpu) / 1e9,
        Arrays.stream(m_RankCpu).mapToDouble(x -> x / 1e9).toArray(),
        Arrays.stream(m_RankBusy).mapToDouble(x -> x / 1e9).toArray());
    return Rankers.degrees(degree, lost, taken);
  }

  /**
   * Where the last tournament's time went, so that a benchmark can tell
   * threads that wait from threads that work, whatever else runs on the
   * machine: the wall clock, the CPU time of the calling thread outside the
   * parallel phases (the serial part), and each thread's CPU time and busy
   * wall (the sum of its tasks' walls) in the parallel phases, the thread
   * with the most CPU first (the threads of successive phases summed by that
   * rank).
   */
  public static final class Timing {
    /** Seconds from the call to its return. */
    public final double wallSeconds;
    /** CPU seconds of the calling thread outside the parallel phases' tasks. */
    public final double serialCpuSeconds;
    /** Per thread, CPU seconds of its tasks, the most first. */
    public final double[] threadCpuSeconds;
    /** Per thread (in the same order), seconds of wall its tasks ran. */
    public final double[] threadBusySeconds;

    Timing(double wallSeconds, double serialCpuSeconds, double[] threadCpuSeconds,
        double[] threadBusySeconds) {
      this.wallSeconds = wallSeconds;
      this.serialCpuSeconds = serialCpuSeconds;
      this.threadCpuSeconds = threadCpuSeconds;
      this.threadBusySeconds = threadBusySeconds;
    }
  }

  /** Bytes the rows b's bits may take at once (0: a quarter of the JVM's heap). */
  private long m_Budget;

  /**
   * Sets how much memory the rows b's bits may take at once: past it, the
   * rows b are taken in ranges, and each row a's walks repeated for each.
   * Any budget gives the same degrees.
   *
   * @param bytes the budget in bytes; 0 for a quarter of the JVM's maximum heap
   */
  public void setBudget(long bytes) {
    m_Budget = bytes;
  }

  /** The last tournament's timing (null before the first). */
  private volatile Timing m_Timing;
  /** Per thread rank, CPU and busy nanoseconds of the running tournament's parallel phases. */
  private long[] m_RankCpu;
  private long[] m_RankBusy;
  /** CPU nanoseconds of the tasks the calling thread ran itself (one thread). */
  private long m_CallerTaskCpu;

  /**
   * Where the last tournament's time went.
   *
   * @return the timing, or null before the first tournament
   */
  public Timing lastTiming() {
    return m_Timing;
  }

  /** Parallel.forEach on this tournament's threads, each thread's CPU and busy wall noted. */
  private void parallel(int count, Parallel.Task task) throws Exception {
    ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    Map<Thread, long[]> spent = new ConcurrentHashMap<>();
    Parallel.forEach(count, m_Threads, i -> {
      long cpu = clock.getCurrentThreadCpuTime();
      long wall = System.nanoTime();
      task.run(i);
      long[] own = spent.computeIfAbsent(Thread.currentThread(), k -> new long[2]);
      own[0] += clock.getCurrentThreadCpuTime() - cpu; // this thread's entry only
      own[1] += System.nanoTime() - wall;
    });
    long[] caller = spent.get(Thread.currentThread());
    m_CallerTaskCpu += caller == null ? 0 : caller[0];
    long[][] byCpu = spent.values().toArray(new long[0][]);
    Arrays.sort(byCpu, (x, y) -> Long.compare(y[0], x[0]));
    for (int r = 0; r < byCpu.length && r < m_RankCpu.length; r++) {
      m_RankCpu[r] += byCpu[r][0];
      m_RankBusy[r] += byCpu[r][1];
    }
  }

  /**
   * Words [from, from + width) of the rows b's bitsets, kept in blocks of
   * {@link #BLOCK} words: a group of rows a reads one block of every cell it
   * reaches, then the next, so that a block's cells stay in the cache.
   */
  private static final class Range {
    final int from;
    final int width;
    final int blocks;
    /** Each row's bit (by position in rows): rows near in the order {@link #places} gives. */
    final int[] place;
    /**
     * Per cell, the blocks where it holds a row b, a bit a block: cell c's
     * are the words from {@code c * heldWords()}.
     */
    long[] held;

    Range(int from, int width, int[] place) {
      this.from = from;
      this.width = width;
      this.place = place;
      blocks = (width + BLOCK - 1) / BLOCK;
    }

    /** Words of a cell's bits of {@link #held}. */
    int heldWords() {
      return (blocks + 63) >>> 6;
    }
  }

  /**
   * Each row's place in a Z-order of the attributes the trees' top splits
   * on one side read (up to {@link #ORDER_ATTRIBUTES} of them, most split on
   * first). On b's side it gives each row its bit: a block of rows b then
   * falls on one side of most of those splits, so of the cells a row a
   * reaches in a tree, most hold no row b of the block and are skipped. On
   * a's side it orders the rows a into groups: rows a near in it reach
   * mostly the same cells, so that one row after another reads the same
   * cells' words and takes the same branches (a fifth less CPU on 100,000
   * rows). Any order gives the same degrees; these, less work.
   */
  private int[] places(int[] rows, boolean bSide) {
    int n = rows.length;
    int half = m_Trees[0].m_Half;
    int[] splits = new int[half];
    for (int t = 0; t < m_Trees.length; t++) {
      FlatTree tree = m_Trees[t];
      for (int v = 0; v < tree.size(); v++) {
        int at = tree.m_Attribute[v];
        if (m_CellCount[t][v] > CELLS && at >= 0 && (at >= half) == bSide) {
          splits[at % half]++; // above the cut: where a's walk forks, or goes a's way
        }
      }
    }
    Integer[] byUse = new Integer[half];
    Arrays.setAll(byUse, j -> j);
    Arrays.sort(byUse, (x, y) -> splits[x] != splits[y] ? splits[y] - splits[x] : x - y);
    int used = 0;
    while (used < Math.min(ORDER_ATTRIBUTES, half) && splits[byUse[used]] > 0) {
      used++;
    }
    int[] place = new int[n];
    int indexBits = 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1));
    int bits = used == 0 ? 0 : Math.min(16, (63 - indexBits) / used); // per attribute
    long[] keys = new long[n];
    for (int k = 0; k < used && bits > 0; k++) {
      int j = byUse[k];
      double low = Double.POSITIVE_INFINITY;
      double high = Double.NEGATIVE_INFINITY;
      for (int row : rows) {
        double v = m_Rows[row][j];
        if (Double.isFinite(v)) {
          low = Math.min(low, v);
          high = Math.max(high, v);
        }
      }
      double scale = high > low ? ((1L << bits) - 1) / (high - low) : 0;
      for (int i = 0; i < n; i++) {
        double v = m_Rows[rows[i]][j];
        long q = Double.isFinite(v) ? (long) ((v - low) * scale) : 0;
        for (int b = 0; b < bits; b++) { // bit b of attribute k, interleaved
          keys[i] |= ((q >>> b) & 1L) << (b * used + k);
        }
      }
    }
    for (int i = 0; i < n; i++) {
      keys[i] = keys[i] << indexBits | i;
    }
    Arrays.sort(keys);
    long mask = (1L << indexBits) - 1;
    for (int p = 0; p < n; p++) {
      place[(int) (keys[p] & mask)] = p;
    }
    return place;
  }

  private int[] cleanRows(int[] rows, boolean[] clean) throws Exception {
    int n = rows.length;
    int tasks = (n + ROWS_PER_TASK - 1) / ROWS_PER_TASK;
    parallel(tasks, task -> {
      for (int i = task * ROWS_PER_TASK; i < Math.min(n, (task + 1) * ROWS_PER_TASK); i++) {
        clean[i] = !walkedByWeka(m_Rows[rows[i]]);
      }
    });
    int count = 0;
    for (boolean c : clean) {
      count += c ? 1 : 0;
    }
    int[] out = new int[count];
    count = 0;
    for (int i = 0; i < n; i++) {
      if (clean[i]) {
        out[count++] = i;
      }
    }
    return out;
  }


  /**
   * Each cell's bits of the range, a block at (block * cells + cell): its
   * class-1 leaves' bits ORed, null where no row b of the block is in them;
   * and the blocks each cell holds a row b in ({@link Range#held}). The
   * leaves' bits ({@link #sideBits}) are made a block at a time and dropped
   * once its cells are, and, while they are at hand, the walked rows' wins
   * against the block's clean rows b counted from them ({@link #countBlock},
   * asA): the rows b's leaf bits are made once for both. A block of its own
   * array: the loops that read blocks at offset 0 of distinct arrays are the
   * ones the compiler turns into vector instructions, and the empty blocks
   * take no memory.
   *
   * @param byPlace per place, its clean row's position in rows (-1 for none)
   * @param asA the walked rows as the pairs' first rows (null: none), their
   *     wins added to degree
   * @param lost null, or per row, adds the walked rows that beat it
   */
  private long[][] cellBits(int[] rows, int[] byPlace, Range range, Walked asA, long[] degree,
      long[] lost) throws Exception {
    long[][] bits = new long[range.blocks * m_Cells][];
    long[][] wins = new long[range.blocks][]; // per block, each walked row's
    parallel(range.blocks, block -> {
      int firstWord = range.from + block * BLOCK;
      int last = Math.min(byPlace.length,
          (firstWord + Math.min(BLOCK, range.width - block * BLOCK)) << 6);
      SideBits side = sideBits(rows, byPlace, firstWord << 6, last, true);
      if (side == null) { // no clean row b here (every row of a batch may have a missing value)
        return;
      }
      long[] cell = new long[BLOCK];
      for (int t = 0; t < m_Trees.length; t++) {
        long[][] leaves = side.m_Bits[t];
        int[] spans = side.m_Spans[t];
        for (int s = m_CellStart[t]; s < m_CellStart[t + 1]; s++) {
          Arrays.fill(cell, 0L);
          boolean any = false;
          for (int slot : m_CellLeaves[s]) {
            int leaf = m_SlotNode[slot];
            long[] leafBits = leaves[leaf];
            if (leafBits != null) {
              any = true;
              for (int w = spans[2 * leaf]; w < spans[2 * leaf + 1]; w++) {
                cell[w] |= leafBits[w];
              }
            }
          }
          if (any) { // a block's cells are its task's only
            bits[block * m_Cells + s] = cell.clone();
          }
        }
      }
      if (asA != null) {
        wins[block] = countBlock(asA, side, byPlace, degree, lost);
      }
    });
    for (long[] counted : wins) {
      for (int w = 0; counted != null && w < counted.length; w++) {
        degree[asA.m_Rows[w]] += counted[w];
      }
    }
    int words = range.heldWords();
    long[] held = new long[m_Cells * words];
    for (int block = 0; block < range.blocks; block++) {
      for (int s = 0; s < m_Cells; s++) {
        if (bits[block * m_Cells + s] != null) {
          held[s * words + (block >>> 6)] |= 1L << block;
        }
      }
    }
    range.held = held;
    return bits;
  }

  /** The order of a block's rows b as a tree's splits on b's attributes divide them. */
  private static final class Partition {
    /** Rows b (their index in the block's list), those at a node in a run. */
    final int[] m_Order;
    /** Where a split sends each row of the run it divides, and the run divided. */
    final int[] m_Branch;
    final int[] m_Scratch;
    /**
     * Per attribute, the rows' values in the list's order: a split reads one
     * attribute of every row of its run, so a column keeps those reads
     * within a few cache lines (the rows' own arrays are scattered on the
     * heap; reading them was a fifth of a 200,000-row tournament's samples).
     */
    private final double[][] m_Columns;

    /**
     * @param values per row, its values
     * @param rows how many of them (from the first) to divide
     */
    Partition(double[][] values, int rows) {
      m_Order = new int[rows];
      m_Branch = new int[rows];
      m_Scratch = new int[rows];
      m_Columns = new double[rows == 0 ? 0 : values[0].length][rows];
      for (int i = 0; i < rows; i++) {
        double[] row = values[i];
        for (int j = 0; j < row.length; j++) {
          m_Columns[j][i] = row[j];
        }
      }
    }

    void reset() {
      for (int i = 0; i < m_Order.length; i++) {
        m_Order[i] = i;
      }
    }

    /**
     * Orders the run [from, to) by the branch the node's split sends each
     * row to, on the value of its attribute less shift (a's attributes: 0;
     * b's: the half), keeping their order within a branch; returns where
     * each branch's rows start in the run, and past the last's end.
     */
    int[] divide(FlatTree tree, int node, int from, int to, int shift) {
      double[] column = m_Columns[tree.m_Attribute[node] - shift];
      if (tree.m_Kind[node] == FlatTree.AT_MOST) { // J48's numeric split: one pass, no branch array
        double split = tree.m_Split[node];
        int low = from;
        int high = 0;
        for (int k = from; k < to; k++) {
          int row = m_Order[k];
          if (column[row] <= split) {
            m_Order[low++] = row; // low <= k: the rows still to read are not overwritten
          } else {
            m_Scratch[high++] = row;
          }
        }
        System.arraycopy(m_Scratch, 0, m_Order, low, high);
        return new int[] {0, low - from, to - from};
      }
      int count = tree.m_Count[node];
      int[] sizes = new int[count + 1];
      for (int k = from; k < to; k++) {
        int c = tree.branch(node, column[m_Order[k]]);
        m_Branch[k] = c;
        sizes[c + 1]++;
      }
      for (int c = 0; c < count; c++) {
        sizes[c + 1] += sizes[c];
      }
      int[] next = Arrays.copyOf(sizes, count);
      for (int k = from; k < to; k++) {
        m_Scratch[from + next[m_Branch[k]]++] = m_Order[k];
      }
      System.arraycopy(m_Scratch, from, m_Order, from, to - from);
      return sizes;
    }
  }

  /**
   * For each clean row a of the group, how many clean rows b of the range it
   * beats by the committee's strict majority, a itself left out; and, where
   * lost is given, for each row b of the range, the rows a of the group that
   * beat it added to lost (each a's bitset of a block, its wins there, into a
   * bit-sliced count of the block's rows b, once for each row a alike).
   *
   * @param byPlace per place, its clean row's position in rows (-1 for none)
   * @param lost null, or per row, the others that beat it (shared: added under its lock)
   */
  private long[] wins(int[] rows, int[] group, long[][] bits, Range range, int[] byPlace,
      long[] lost) {
    int trees = m_Trees.length;
    // The cells each row reaches in each tree, whatever b.
    int[] start = new int[group.length * trees + 1];
    int[] reached = reachedCells(rows, group, start);
    int[] same = sameCells(start, reached, group.length);
    BlockCells listed = new BlockCells(start, reached, same, range, trees);
    long[] counted = new long[group.length]; // wins of the rows whose answers are counted
    Votes votes = new Votes(trees);
    int[] alike = new int[group.length]; // per row counted, the rows of the group it stands for
    for (int i = 0; i < group.length; i++) {
      alike[same[i]]++;
    }
    Counter beaten = lost == null ? null : new Counter(group.length);
    for (int block = 0; block < range.blocks; block++) {
      int base = block * m_Cells;
      for (int i = 0; i < group.length; i++) {
        if (listed.voting(i, block) < votes.m_Majority) {
          continue; // rows counted as another's among them
        }
        if (beaten != null) {
          votes.m_Tally.m_Top = beaten.slot();
        }
        long won = votes.won(bits, base, listed.m_Listed, listed.from(i, block),
            listed.from(i, block + 1));
        counted[i] += won;
        if (beaten != null && won > 0) {
          beaten.took(alike[i]);
        }
      }
      if (beaten != null) {
        synchronized (lost) {
          beaten.addTo(lost, byPlace, (range.from + block * BLOCK) << 6);
        }
      }
    }
    long[] wins = new long[group.length];
    boolean[] itself = new boolean[group.length];
    for (int i = 0; i < group.length; i++) {
      itself[i] = beatsItself(group[i], start, reached, i, bits, range);
      wins[i] = counted[same[i]] - (itself[i] ? 1 : 0);
    }
    if (lost != null) {
      synchronized (lost) { // a row a that beats itself was counted in its own column
        for (int i = 0; i < group.length; i++) {
          lost[group[i]] -= itself[i] ? 1 : 0;
        }
      }
    }
    return wins;
  }

  /**
   * Per row whose answers are counted, the cells it reaches that hold a row
   * b of each block, a block's in turn, in the trees' order; listed once a
   * row from each cell's blocks, so that a block does not look at the cells
   * of a row that are empty there; and how many trees those cells are of,
   * the trees that may vote 1 there. Made by methods of their own, apart
   * from the blocks' counting: a method of long loops is compiled again at
   * each loop's entry, and the whole of {@code wins} had been, eight times
   * at up to 0.7 s each, in a JVM's first tournament.
   */
  private static final class BlockCells {
    /** Row i's cells of block b: m_Listed[m_At[i * (blocks + 1) + b]] on to the next block's. */
    private final int[] m_At;
    final int[] m_Listed;
    /** Per row and block, the trees whose cells hold a row b of the block. */
    private final int[] m_Voters;
    private final int m_Blocks;

    BlockCells(int[] start, int[] reached, int[] same, Range range, int trees) {
      m_Blocks = range.blocks;
      int rows = same.length;
      m_At = new int[rows * (m_Blocks + 1) + 1];
      m_Voters = new int[rows * m_Blocks];
      int listed = 0;
      long[] treeHeld = new long[range.heldWords()]; // the blocks a tree's cells hold a row b in
      for (int i = 0; i < rows; i++) {
        int row = i * (m_Blocks + 1);
        m_At[row] = listed;
        if (same[i] == i) {
          count(i, start, reached, range, trees, treeHeld);
        }
        for (int b = 0; b < m_Blocks; b++) {
          m_At[row + b + 1] += m_At[row + b];
        }
        listed = m_At[row + m_Blocks];
      }
      m_Listed = new int[listed];
      int[] next = new int[m_Blocks];
      for (int i = 0; i < rows; i++) {
        if (same[i] == i) {
          list(i, start, reached, range, trees, next);
        }
      }
    }

    /**
     * Row i's cells a block, counted, and its trees that hold a row b of
     * each; treeHeld is scratch of the range's held words, made once.
     */
    private void count(int i, int[] start, int[] reached, Range range, int trees,
        long[] treeHeld) {
      int words = range.heldWords();
      long[] held = range.held;
      int row = i * (m_Blocks + 1); // counts at row + b + 1, summed into starts by the caller
      for (int t = 0; t < trees; t++) {
        Arrays.fill(treeHeld, 0L);
        for (int r = start[i * trees + t]; r < start[i * trees + t + 1]; r++) {
          for (int w = 0; w < words; w++) {
            long blocksHeld = held[reached[r] * words + w];
            treeHeld[w] |= blocksHeld;
            for (; blocksHeld != 0; blocksHeld &= blocksHeld - 1) {
              m_At[row + (w << 6) + Long.numberOfTrailingZeros(blocksHeld) + 1]++;
            }
          }
        }
        for (int w = 0; w < words; w++) {
          for (long blocksHeld = treeHeld[w]; blocksHeld != 0; blocksHeld &= blocksHeld - 1) {
            m_Voters[i * m_Blocks + (w << 6) + Long.numberOfTrailingZeros(blocksHeld)]++;
          }
        }
      }
    }

    /** Row i's cells, listed by block. */
    private void list(int i, int[] start, int[] reached, Range range, int trees, int[] next) {
      int words = range.heldWords();
      long[] held = range.held;
      System.arraycopy(m_At, i * (m_Blocks + 1), next, 0, m_Blocks);
      for (int r = start[i * trees]; r < start[(i + 1) * trees]; r++) {
        int cell = reached[r];
        for (int w = 0; w < words; w++) {
          for (long blocksHeld = held[cell * words + w]; blocksHeld != 0;
              blocksHeld &= blocksHeld - 1) {
            m_Listed[next[(w << 6) + Long.numberOfTrailingZeros(blocksHeld)]++] = cell;
          }
        }
      }
    }

    /** Where row i's cells of a block start in m_Listed (of block m_Blocks: where they end). */
    int from(int i, int block) {
      return m_At[i * (m_Blocks + 1) + block];
    }

    /** How many trees may say "a beats b" for some row b of the block. */
    int voting(int i, int block) {
      return m_Voters[i * m_Blocks + block];
    }
  }

  /** A row a's answers in a block, tree by tree, and their tally. */
  private final class Votes {
    final int m_Majority;
    final Tally m_Tally;
    /** Per tree that says 1 for some b of the block. */
    private final long[][] m_Answers;
    /** A tree's answers where a reaches several cells. */
    private final long[][] m_Unions;

    Votes(int trees) {
      m_Majority = trees / 2 + 1;
      m_Tally = new Tally(trees);
      m_Answers = new long[trees][];
      m_Unions = new long[trees][BLOCK];
    }

    /**
     * How many rows b of the block a row a beats by the committee's majority,
     * its wins set in the tally's top: its cells there, cells[from] to
     * cells[to - 1] in the trees' order, a tree's ORed.
     */
    long won(long[][] bits, int base, int[] cells, int from, int to) {
      int voting = 0;
      for (int k = from; k < to; ) {
        int end = k + 1;
        int t = m_CellTree[cells[k]];
        while (end < to && m_CellTree[cells[end]] == t) {
          end++;
        }
        if (end - k == 1) {
          m_Answers[voting] = bits[base + cells[k]];
        } else {
          union(bits, base, cells, k, end, m_Unions[voting]);
          m_Answers[voting] = m_Unions[voting];
        }
        voting++;
        k = end;
      }
      return m_Tally.reached(m_Answers, voting);
    }
  }

  /**
   * For each row of a group, the first row of the group that reaches the
   * same cells in every tree (itself if none before it does): rows alike
   * (equal rows, or rows that differ only where no tree looks) beat the same
   * rows b, so their answers are counted once. Rows are compared by their
   * cells' lists, found by a hash of them.
   */
  private int[] sameCells(int[] start, int[] reached, int rows) {
    int trees = m_Trees.length;
    int[] same = new int[rows];
    Map<Long, Integer> first = new HashMap<>();
    for (int i = 0; i < rows; i++) {
      int from = start[i * trees];
      int to = start[(i + 1) * trees];
      long hash = to - from;
      for (int t = 1; t < trees; t++) {
        hash = hash * 31 + start[i * trees + t] - from; // where each tree's cells start
      }
      for (int r = from; r < to; r++) {
        hash = hash * 1_000_003L + reached[r];
      }
      same[i] = i;
      Integer earlier = first.putIfAbsent(hash, i);
      if (earlier != null && sameLists(start, reached, earlier, i)) {
        same[i] = earlier;
      }
    }
    return same;
  }

  /** Whether rows i and j of a group reach the same cells in every tree. */
  private boolean sameLists(int[] start, int[] reached, int i, int j) {
    int trees = m_Trees.length;
    for (int t = 0; t < trees; t++) {
      int fi = start[i * trees + t];
      int fj = start[j * trees + t];
      if (start[i * trees + t + 1] - fi != start[j * trees + t + 1] - fj
          || !Arrays.equals(reached, fi, start[i * trees + t + 1],
              reached, fj, start[j * trees + t + 1])) {
        return false;
      }
    }
    return true;
  }

  /** Whether the committee says a beats a (a clean row), as its bits hold it. */
  private boolean beatsItself(int a, int[] start, int[] reached, int i, long[][] bits,
      Range range) {
    int p = range.place[a];
    int word = (p >>> 6) - range.from;
    if (word < 0 || word >= range.width) {
      return false;
    }
    int votes = 0;
    int trees = m_Trees.length;
    for (int t = 0; t < trees; t++) {
      for (int r = start[i * trees + t]; r < start[i * trees + t + 1]; r++) {
        long[] cell = bits[(word / BLOCK) * m_Cells + reached[r]];
        if (cell != null && (cell[word % BLOCK] & (1L << (p & 63))) != 0) {
          votes++;
          break; // a reaches one leaf against itself
        }
      }
    }
    return 2 * votes > trees;
  }

  /**
   * Into out, the OR of the blocks bits[base + cell] of cells[from] to
   * cells[to - 1] (two or more): three at a pass, as a pass's cost is
   * mostly out's loads and stores.
   */
  private static void union(long[][] bits, int base, int[] cells, int from, int to, long[] out) {
    long[] first = bits[base + cells[from]];
    long[] second = bits[base + cells[from + 1]];
    long[] third = to - from > 2 ? bits[base + cells[from + 2]] : Tally.NONE;
    for (int w = 0; w < BLOCK; w++) {
      out[w] = first[w] | second[w] | third[w];
    }
    for (int k = from + 3; k < to; k += 2) {
      long[] next = bits[base + cells[k]];
      long[] after = k + 1 < to ? bits[base + cells[k + 1]] : Tally.NONE;
      for (int w = 0; w < BLOCK; w++) {
        out[w] |= next[w] | after[w];
      }
    }
  }

  /**
   * Seven blocks' sum, a word at a time by four full adders, into q0 to q2
   * as a number of three bit slices (weights 1, 2 and 4): a {@link Tally}'s
   * first seven answers, and a {@link Counter} level's seven bitsets.
   */
  private static void sevenSum(long[][] x, long[] q0, long[] q1, long[] q2) {
    long[] x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    long[] x4 = x[4], x5 = x[5], x6 = x[6];
    for (int w = 0; w < BLOCK; w++) {
      long a = x0[w], b = x1[w], c = x2[w], h = a ^ b;
      long s1 = h ^ c, c1 = (a & b) | (h & c); // weights 1 and 2
      a = x3[w];
      b = x4[w];
      c = x5[w];
      h = a ^ b;
      long s2 = h ^ c, c2 = (a & b) | (h & c);
      a = x6[w];
      h = s1 ^ s2;
      long d = (s1 & s2) | (h & a); // weight 2
      q0[w] = h ^ a;
      h = c1 ^ c2;
      q1[w] = h ^ d;
      q2[w] = (c1 & c2) | (h & d);
    }
  }

  /**
   * Per bit of a block, whether at least a majority of the trees' answers
   * say 1, a block's words at once and without a branch on the bits, so
   * that the compiler may use the processor's vector instructions. Each
   * bit's count is a binary number a bit slice each (a bit-sliced counter),
   * plus 2^k - majority (k: the count's bits), so that a bit's count reaches
   * the majority where it carries out of bit k - 1; the answer is the
   * popcount of those carries, without comparing the count with the
   * majority.
   *
   * <p>Up to ten trees, the count of a word stays in registers: a pass adds
   * seven answers into three bits, and a second adds the last three and
   * carries out (a third of the first's CPU on ten trees). The compiler
   * turns a loop into vector instructions only while it reads few arrays,
   * so a pass reads at most seven (one of fifteen took three times as long).
   * More trees: a pass adds three answers into slices kept in memory.
   */
  private static final class Tally {
    /** The most trees whose count stays in registers. */
    static final int IN_REGISTERS = 10;
    /** No answer: the block's words all 0. */
    static final long[] NONE = new long[BLOCK];
    /** A count of three bits, all 0. */
    private static final long[][] NO_COUNT = {NONE, NONE, NONE};
    /**
     * The count's bits, the lowest first (IN_REGISTERS trees or fewer: the
     * first seven answers' count, three bits).
     */
    private final long[][] m_Slice;
    /**
     * Where the count has reached the majority: a block of the tally's own,
     * or where a caller wants it (a {@link Counter}'s next slot, uncopied).
     */
    long[] m_Top = new long[BLOCK];
    /** Per bit of the count, all ones where 2^k - majority has that bit. */
    private final long[] m_Start;
    /** A vote's carry through the slices of a counter of more than four bits. */
    private final long[] m_Carry = new long[BLOCK];
    /** Up to seven answers of a pass, padded with NONE. */
    private final long[][] m_In = new long[7][];

    Tally(int trees) {
      int majority = trees / 2 + 1;
      // Four bits hold a count of up to 15: IN_REGISTERS trees, or the
      // majority of up to 31 trees less one, and as many again.
      int bits = trees <= IN_REGISTERS ? 4
          : Math.max(4, 32 - Integer.numberOfLeadingZeros(majority - 1));
      m_Slice = new long[trees <= IN_REGISTERS ? 3 : bits][BLOCK];
      m_Start = new long[bits];
      long start = (1L << bits) - majority; // the count a majority carries out of the bits
      for (int k = 0; k < bits; k++) {
        m_Start[k] = ((start >>> k) & 1) == 1 ? -1L : 0L;
      }
    }

    /**
     * How many bits of the block at least a majority of the trees' answers
     * say 1 in.
     *
     * @param answers the answers of the trees that say 1 for some bit
     * @param voters how many there are (the other trees say 0)
     */
    long reached(long[][] answers, int voters) {
      if (m_Slice.length == 3) {
        int first = voters > 3 ? Math.min(7, voters) : 0; // the rest go to finish
        for (int v = 0; v < 7; v++) {
          m_In[v] = v < first ? answers[v] : NONE;
        }
        long[][] count = first > 0 ? m_Slice : NO_COUNT;
        if (first > 0) {
          sevenSum(m_In, m_Slice[0], m_Slice[1], m_Slice[2]);
        }
        finish(count, first < voters ? answers[first] : NONE,
            first + 1 < voters ? answers[first + 1] : NONE,
            first + 2 < voters ? answers[first + 2] : NONE);
      } else {
        for (int k = 0; k < m_Slice.length; k++) {
          Arrays.fill(m_Slice[k], m_Start[k]);
        }
        Arrays.fill(m_Top, 0L);
        for (int v = 0; v < voters; v += 3) {
          add(answers[v], v + 1 < voters ? answers[v + 1] : NONE,
              v + 2 < voters ? answers[v + 2] : NONE);
        }
      }
      long won = 0;
      for (int w = 0; w < BLOCK; w++) { // apart: in the loops above, no vector instructions
        won += Long.bitCount(m_Top[w]);
      }
      return won;
    }

    /**
     * A count of three bits plus three more answers, four bits, plus 2^4 -
     * majority: where it carries out, the majority is reached.
     */
    private void finish(long[][] count, long[] x0, long[] x1, long[] x2) {
      long[] q0 = count[0], q1 = count[1], q2 = count[2];
      long k0 = m_Start[0], k1 = m_Start[1], k2 = m_Start[2], k3 = m_Start[3];
      long[] top = m_Top;
      for (int w = 0; w < BLOCK; w++) {
        long a = x0[w], b = x1[w], c = x2[w], h = a ^ b;
        long s = h ^ c, two = (a & b) | (h & c); // the three's sum: s + 2 two
        long p0 = q0[w], p1 = q1[w], p2 = q2[w];
        long bit0 = p0 ^ s, carry = p0 & s;
        h = p1 ^ two;
        long bit1 = h ^ carry;
        carry = (p1 & two) | (h & carry);
        long bit2 = p2 ^ carry, bit3 = p2 & carry;
        carry = bit0 & k0; // now adding 2^4 - majority
        carry = (bit1 & k1) | (carry & (bit1 | k1));
        carry = (bit2 & k2) | (carry & (bit2 | k2));
        top[w] = (bit3 & k3) | (carry & (bit3 | k3));
      }
    }

    /**
     * Adds three answers into the slices at once: their sum, two bits (a
     * full adder), added in one pass over the slices, a third of the slices'
     * loads and stores of adding them in turn.
     */
    private void add(long[] one, long[] two, long[] three) {
      long[][] slice = m_Slice;
      long[] top = m_Top;
      if (slice.length != 4) {
        for (long[] answers : new long[][] {one, two, three}) {
          System.arraycopy(answers, 0, m_Carry, 0, BLOCK);
          for (long[] count : slice) {
            for (int w = 0; w < BLOCK; w++) {
              long sum = count[w] ^ m_Carry[w];
              m_Carry[w] &= count[w];
              count[w] = sum;
            }
          }
          for (int w = 0; w < BLOCK; w++) {
            top[w] |= m_Carry[w];
          }
        }
        return;
      }
      long[] s0 = slice[0];
      long[] s1 = slice[1];
      long[] s2 = slice[2];
      long[] s3 = slice[3];
      for (int w = 0; w < BLOCK; w++) {
        long half = one[w] ^ two[w];
        long low = half ^ three[w]; // the three's sum: low + 2 high
        long high = (one[w] & two[w]) | (half & three[w]);
        long count = s0[w];
        s0[w] = count ^ low;
        long carry = count & low;
        count = s1[w]; // a full adder: count, carry and high, all of weight 2
        half = count ^ carry;
        s1[w] = half ^ high;
        carry = (count & carry) | (half & high);
        count = s2[w];
        s2[w] = count ^ carry;
        carry &= count;
        count = s3[w];
        s3[w] = count ^ carry;
        top[w] |= carry & count;
      }
    }

  }

  /**
   * Per bit of a block, a count of the bitsets added in which it is set,
   * kept bit-sliced (a binary number a bit slice each, the lowest first):
   * adding a bitset carries through the slices a word at a time, where
   * counting each set bit apart reads and writes a row's count at random
   * (a sixth of the walked rows' CPU against the clean rows at 200,000).
   * The slices go in levels of three. A level holds up to seven bitsets
   * (of weight 8^level), sums them by four full adders a word into a
   * three-bit number, adds that into its three slices and hands what
   * carries out, one bitset, to the level above: no carry runs from slice
   * to slice a word at a time (added alone, a bitset carried through some
   * seven slices a word before every bit's carry was spent: in both orders
   * at 200,000 rows, 9 CPU seconds of 27).
   */
  private static final class Counter {
    /** Per slice, its bits; slices 3 l to 3 l + 2 are level l's. */
    private final long[][] m_Slice;
    /** Per level, the bitsets held till there are seven. */
    private final long[][][] m_Held;
    private final int[] m_HeldCount;
    /** A level's seven held bitsets summed, three slices. */
    private final long[][] m_Sum = new long[3][BLOCK];

    /** @param most the most bitsets that will be added */
    Counter(int most) {
      int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, most));
      int levels = (bits + 2) / 3; // 8^levels > most: the top level carries nothing out
      m_Slice = new long[3 * levels][BLOCK];
      m_Held = new long[levels][7][BLOCK];
      m_HeldCount = new int[levels];
    }

    /** Adds 1 to the count of every bit set in bits. */
    void add(long[] bits) {
      System.arraycopy(bits, 0, slot(), 0, BLOCK);
      took(1);
    }

    /** Where the next bitset may be written, to be added by {@link #took} (or not at all). */
    long[] slot() {
      return m_Held[0][m_HeldCount[0]];
    }

    /** Adds weight to the count of every bit set in the bitset written at {@link #slot}. */
    void took(long weight) {
      if (weight == 1) {
        if (++m_HeldCount[0] == 7) {
          addHeld(0);
        }
        return;
      }
      long[] bits = slot(); // a weight of several rows alike: carried slice to slice
      for (int from = 0; weight != 0; from++, weight >>>= 1) {
        if ((weight & 1) == 1) {
          for (int w = 0; w < BLOCK; w++) {
            long carry = bits[w];
            for (int k = from; carry != 0; k++) {
              long count = m_Slice[k][w];
              m_Slice[k][w] = count ^ carry;
              carry &= count;
            }
          }
        }
      }
    }

    /**
     * A level's held bitsets summed (three bits a word, as Tally's seven)
     * into its slices, what carries out held by the level above.
     */
    private void addHeld(int level) {
      long[][] held = m_Held[level];
      for (int h = m_HeldCount[level]; h < 7; h++) {
        Arrays.fill(held[h], 0L);
      }
      m_HeldCount[level] = 0;
      boolean top = level + 1 == m_Held.length;
      long[] out = top ? null : m_Held[level + 1][m_HeldCount[level + 1]];
      long[][] sum = m_Sum;
      sevenSum(held, sum[0], sum[1], sum[2]);
      long[] s0 = sum[0], s1 = sum[1], s2 = sum[2];
      long[] q0 = m_Slice[3 * level], q1 = m_Slice[3 * level + 1];
      long[] q2 = m_Slice[3 * level + 2];
      long carried = 0;
      for (int w = 0; w < BLOCK; w++) { // the sum into the level's slices, a full adder each
        long p = q0[w];
        q0[w] = p ^ s0[w];
        long carry = p & s0[w];
        p = q1[w];
        long h = p ^ s1[w];
        q1[w] = h ^ carry;
        carry = (p & s1[w]) | (h & carry);
        p = q2[w];
        h = p ^ s2[w];
        q2[w] = h ^ carry;
        carry = (p & s2[w]) | (h & carry);
        carried |= carry;
        if (!top) {
          out[w] = carry;
        }
      }
      if (carried != 0 && ++m_HeldCount[level + 1] == 7) { // none carries out of the top
        addHeld(level + 1);
      }
    }

    /** Adds the bitsets still held, at every level, so that every count is whole. */
    void settle() {
      for (int level = 0; level < m_Held.length; level++) {
        if (m_HeldCount[level] > 0) {
          addHeld(level);
        }
      }
    }

    /**
     * Adds each bit's count to its row's entry of out, then clears the counts.
     *
     * @param byPlace per place, its row's position in out (-1 for none)
     * @param first the place of bit 0
     */
    void addTo(long[] out, int[] byPlace, int first) {
      settle();
      long[] counts = new long[64];
      for (int w = 0; w < BLOCK; w++) {
        long any = 0;
        for (int k = 0; k < m_Slice.length; k++) { // a word's 64 counts, slice by slice
          long bits = m_Slice[k][w];
          any |= bits;
          for (; bits != 0; bits &= bits - 1) {
            counts[Long.numberOfTrailingZeros(bits)] += 1L << k;
          }
        }
        for (; any != 0; any &= any - 1) {
          int bit = Long.numberOfTrailingZeros(any);
          int row = byPlace[first + (w << 6) + bit]; // a bit counted is a row's
          if (row >= 0) {
            out[row] += counts[bit];
          }
          counts[bit] = 0;
        }
      }
      for (long[] slice : m_Slice) {
        Arrays.fill(slice, 0L);
      }
    }
  }

  /** A growing list of slots. */
  private static final class Slots {
    int[] items = new int[1024];
    int size;

    void add(int slot) {
      if (size == items.length) {
        items = Arrays.copyOf(items, 2 * size);
      }
      items[size++] = slot;
    }
  }

  /**
   * The cells of each tree that each row a of the group reaches, whatever
   * b, where they hold a class-1 leaf: a's branch at splits on a's
   * attributes, every branch at splits on b's, down to the cut; there, the
   * cell a's branches in the subtree number ({@link #leavesOfCell}). Row i's
   * cells of tree t are reached[start[i * trees + t]] on to the next's
   * start. The rows go down each tree together, divided at a's splits only,
   * so that rows cost nothing at b's splits.
   */
  private int[] reachedCells(int[] rows, int[] group, int[] start) {
    int trees = m_Trees.length;
    int n = group.length;
    double[][] values = new double[n][];
    for (int i = 0; i < n; i++) {
      values[i] = m_Rows[rows[group[i]]];
    }
    Partition partition = new Partition(values, n);
    int[] cell = new int[n]; // per row, its cell in the subtree walked
    Slots[] byTree = new Slots[trees]; // per tree, (row, cell) in turn
    int[] count = new int[n * trees]; // per row and tree, its cells
    for (int t = 0; t < trees; t++) {
      partition.reset();
      byTree[t] = new Slots();
      reach(t, 0, partition, 0, n, cell, byTree[t]);
      for (int k = 0; k < byTree[t].size; k += 2) {
        count[byTree[t].items[k] * trees + t]++;
      }
    }
    for (int j = 0; j < n * trees; j++) {
      start[j + 1] = start[j] + count[j];
    }
    int[] reached = new int[start[n * trees]];
    int[] next = Arrays.copyOf(start, n * trees);
    for (int t = 0; t < trees; t++) { // each row's in the order the walk met them
      int[] found = byTree[t].items;
      for (int k = 0; k < byTree[t].size; k += 2) {
        reached[next[found[k] * trees + t]++] = found[k + 1];
      }
    }
    return reached;
  }

  /** Adds to found, as (row, cell), the cells the rows of the run reach under the node. */
  private void reach(int t, int node, Partition partition, int from, int to, int[] cell,
      Slots found) {
    int[] order = partition.m_Order;
    int base = m_CellBase[t][node];
    if (base >= 0) {
      for (int k = from; k < to; k++) {
        cell[order[k]] = 0;
      }
      number(t, node, partition, from, to, cell, 1);
      for (int k = from; k < to; k++) {
        int row = order[k];
        if (m_CellLeaves[base + cell[row]].length > 0) {
          found.add(row);
          found.add(base + cell[row]);
        }
      }
      return;
    }
    FlatTree tree = m_Trees[t];
    int first = tree.m_First[node];
    if (tree.m_Attribute[node] >= tree.m_Half) {
      for (int c = 0; c < tree.m_Count[node]; c++) {
        reach(t, tree.m_Children[first + c], partition, from, to, cell, found);
      }
      return;
    }
    int[] sizes = partition.divide(tree, node, from, to, 0);
    for (int c = 0; c < tree.m_Count[node]; c++) {
      if (sizes[c + 1] > sizes[c]) {
        reach(t, tree.m_Children[first + c], partition, from + sizes[c], from + sizes[c + 1],
            cell, found);
      }
    }
  }

  /**
   * Adds to each row's cell, times the digit, the number its branches under
   * the node give it: at a split on a's attribute, the cells of the
   * branches before a's; at one on b's, each branch's cell a digit (the
   * numbering of {@link #leavesOfCell}, for the rows of a run at once).
   */
  private void number(int t, int node, Partition partition, int from, int to, int[] cell,
      int digit) {
    FlatTree tree = m_Trees[t];
    if (tree.m_Kind[node] == FlatTree.LEAF) {
      return;
    }
    int first = tree.m_First[node];
    if (tree.m_Attribute[node] >= tree.m_Half) { // every branch, each child's cells a digit
      for (int c = 0; c < tree.m_Count[node]; c++) {
        int child = tree.m_Children[first + c];
        number(t, child, partition, from, to, cell, digit);
        digit *= m_CellCount[t][child];
      }
      return;
    }
    int[] sizes = partition.divide(tree, node, from, to, 0);
    int[] order = partition.m_Order;
    int before = 0; // the cells of the branches before
    for (int c = 0; c < tree.m_Count[node]; c++) {
      int child = tree.m_Children[first + c];
      for (int k = from + sizes[c]; k < from + sizes[c + 1]; k++) {
        cell[order[k]] += before * digit;
      }
      if (sizes[c + 1] > sizes[c]) {
        number(t, child, partition, from + sizes[c], from + sizes[c + 1], cell, digit);
      }
      before += m_CellCount[t][child];
    }
  }

  /**
   * The rows WEKA walks fractionally that are walked here too
   * ({@link FractionalPairs}); the others of them marked in asked, their
   * pairs asked of the committee.
   */
  private int[] walkedRows(int[] rows, boolean[] clean, boolean[] asked) {
    List<Integer> walked = new ArrayList<>();
    for (int i = 0; i < rows.length; i++) {
      if (!clean[i]) {
        if (walksFractionally(m_Rows[rows[i]])) {
          walked.add(i);
        } else {
          asked[i] = true;
        }
      }
    }
    return walked.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The system property that sets from how many seconds on two idle cores a
   * tournament's rows with missing values are worth saying before it starts
   * ({@link #DEFAULT_SECONDS_WORTH_SAYING} unless set), in both faces.
   */
  public static final String COST_WORTH_SAYING = "weka.ranking.tournamentCostWorthSaying";

  /**
   * From this many seconds expected on two idle cores a tournament says
   * what its rows with missing values cost, before it starts.
   */
  public static final double DEFAULT_SECONDS_WORTH_SAYING = 5;

  /**
   * The system property that tells the tournament its caller says its cost
   * (the Python face sets it when it starts the JVM, and warns in its own
   * words).
   */
  public static final String COST_SAID_BY_CALLER = "weka.ranking.tournamentCostSaidByCaller";

  /** Said once a JVM: a heap too small for the rows b's bits at once. */
  private static final AtomicBoolean SAID_SMALL_HEAP = new AtomicBoolean();

  /**
   * Each of these rows' pairs, both ways, once: (n - 1) as the first, and as
   * the second with the n - rows others.
   *
   * @param rows rows whose pairs are taken
   * @param n the batch's rows
   * @return the pairs
   */
  public static long pairsOf(long rows, long n) {
    return rows * (n - 1) + rows * (n - rows);
  }

  /**
   * From how many seconds on two idle cores the cost is said: the property
   * {@link #COST_WORTH_SAYING}, else {@link #DEFAULT_SECONDS_WORTH_SAYING}.
   *
   * @return the seconds
   * @throws IllegalArgumentException if the property is not a number
   */
  public static double secondsWorthSaying() {
    String set = System.getProperty(COST_WORTH_SAYING);
    if (set == null) {
      return DEFAULT_SECONDS_WORTH_SAYING;
    }
    try {
      return Double.parseDouble(set);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(COST_WORTH_SAYING + " must be a number of seconds; got \""
          + set + "\"");
    }
  }

  /**
   * What a tournament of all the rows will say before it starts, where its
   * rows with missing values are expected to cost at least
   * {@link #secondsWorthSaying} on two idle cores: the sentences both faces
   * say (WEKA's on standard error, the Python face as a warning).
   *
   * @return the sentences, none where the cost is below the threshold
   */
  public String[] costSaid() {
    return costSaid(new Missing(everyone()), m_Rows.length).toArray(new String[0]);
  }

  /**
   * The seconds on two idle cores that a tournament of all the rows is
   * expected to spend on its rows walked fractionally
   * ({@link #walkedSeconds(long, long, long, int, long[])} of {@link #sampledWork}).
   *
   * @return the seconds, 0 where no row is walked
   */
  public double walkedSeconds() {
    Missing missing = new Missing(everyone());
    return walkedSeconds(missing);
  }

  /**
   * The work of the pairs of all the rows walked fractionally with one
   * another (a kind a row: equal on the attributes the trees split on),
   * counted on a sample of them ({@link WalkedPairs#sampleWork}), that
   * {@link #walkedSeconds()} prices.
   *
   * @return the sample's pairs, trees walked for one pair, nodes those walks
   *     visited and words of bits ORed
   */
  public long[] sampledWork() {
    return sampleWork(new Missing(everyone()).walked);
  }

  /** Every row's position. */
  private int[] everyone() {
    int[] everyone = new int[m_Rows.length];
    Arrays.setAll(everyone, i -> i);
    return everyone;
  }

  /** A batch's rows by what their pairs cost: clean, walked (their values), asked. */
  private final class Missing {
    final int clean;
    final int asked;
    final Distinct walked;

    Missing(int clean, int asked, Distinct walked) {
      this.clean = clean;
      this.asked = asked;
      this.walked = walked;
    }

    /** The rows at these positions, sorted. */
    Missing(int[] rows) {
      List<double[]> values = new ArrayList<>();
      int clean = 0;
      for (int i : rows) {
        double[] row = m_Rows[i];
        if (!walkedByWeka(row)) {
          clean++;
        } else if (walksFractionally(row)) {
          values.add(row);
        }
      }
      this.clean = clean;
      this.asked = rows.length - clean - values.size();
      this.walked = new Distinct(values.toArray(new double[0][]));
    }
  }

  /** The sentences worth saying before a tournament of n rows ({@link #costSaid()}). */
  private List<String> costSaid(Missing missing, int n) {
    double worth = secondsWorthSaying();
    List<String> said = new ArrayList<>();
    if (missing.asked > 0 && pairsOf(missing.asked, n) / ASKED_A_SECOND >= worth) {
      said.add(String.format(Locale.ROOT, "%,d of %,d instances have a missing value where a "
          + "tree splits: the exact tournament asks each of their %,d pairs, both ways, of the "
          + "members one by one, some 800,000 a second on two idle cores "
          + "(docs/meta-classifier.md)", missing.asked, n, pairsOf(missing.asked, n)));
    }
    int walked = missing.walked.m_Of.length;
    if (walked > 0) {
      double seconds = walkedSeconds(missing);
      if (seconds >= worth) {
        said.add(String.format(Locale.ROOT, "%,d of %,d instances have a missing value where "
            + "a J48 tree splits: the exact tournament counts their %,d pairs, both ways, from "
            + "the rows as WEKA walks them (fractions), %,d of them pairs of two such "
            + "instances, each walked where a tree's answer is open: about %,d s on two idle "
            + "cores, priced on a sample of those pairs (docs/meta-classifier.md)", walked, n,
            pairsOf(walked, n), (long) walked * (walked - 1), Math.round(seconds)));
      }
    }
    return said;
  }

  /** What the walked rows' pairs with one another cost on a sample ({@link WalkedPairs#sampleWork}). */
  private long[] sampleWork(Distinct walked) {
    return new WalkedPairs(m_Trees).sampleWork(walked.m_Values);
  }

  /** The seconds of these rows' walked ones, 0 where none ({@link #walkedSeconds()}). */
  private double walkedSeconds(Missing missing) {
    Distinct walked = missing.walked;
    return walked.m_Of.length == 0 ? 0 : walkedSeconds(walked.m_Of.length,
        walked.m_Values.length, missing.clean, m_Trees.length, sampleWork(walked));
  }

  /**
   * The seconds on two idle cores of the pairs with a walked row, in a
   * tournament's first run in a JVM (the compiler still at work, as in a
   * command's one ranking): those with a clean row, both ways, counted from
   * the rows in blocks, at a rate a pair and tree; the clean rows' leaf bits
   * made again on the first rows' side, and each kind of walked row's walk
   * through each tree, at a rate a row and tree; those of two kinds of
   * walked rows ({@link Distinct}) by the work a sample of them took
   * ({@link WalkedPairs#sampleWork}), scaled to all of them: the nodes its walks with J48's sums visited, the trees it walked
   * for one pair and the words of bits it ORed, each at its rate. Every rate
   * was measured (first runs, the parts timed by thread CPU, load 0.3 to 2)
   * on 200,000 numeric rows, 1 % walked (the bench's), and on a nominal cut
   * of mushroom whose walked rows miss the trees' top splits (2,480 of 8,124
   * rows: 38 million trees walked for 6.2 million pairs, 18 nodes a walk);
   * the tournament keeps about 1.7 of the two cores busy.
   *
   * @param walked the rows walked fractionally
   * @param kinds their kinds: rows equal on the attributes the trees split on
   * @param clean the rows without a missing value where a tree splits
   * @param trees the committee's trees
   * @param sample the sample's pairs, tree walks, nodes visited and words
   *     ORed ({@link WalkedPairs#sampleWork})
   * @return the expected seconds
   */
  public static double walkedSeconds(long walked, long kinds, long clean, int trees,
      long[] sample) {
    double withClean = 2.0 * walked * clean * trees / WITH_CLEAN_A_CPU_SECOND
        + (double) clean * trees / CLEAN_ROWS_A_CPU_SECOND
        + (double) kinds * trees / WALKED_ROWS_A_CPU_SECOND;
    double together = sample[0] == 0 ? 0
        : (double) kinds * (kinds - 1) / sample[0] * (sample[1] / WALKS_A_CPU_SECOND
            + sample[2] / VISITS_A_CPU_SECOND + sample[3] / WORDS_A_CPU_SECOND);
    return (withClean + together) / CORES_BUSY;
  }

  /** Pairs asked of the members one by one a second on two idle cores. */
  private static final double ASKED_A_SECOND = 800_000;

  /**
   * Pairs of a walked row and a clean one, times trees, counted a CPU
   * second: 792 million pairs of 10 trees in 3.6 to 3.8 s (the bench's).
   */
  private static final double WITH_CLEAN_A_CPU_SECOND = 2e9;

  /** Clean rows, times trees, whose leaf bits are made again on the first rows' side a CPU second. */
  private static final double CLEAN_ROWS_A_CPU_SECOND = 1.3e6;

  /**
   * Kinds of walked rows, times trees, walked once for the leaves and split
   * forms they reach a CPU second: from 0.1 ms a row of 10 trees (kr-vs-kp, two
   * values missing in 40 % of rows) to 0.7 ms (the mushroom cut).
   */
  private static final double WALKED_ROWS_A_CPU_SECOND = 20_000;

  /** Trees walked for one pair of two walked rows a CPU second (each walk's own cost). */
  private static final double WALKS_A_CPU_SECOND = 11e6;

  /** Nodes the walks of two walked rows' pairs with J48's sums visit a CPU second. */
  private static final double VISITS_A_CPU_SECOND = 125e6;

  /** Words of bits ORed a CPU second walking the first of two walked rows ({@link WalkedPairs}). */
  private static final double WORDS_A_CPU_SECOND = 38e6;

  /** Of the two cores, how many the tournament keeps busy (its serial parts the rest). */
  private static final double CORES_BUSY = 1.7;

  /** Says once a JVM that the rows b's bits do not fit a quarter of the heap at once. */
  private static void saySmallHeap(long bytes, int ranges) {
    if (SAID_SMALL_HEAP.compareAndSet(false, true)) {
      System.err.println(String.format(Locale.ROOT, "RankingReduction: the exact tournament's "
          + "bits of the rows take %,d MB, over a quarter of the JVM's heap (%,d MB): the rows "
          + "are taken in %d ranges, each walked again for each, which made 200,000 rows 1.5 "
          + "times slower with 1 GB and 2.3 times with 256 MB (docs/meta-classifier.md); give "
          + "the JVM more heap (-Xmx, or maxheap in RunWEKA.ini) for speed (said once)",
          bytes >> 20, Runtime.getRuntime().maxMemory() >> 20, ranges));
    }
  }

  /**
   * Each walked row's pairs with the rows not asked of the members, but
   * those with a clean row b ({@link #cellBits} counts them): with the clean
   * rows a a block of their bits at a time ({@link #countBlock}), with each
   * other by bits over the second rows of a chunk, their trees walked in
   * parallel, then the first rows' wins in tasks ({@link WalkedPairs}).
   *
   * @param walks counts the trees walked for one pair
   */
  private void walkFractionally(int[] rows, int[] walked, Distinct distinct, int[] byAPlace,
      long[] degree, long[] lost, LongAdder walks) throws Exception {
    if (walked.length == 0) {
      return;
    }
    Walked asB = new Walked(walked, distinct, false);
    int blocks = ((byAPlace.length + 63) / 64 + BLOCK - 1) / BLOCK;
    parallel(blocks, block -> {
      int firstBit = block * BLOCK * 64;
      SideBits side = sideBits(rows, byAPlace, firstBit,
          Math.min(byAPlace.length, firstBit + BLOCK * 64), false);
      if (side != null) {
        countBlock(asB, side, byAPlace, degree, lost);
      }
    });
    double[][] kinds = distinct.m_Values;
    long[] kindWins = new long[kinds.length];
    long[] kindLost = lost == null ? null : new long[kinds.length]; // per kind's row
    WalkedPairs together = new WalkedPairs(m_Trees);
    for (int from = 0; from < kinds.length; from += WalkedPairs.CHUNK) {
      WalkedPairs.Chunk chunk = together.new Chunk(from,
          Math.min(WalkedPairs.CHUNK, kinds.length - from));
      parallel(m_Trees.length, t -> chunk.walk(kinds, t));
      parallel((kinds.length + WALKED_PER_TASK - 1) / WALKED_PER_TASK, task -> {
        FractionalPairs pairs = new FractionalPairs(m_Trees);
        WalkedPairs.Scratch scratch = together.new Scratch(chunk.words);
        long[] beaten = kindLost == null ? null : new long[kinds.length];
        int last = Math.min(kinds.length, (task + 1) * WALKED_PER_TASK);
        for (int k = task * WALKED_PER_TASK; k < last; k++) {
          // each kind in one task of a chunk only
          kindWins[k] += together.wins(chunk, pairs, kinds[k], kinds, k, distinct.m_Weight,
              scratch, beaten);
        }
        if (beaten != null) {
          synchronized (kindLost) {
            for (int k = 0; k < beaten.length; k++) {
              kindLost[k] += beaten[k];
            }
          }
        }
        walks.add(scratch.walks);
      });
    }
    for (int w = 0; w < walked.length; w++) {
      degree[walked[w]] += kindWins[distinct.m_Of[w]];
      if (lost != null) {
        lost[walked[w]] += kindLost[distinct.m_Of[w]];
      }
    }
  }

  /**
   * Walked rows by their values on the attributes some tree splits on (a
   * missing value equal to a missing value): rows equal there answer every
   * pair alike, so that their pairs with one another are walked once a kind
   * ({@link WalkedPairs#wins} weighs each kind by its rows). A nominal
   * batch's walked rows often repeat: the mushroom cut's 2,480 are 12
   * kinds; numeric rows rarely do.
   */
  private final class Distinct {
    /** Per row, its values. */
    final double[][] m_Rows;
    /** Per kind, the values of its first row. */
    final double[][] m_Values;
    /** Per kind, its rows; null where every kind is one row. */
    final int[] m_Weight;
    /** Per row, its kind. */
    final int[] m_Of;

    /**
     * @param rows the walked rows' values
     */
    Distinct(double[][] rows) {
      m_Rows = rows;
      Map<java.nio.LongBuffer, Integer> kinds = new HashMap<>();
      List<double[]> values = new ArrayList<>();
      m_Of = new int[rows.length];
      int[] weight = new int[rows.length];
      for (int r = 0; r < rows.length; r++) {
        long[] key = new long[m_Limit.length];
        for (int j = 0; j < key.length; j++) {
          key[j] = m_Limit[j] > 0 ? Double.doubleToLongBits(rows[r][j]) : 0L;
        }
        Integer kind = kinds.putIfAbsent(java.nio.LongBuffer.wrap(key), values.size());
        if (kind == null) {
          kind = values.size();
          values.add(rows[r]);
        }
        m_Of[r] = kind;
        weight[kind]++;
      }
      m_Values = values.toArray(new double[0][]);
      m_Weight = m_Values.length == rows.length ? null
          : Arrays.copyOf(weight, m_Values.length);
    }
  }

  /**
   * The walked rows on one side of their pairs with the clean rows (first:
   * the walked rows are a), and per walked row and tree the leaves its walk
   * reaches, whatever the clean row ({@link #reach}): the class-1 leaves
   * reached whole, the splits it misses {@link Split} reads, and the other
   * splits it misses ({@link Forks}).
   */
  private final class Walked {
    /** Per walked row, its position in the tournament's rows. */
    final int[] m_Rows;
    /** Per walked row, its values. */
    final double[][] m_Values;
    final boolean m_First;
    final int[][] m_Whole;
    final int[][] m_Splits;
    final int[][] m_Forks;

    /**
     * @param walked per walked row, its position in the tournament's rows
     * @param distinct the walked rows' values and kinds: a kind's rows reach
     *     the same leaves, listed once (its lists shared by its rows)
     * @param first whether the walked rows are the pairs' first rows
     */
    Walked(int[] walked, Distinct distinct, boolean first) throws Exception {
      int trees = m_Trees.length;
      int kinds = distinct.m_Values.length;
      m_Rows = walked;
      m_First = first;
      m_Values = distinct.m_Rows;
      int[][] whole = new int[kinds * trees][];
      int[][] splits = new int[kinds * trees][];
      int[][] forks = new int[kinds * trees][];
      parallel((kinds + ROWS_PER_TASK - 1) / ROWS_PER_TASK, task -> {
        Slots[] lists = {new Slots(), new Slots(), new Slots()};
        for (int k = task * ROWS_PER_TASK; k < Math.min(kinds, (task + 1) * ROWS_PER_TASK);
            k++) {
          for (int t = 0; t < trees; t++) {
            for (Slots list : lists) {
              list.size = 0;
            }
            reach(m_Trees[t], 0, distinct.m_Values[k], first, lists);
            whole[k * trees + t] = Arrays.copyOf(lists[0].items, lists[0].size);
            splits[k * trees + t] = Arrays.copyOf(lists[1].items, lists[1].size);
            forks[k * trees + t] = Arrays.copyOf(lists[2].items, lists[2].size);
          }
        }
      });
      m_Whole = new int[walked.length * trees][];
      m_Splits = new int[walked.length * trees][];
      m_Forks = new int[walked.length * trees][];
      for (int w = 0; w < walked.length; w++) {
        int kind = distinct.m_Of[w] * trees;
        System.arraycopy(whole, kind, m_Whole, w * trees, trees);
        System.arraycopy(splits, kind, m_Splits, w * trees, trees);
        System.arraycopy(forks, kind, m_Forks, w * trees, trees);
      }
    }
  }

  /**
   * A block's clean rows on one side of their pairs: their bits, and per tree and node the bits of those that meet the
   * conditions on their side along its path (null where none does), with
   * each leaf's words that hold one (its first and one past its last).
   */
  private static final class SideBits {
    /** Bits [first, first + width) of the rows' bitsets: the block's. */
    final int m_First;
    final int m_Width;
    final long[][][] m_Bits;
    final int[][] m_Spans;

    SideBits(int first, int width, long[][][] bits, int[][] spans) {
      m_First = first;
      m_Width = width;
      m_Bits = bits;
      m_Spans = spans;
    }
  }

  /**
   * The leaves' bits of the clean rows of bits [first, last) (byPlace: per
   * bit, its clean row's position in rows, -1 for none), on b's side or on
   * a's ({@link #sideLeafBits}); null where no clean row is there.
   */
  private SideBits sideBits(int[] rows, int[] byPlace, int first, int last, boolean bSide) {
    int[] bitOf = new int[last - first];
    double[][] values = new double[last - first][];
    int held = 0;
    for (int p = first; p < last; p++) {
      if (byPlace[p] >= 0) {
        values[held] = m_Rows[rows[byPlace[p]]];
        bitOf[held++] = p - first;
      }
    }
    if (held == 0) {
      return null;
    }
    Partition partition = new Partition(values, held);
    long[][][] bits = new long[m_Trees.length][][];
    int[][] spans = new int[m_Trees.length][];
    for (int t = 0; t < m_Trees.length; t++) {
      bits[t] = new long[m_Trees[t].size()][];
      spans[t] = new int[2 * m_Trees[t].size()];
      partition.reset();
      sideLeafBits(m_Trees[t], 0, partition, 0, held, bitOf, bSide, bits[t], spans[t]);
    }
    return new SideBits(first, last - first, bits, spans);
  }

  /**
   * The walked rows' wins against a block's clean rows (the walked rows as
   * a: returned, per walked row) or the clean rows' wins against them (the
   * walked rows as b: added to the clean rows' degrees; null returned), by
   * the block's leaves' bits. A tree walked with one row given splits on
   * that row's attributes by its values, fractionally where one is missing,
   * and on the other side's every way: a clean row meets the conditions of
   * one leaf a fraction of the walk reaches, so that its answer is the OR of
   * the bits of the class-1 leaves reached whole ({@link #reach}). Under a
   * split the given row misses, a clean row's answer is J48's sums over the
   * leaves it reaches there: by the outcomes listed once a walked row, the
   * last branch's in the order of their margins ({@link Split}), else
   * summed for every row of the block at once ({@link Forks}). The
   * committee's majority is counted bit-sliced ({@link Tally}).
   *
   * @param byPlace per place, its clean row's position in rows
   * @param lost null, or per row, adds the rows that beat it: as a, the
   *     block's clean rows b the walked rows beat; as b, the walked rows the
   *     block's clean rows beat (under its lock)
   */
  private long[] countBlock(Walked walked, SideBits side, int[] byPlace, long[] degree,
      long[] lost) {
    int trees = m_Trees.length;
    boolean first = walked.m_First;
    int count = walked.m_Rows.length;
    long[][] answers = new long[trees][BLOCK];
    long[] running = new long[BLOCK];
    long[] scratch = new long[BLOCK];
    Forks forks = new Forks();
    Tally tally = new Tally(trees);
    long[] counted = first ? new long[count] : null;
    Counter beaten = first && lost == null ? null : new Counter(count);
    long[] walkedLost = first || lost == null ? null : new long[count];
    for (int w = 0; w < count; w++) {
      double[] given = walked.m_Values[w];
      for (int t = 0; t < trees; t++) {
        long[][] bits = side.m_Bits[t];
        int[] spans = side.m_Spans[t];
        long[] answer = answers[t];
        or(bits, spans, walked.m_Whole[w * trees + t], answer);
        Split.answer(bits, spans, walked.m_Splits[w * trees + t], answer, running, scratch);
        for (int split : walked.m_Forks[w * trees + t]) {
          forks.answer(m_Trees[t], split, given, first, bits, spans, answer);
        }
      }
      long won = tally.reached(answers, trees);
      if (first) {
        counted[w] = won;
      } else if (walkedLost != null) {
        walkedLost[w] = won; // the block's clean rows that beat walked row w
      }
      if (beaten != null && won > 0) {
        beaten.add(tally.m_Top);
      }
    }
    if (first && beaten != null) { // the walked rows that beat each clean row b
      synchronized (lost) {
        beaten.addTo(lost, byPlace, side.m_First);
      }
    } else if (!first) {
      beaten.addTo(degree, byPlace, side.m_First); // this block's clean rows only
      if (walkedLost != null) {
        synchronized (lost) {
          for (int w = 0; w < count; w++) {
            lost[walked.m_Rows[w]] += walkedLost[w];
          }
        }
      }
    }
    return counted;
  }

  /**
   * Into out, all words 0 first, the OR of the leaves' bits of the block
   * (a leaf without a clean row there has none), over the words that hold
   * them (spans: per leaf, its first and one past its last): the rows are
   * in a Z-order of the trees' top splits, so a leaf's rows of a block are
   * mostly near one another.
   */
  private static void or(long[][] leafBits, int[] spans, int[] leaves, long[] out) {
    Arrays.fill(out, 0L);
    for (int leaf : leaves) {
      long[] bits = leafBits[leaf];
      if (bits != null) {
        for (int w = spans[2 * leaf]; w < spans[2 * leaf + 1]; w++) {
          out[w] |= bits[w];
        }
      }
    }
  }

  /**
   * The answers, on a block of clean rows, of a split the given row misses
   * that {@link Split} declines (too many outcomes: a split near the root,
   * often on an attribute the tree splits on again below): J48's sums for
   * every clean row of the block at once, as {@code getProbs} makes them.
   * A clean row reaches one leaf in each non-empty branch of a split the
   * given row misses (its values take one branch at each of its splits; a
   * further split the given row misses, summed likewise), and the block's
   * rows at a leaf are its bits, so the tree is walked once with the given
   * row and each leaf reached writes its weighted probabilities into the
   * rows at it: the first non-empty branch of a split sets them, the others
   * add theirs, and a further split's sums, made a level down, are set or
   * added as one term. The same products and sums in the same order as
   * {@link FractionalPairs#says}' from the root (the walk's weight is 1 down
   * to the split), each row's work the leaves it reaches: where combining
   * the leaves' bits block by block took half of the walked rows' CPU
   * against the clean rows (200,000 rows, 1 % walked, 10 J48 trees).
   */
  private static final class Forks {
    /** Per level of splits the given row misses: both sums, by the rows' bits. */
    private final List<double[]> m_P0 = new ArrayList<>();
    private final List<double[]> m_P1 = new ArrayList<>();
    /** Per level, the rows its sums hold (each once), and how many. */
    private final List<int[]> m_Rows = new ArrayList<>();
    private int[] m_Held = new int[0];

    /** ORs into answer the block's rows that the split (reached with weight 1) says 1 for. */
    void answer(FlatTree tree, int split, double[] given, boolean first, long[][] leafBits,
        int[] spans, long[] answer) {
      level(0);
      m_Held[0] = 0;
      fork(tree, split, 1.0, given, first, leafBits, spans, 0, false);
      double[] p0 = m_P0.get(0);
      double[] p1 = m_P1.get(0);
      int[] rows = m_Rows.get(0);
      for (int k = 0; k < m_Held[0]; k++) {
        int row = rows[k];
        if (p1[row] - p0[row] > FractionalPairs.SMALL) { // ClassifierTree's Utils.gr
          answer[row >>> 6] |= 1L << row;
        }
      }
    }

    /**
     * The sums of a split the given row misses, reached with weight w, set
     * (or, add: added) into level's sums of the rows reaching it; made at
     * the level below, its rows listed at level where set.
     */
    private void fork(FlatTree tree, int node, double w, double[] given, boolean first,
        long[][] leafBits, int[] spans, int level, boolean add) {
      int below = level + 1;
      level(below);
      m_Held[below] = 0;
      double[] weights = tree.m_Fractions[node];
      int children = tree.m_First[node];
      boolean set = true; // getProbs's 0 plus the first branch's: the first's exactly
      for (int c = 0; c < tree.m_Count[node]; c++) {
        int child = tree.m_Children[children + c];
        if (!tree.m_Empty[child]) {
          walk(tree, child, weights[c] * w, given, first, leafBits, spans, below, !set);
          set = false;
        }
      }
      double[] p0 = m_P0.get(level);
      double[] p1 = m_P1.get(level);
      double[] s0 = m_P0.get(below);
      double[] s1 = m_P1.get(below);
      int[] rows = m_Rows.get(below);
      for (int k = 0; k < m_Held[below]; k++) {
        int row = rows[k];
        if (add) {
          p0[row] += s0[row];
          p1[row] += s1[row];
        } else {
          p0[row] = s0[row];
          p1[row] = s1[row];
          hold(level, row);
        }
      }
    }

    /**
     * The sums under node reached with weight w into level's (set, or
     * added): the given row's branch at its splits, a fork where its value
     * is missing, every branch at the clean rows' splits (each row takes
     * one), and at a leaf its rows' bits.
     */
    private void walk(FlatTree tree, int node, double w, double[] given, boolean first,
        long[][] leafBits, int[] spans, int level, boolean add) {
      int half = tree.m_Half;
      while (tree.m_Kind[node] != FlatTree.LEAF) {
        int at = tree.m_Attribute[node];
        int children = tree.m_First[node];
        int count = tree.m_Count[node];
        if ((at < half) != first) { // the clean row's split: its rows divided among the branches
          for (int c = 0; c < count - 1; c++) {
            walk(tree, tree.m_Children[children + c], w, given, first, leafBits, spans, level,
                add);
          }
          node = tree.m_Children[children + count - 1];
          continue;
        }
        int branch = tree.branch(node, given[first ? at : at - half]);
        if (branch < 0) {
          fork(tree, node, w, given, first, leafBits, spans, level, add);
          return;
        }
        node = tree.m_Children[children + branch];
      }
      long[] bits = leafBits[node];
      if (bits == null) {
        return;
      }
      double v0 = w * tree.m_Prob0[node];
      double v1 = w * tree.m_Prob1[node];
      double[] p0 = m_P0.get(level);
      double[] p1 = m_P1.get(level);
      for (int word = spans[2 * node]; word < spans[2 * node + 1]; word++) {
        for (long left = bits[word]; left != 0; left &= left - 1) {
          int row = word << 6 | Long.numberOfTrailingZeros(left);
          if (add) {
            p0[row] += v0;
            p1[row] += v1;
          } else {
            p0[row] = v0;
            p1[row] = v1;
            hold(level, row);
          }
        }
      }
    }

    /** Lists a row at level (set there, once a walk of the level). */
    private void hold(int level, int row) {
      m_Rows.get(level)[m_Held[level]++] = row;
    }

    /** The arrays of a level, made on first use. */
    private void level(int level) {
      while (m_P0.size() <= level) {
        m_P0.add(new double[BLOCK * 64]);
        m_P1.add(new double[BLOCK * 64]);
        m_Rows.add(new int[BLOCK * 64]);
      }
      if (m_Held.length <= level) {
        m_Held = Arrays.copyOf(m_Held, level + 1);
      }
    }
  }

  /**
   * A split the given row misses, the first on its walk: a clean row
   * reaches, in each part of the tree below it that J48's fractional walk
   * sums (a non-empty branch, and below a further split the given row
   * misses, each of its non-empty branches), one leaf by its own values, so
   * that the pair's answer is a function of those leaves: J48's sums over
   * them from the weights (the walk's weight is 1 down to the split). The
   * leaves a clean row may reach together (an outcome) are listed once a
   * walked row, not a block at a time: each part's leaves, those of further
   * splits it misses combined in branch order as {@code getProbs} adds
   * them, only where the conditions on the clean row's values along their
   * paths can hold together (a box of them). One branch: the outcomes that
   * say 1. Two or more: the last branch's outcomes in the order of their
   * margin p1 - p0 (the most first), and for each outcome of the others
   * combined how many of them, from the first, its pairs say 1 with (every
   * pair computed, and the form declined where the answers are not such a
   * prefix), so that a block's answer is, per outcome of the first, its
   * bits AND the OR of the last branch's first so many, that OR growing as
   * the outcomes of the first come in the order of that count. An
   * outcome's bits are its leaves' ANDed. Declined past {@link #MOST}
   * outcomes ({@link Forks} then answers the split a block at a time).
   * Written into lists[1] as {outcomes of the first, outcomes of the last,
   * then per outcome of the last its leaves' count and leaves, then per
   * outcome of the first its count, its leaves' count and leaves}; with one
   * branch, the last's none and each outcome of the first ORed whole (a
   * single leaf's into lists[0] instead).
   */
  private static final class Split {
    /** The most outcomes a split's form is made of. */
    private static final int MOST = 512;

    /**
     * Leaves a clean row may reach together under the split, J48's sums
     * over them, and the box of the clean row's values they are reached in
     * (per attribute of the clean row, its least and most value).
     */
    private static final class Outcome {
      final double p0;
      final double p1;
      final int[] leaves;
      final double[] box;

      Outcome(double p0, double p1, int[] leaves, double[] box) {
        this.p0 = p0;
        this.p1 = p1;
        this.leaves = leaves;
        this.box = box;
      }
    }

    /** Whether the split at node takes this form; if so, it is written into lists. */
    static boolean of(FlatTree tree, int node, double[] given, boolean first, Slots[] lists) {
      double[] box = new double[2 * tree.m_Half];
      for (int j = 0; j < tree.m_Half; j++) {
        box[2 * j] = Double.NEGATIVE_INFINITY;
        box[2 * j + 1] = Double.POSITIVE_INFINITY;
      }
      int[] made = {0};
      List<List<Outcome>> parts = parts(tree, node, 1.0, given, first, box, made);
      if (parts == null) {
        return false;
      }
      Slots out = lists[1];
      if (parts.size() == 1) {
        List<Outcome> ones = new ArrayList<>();
        for (Outcome o : parts.get(0)) {
          if ((0 + o.p1) - (0 + o.p0) > FractionalPairs.SMALL) { // getProbs's 0 plus the branch's
            if (o.leaves.length == 1) {
              lists[0].add(o.leaves[0]);
            } else {
              ones.add(o);
            }
          }
        }
        if (!ones.isEmpty()) {
          out.add(ones.size());
          out.add(0);
          for (Outcome o : ones) {
            out.add(0);
            leaves(o, out);
          }
        }
        return true;
      }
      List<Outcome> left = combined(parts.subList(0, parts.size() - 1), made);
      if (left == null) {
        return false;
      }
      Outcome[] byMargin = parts.get(parts.size() - 1).toArray(new Outcome[0]);
      Arrays.sort(byMargin, (x, y) -> Double.compare(y.p1 - y.p0, x.p1 - x.p0));
      int rights = byMargin.length;
      long[] byCount = new long[left.size()]; // (count << 32 | its outcome), least first
      int counted = 0;
      for (int i = 0; i < left.size(); i++) {
        Outcome a = left.get(i);
        int count = 0;
        while (count < rights && says(a, byMargin[count])) {
          count++;
        }
        for (int k = count; k < rights; k++) { // past it, every answer 0: else no prefix
          if (says(a, byMargin[k])) {
            return false;
          }
        }
        if (count > 0) {
          byCount[counted++] = (long) count << 32 | i;
        }
      }
      if (counted == 0) {
        return true;
      }
      byCount = Arrays.copyOf(byCount, counted);
      Arrays.sort(byCount);
      int needed = (int) (byCount[counted - 1] >>> 32); // the last's outcomes read
      out.add(counted);
      out.add(needed);
      for (int k = 0; k < needed; k++) {
        leaves(byMargin[k], out);
      }
      for (long entry : byCount) {
        out.add((int) (entry >>> 32));
        leaves(left.get((int) entry), out);
      }
      return true;
    }

    /** As getProbs at the split: its sum of the others' (from 0), plus the last's. */
    private static boolean says(Outcome a, Outcome b) {
      return (a.p1 + b.p1) - (a.p0 + b.p0) > FractionalPairs.SMALL;
    }

    private static void leaves(Outcome o, Slots out) {
      out.add(o.leaves.length);
      for (int leaf : o.leaves) {
        out.add(leaf);
      }
    }

    /**
     * Each non-empty branch's outcomes at a split the given row misses,
     * reached with weight w in the box, in branch order; null: too many.
     */
    private static List<List<Outcome>> parts(FlatTree tree, int node, double w,
        double[] given, boolean first, double[] box, int[] made) {
      double[] weights = tree.m_Fractions[node];
      int children = tree.m_First[node];
      List<List<Outcome>> parts = new ArrayList<>();
      for (int c = 0; c < tree.m_Count[node]; c++) {
        int child = tree.m_Children[children + c];
        if (!tree.m_Empty[child]) {
          List<Outcome> part = new ArrayList<>();
          if (!outcomes(tree, child, weights[c] * w, given, first, box, part, made)) {
            return null;
          }
          parts.add(part);
        }
      }
      return parts;
    }

    /**
     * Into out, the outcomes under node reached with weight w in the box:
     * the clean row's splits each way its box allows, the given row's its
     * way, and a further split it misses its branches' outcomes combined;
     * false past {@link #MOST}.
     */
    private static boolean outcomes(FlatTree tree, int node, double w, double[] given,
        boolean first, double[] box, List<Outcome> out, int[] made) {
      int half = tree.m_Half;
      while (tree.m_Kind[node] != FlatTree.LEAF) {
        int at = tree.m_Attribute[node];
        int children = tree.m_First[node];
        if ((at < half) != first) { // the clean row's split: each branch it may take
          for (int c = 0; c < tree.m_Count[node]; c++) {
            double[] within = within(tree, node, c, first ? at - half : at, box);
            if (within != null && !outcomes(tree, tree.m_Children[children + c], w, given,
                first, within, out, made)) {
              return false;
            }
          }
          return true;
        }
        int branch = tree.branch(node, given[first ? at : at - half]);
        if (branch < 0) {
          List<List<Outcome>> parts = parts(tree, node, w, given, first, box, made);
          List<Outcome> below = parts == null ? null : combined(parts, made);
          if (below == null) {
            return false;
          }
          out.addAll(below);
          return true;
        }
        node = tree.m_Children[children + branch];
      }
      if (++made[0] > MOST) {
        return false;
      }
      out.add(new Outcome(w * tree.m_Prob0[node], w * tree.m_Prob1[node], new int[] {node},
          box));
      return true;
    }

    /**
     * The parts' outcomes combined in branch order, their sums added as
     * getProbs adds them (from 0), where their boxes meet; null: too many.
     */
    private static List<Outcome> combined(List<List<Outcome>> parts, int[] made) {
      List<Outcome> sums = new ArrayList<>();
      for (Outcome p : parts.get(0)) {
        sums.add(new Outcome(0 + p.p0, 0 + p.p1, p.leaves, p.box));
      }
      for (List<Outcome> part : parts.subList(1, parts.size())) {
        List<Outcome> next = new ArrayList<>();
        for (Outcome a : sums) {
          for (Outcome b : part) {
            double[] box = meet(a.box, b.box);
            if (box == null) {
              continue;
            }
            if (++made[0] > MOST) {
              return null;
            }
            int[] leaves = Arrays.copyOf(a.leaves, a.leaves.length + b.leaves.length);
            System.arraycopy(b.leaves, 0, leaves, a.leaves.length, b.leaves.length);
            next.add(new Outcome(a.p0 + b.p0, a.p1 + b.p1, leaves, box));
          }
        }
        sums = next;
      }
      return sums;
    }

    /** Where two boxes meet; null where they do not. */
    private static double[] meet(double[] x, double[] y) {
      double[] box = new double[x.length];
      for (int k = 0; k < x.length; k += 2) {
        box[k] = Math.max(x[k], y[k]);
        box[k + 1] = Math.min(x[k + 1], y[k + 1]);
        if (box[k] > box[k + 1]) {
          return null;
        }
      }
      return box;
    }

    /**
     * The box narrowed to the clean row's values that take branch c of
     * node (on its attribute j); null where none does. A condition a box
     * cannot hold (a nominal value other than one) leaves it as it is.
     */
    private static double[] within(FlatTree tree, int node, int c, int j, double[] box) {
      double t = tree.m_Split[node];
      double low = Double.NEGATIVE_INFINITY;
      double high = Double.POSITIVE_INFINITY;
      switch (tree.m_Kind[node]) {
        case FlatTree.AT_MOST: // v <= t, else v > t
          if (c == 0) {
            high = t;
          } else {
            low = Math.nextUp(t);
          }
          break;
        case FlatTree.BELOW: // v < t, else v >= t
          if (c == 0) {
            high = Math.nextDown(t);
          } else {
            low = t;
          }
          break;
        case FlatTree.EQUALS: // (int) v == (int) t, else not
          if (c == 0) {
            low = (int) t;
            high = (int) t;
          }
          break;
        default: // one branch a value
          low = c;
          high = c;
      }
      low = Math.max(low, box[2 * j]);
      high = Math.min(high, box[2 * j + 1]);
      if (low > high) {
        return null;
      }
      double[] within = box.clone();
      within[2 * j] = low;
      within[2 * j + 1] = high;
      return within;
    }

    /**
     * ORs into answer the block's pairs the forms say 1 for: per form, the
     * first part's outcomes in the order of their counts, each one's bits
     * AND the OR of the last branch's outcomes up to its count (grown into
     * running as the counts grow); with one branch, each outcome's bits.
     *
     * @param running scratch of BLOCK words
     * @param both scratch of BLOCK words
     */
    static void answer(long[][] leafBits, int[] spans, int[] forms, long[] answer,
        long[] running, long[] both) {
      int[] span = new int[2];
      for (int at = 0; at < forms.length; ) {
        int lefts = forms[at];
        int rights = forms[at + 1];
        at += 2;
        int rightAt = at;
        for (int k = 0; k < rights; k++) {
          at += 1 + forms[at];
        }
        int runLo = BLOCK; // running's words in use: [runLo, runHi)
        int runHi = 0;
        int taken = 0;
        for (int i = 0; i < lefts; i++) {
          int count = forms[at];
          int leftAt = at + 1;
          at = leftAt + 1 + forms[leftAt];
          for (; taken < count; taken++) { // the last branch's next outcome into running
            long[] bits = bits(leafBits, spans, forms, rightAt, both, span);
            rightAt += 1 + forms[rightAt];
            if (bits == null) {
              continue;
            }
            if (runLo >= runHi) {
              runLo = runHi = span[0];
            }
            if (span[0] < runLo) {
              Arrays.fill(running, span[0], runLo, 0L);
              runLo = span[0];
            }
            if (span[1] > runHi) {
              Arrays.fill(running, runHi, span[1], 0L);
              runHi = span[1];
            }
            for (int w = span[0]; w < span[1]; w++) {
              running[w] |= bits[w];
            }
          }
          long[] bits = bits(leafBits, spans, forms, leftAt, both, span);
          if (bits == null) {
            continue;
          }
          if (rights == 0) { // one branch: the outcome says 1 whole
            for (int w = span[0]; w < span[1]; w++) {
              answer[w] |= bits[w];
            }
            continue;
          }
          for (int w = Math.max(span[0], runLo); w < Math.min(span[1], runHi); w++) {
            answer[w] |= bits[w] & running[w];
          }
        }
      }
    }

    /**
     * The bits of the outcome at forms[at] (its leaves' count, then its
     * leaves): a single leaf's own, else their AND in both; null where no
     * row of the block has them. Their words are span's [0] to [1].
     */
    private static long[] bits(long[][] leafBits, int[] spans, int[] forms, int at,
        long[] both, int[] span) {
      int n = forms[at];
      int leaf = forms[at + 1];
      long[] bits = leafBits[leaf];
      if (bits == null) {
        return null;
      }
      int lo = spans[2 * leaf];
      int hi = spans[2 * leaf + 1];
      for (int k = 2; k <= n && lo < hi; k++) {
        leaf = forms[at + k];
        if (leafBits[leaf] == null) {
          return null;
        }
        lo = Math.max(lo, spans[2 * leaf]);
        hi = Math.min(hi, spans[2 * leaf + 1]);
      }
      if (lo >= hi) {
        return null;
      }
      span[0] = lo;
      span[1] = hi;
      if (n == 1) {
        return bits;
      }
      System.arraycopy(bits, lo, both, lo, hi - lo);
      for (int k = 2; k <= n; k++) {
        long[] next = leafBits[forms[at + k]];
        for (int w = lo; w < hi; w++) {
          both[w] &= next[w];
        }
      }
      return both;
    }
  }

  /**
   * The leaves a tree's walk reaches with one row given (first: as a),
   * whatever the other row: the given row's branch at a split on its
   * attribute, every branch at a split on the other's. Into lists[0] the
   * class-1 leaves reached whole; the first split the row misses on a path,
   * as {@link Split} reads it, into lists[1], else its node into lists[2]
   * (answered a block at a time, {@link Forks}).
   */
  private static void reach(FlatTree tree, int node, double[] given, boolean first,
      Slots[] lists) {
    int half = tree.m_Half;
    while (tree.m_Kind[node] != FlatTree.LEAF) {
      int at = tree.m_Attribute[node];
      int children = tree.m_First[node];
      int count = tree.m_Count[node];
      if ((at < half) != first) { // the other row's: every branch
        for (int c = 0; c < count - 1; c++) {
          reach(tree, tree.m_Children[children + c], given, first, lists);
        }
        node = tree.m_Children[children + count - 1];
        continue;
      }
      int branch = tree.branch(node, given[first ? at : at - half]);
      if (branch >= 0) {
        node = tree.m_Children[children + branch];
        continue;
      }
      if (!Split.of(tree, node, given, first, lists)) {
        lists[2].add(node);
      }
      return;
    }
    if (tree.m_Wins[node]) {
      lists[0].add(node);
    }
  }


  /**
   * Sets, in out (per leaf, allocated where it holds a row), the bits of the
   * clean rows of the run [from, to) of the partition that meet the
   * conditions on their side (bSide: the pairs' second rows) under the
   * node: a split on their side divides the run, one on the other side
   * sends it whole down each branch.
   */
  private static void sideLeafBits(FlatTree tree, int node, Partition partition, int from,
      int to, int[] bitOf, boolean bSide, long[][] out, int[] spans) {
    int[] order = partition.m_Order;
    if (tree.m_Kind[node] == FlatTree.LEAF) {
      long[] leaf = out[node];
      if (leaf == null) {
        leaf = out[node] = new long[BLOCK];
        spans[2 * node] = BLOCK;
      }
      for (int k = from; k < to; k++) {
        int bit = bitOf[order[k]];
        leaf[bit >>> 6] |= 1L << (bit & 63);
        spans[2 * node] = Math.min(spans[2 * node], bit >>> 6);
        spans[2 * node + 1] = Math.max(spans[2 * node + 1], (bit >>> 6) + 1);
      }
      return;
    }
    int first = tree.m_First[node];
    int count = tree.m_Count[node];
    if ((tree.m_Attribute[node] >= tree.m_Half) != bSide) {
      for (int c = 0; c < count; c++) {
        sideLeafBits(tree, tree.m_Children[first + c], partition, from, to, bitOf, bSide, out,
            spans);
      }
      return;
    }
    int[] sizes = partition.divide(tree, node, from, to, bSide ? tree.m_Half : 0);
    for (int c = 0; c < count; c++) {
      if (sizes[c + 1] > sizes[c]) {
        sideLeafBits(tree, tree.m_Children[first + c], partition, from + sizes[c],
            from + sizes[c + 1], bitOf, bSide, out, spans);
      }
    }
  }

  /** Whether rows with missing values are walked ({@link FractionalPairs}) where they may. */
  private boolean m_Walk = true;

  /**
   * Sets whether rows with missing values are walked fractionally from the
   * flattened trees where every tree is J48's ({@link FractionalPairs}), or
   * their pairs asked of the members one by one, as before: the same
   * degrees, for the tests and benchmarks that compare the two.
   *
   * @param walk whether to walk them (the default)
   */
  public void setWalkFractionally(boolean walk) {
    m_Walk = walk;
  }

  /** Trees the last tournament walked for one pair ({@link FractionalPairs}). */
  private long m_TreeWalks;

  /**
   * How many times the last tournament walked a tree for one pair (rows
   * with missing values: their pairs with one another where the tree's
   * answer is open and may change the vote ({@link WalkedPairs}); those
   * with a clean row are counted by blocks of bits, {@link Forks}' sums
   * included, not walked a pair at a time): the work that grows with the
   * pairs. None of them is asked of the members.
   *
   * @return the walks, 0 before the first tournament
   */
  public long lastTreeWalks() {
    return m_TreeWalks;
  }

  /**
   * The pairs of the rows asked of the members, both ways, asked of the
   * committee in batches; returns how many were asked.
   *
   * @param asked per row, whether its pairs are asked (the others' pairs
   *     with one another are counted elsewhere)
   * @param lost null, or per row, adds the pairs it loses as second element
   */
  private static long pairsWithMissing(int n, boolean[] asked, PairComparator exact,
      long[] degree, long[] lost) throws Exception {
    List<Integer> dirty = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (asked[i]) {
        dirty.add(i);
      }
    }
    if (dirty.isEmpty()) {
      return 0;
    }
    int capacity = Math.max(2 * n, Rankers.BATCH_PAIRS);
    int[] left = new int[capacity];
    int[] right = new int[capacity];
    boolean[] wins = new boolean[capacity];
    long taken = 0;
    int k = 0;
    for (int d = 0; d <= dirty.size(); d++) {
      if (k > 0 && (d == dirty.size() || k + 2 * n > capacity)) {
        exact.beats(left, right, k, wins);
        for (int j = 0; j < k; j++) {
          if (wins[j]) {
            degree[left[j]]++;
            if (lost != null) {
              lost[right[j]]++;
            }
          }
        }
        taken += k;
        k = 0;
      }
      if (d == dirty.size()) {
        break;
      }
      int x = dirty.get(d);
      for (int y = 0; y < n; y++) {
        if (y == x) {
          continue;
        }
        left[k] = x; // every pair of an asked row as the first
        right[k++] = y;
        if (!asked[y]) { // and as the second, once: asked rows ask their own
          left[k] = y;
          right[k++] = x;
        }
      }
    }
    return taken;
  }
}
