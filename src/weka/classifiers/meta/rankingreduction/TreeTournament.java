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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
 * holding no row b of the block are skipped; rows a of a group reaching the same cells in every tree are
 * counted once. The rows' splits rarely coincide otherwise: on 100,000
 * distinct rows of 20 numeric attributes, 86,000 reach distinct leaves of
 * one J48 tree of 1,000 leaves, and every row its own across 10.
 *
 * <p>Exact, not approximate: the walk takes each branch as the tree does
 * ({@link FlatTree#branch}). Rows with a missing value on an attribute some
 * tree splits on are walked fractionally by WEKA, so their pairs, both ways,
 * go to the committee itself. Memory: one bit a row for each class-1 leaf
 * and each cell; past a budget the rows b are taken in ranges, the walks of
 * a repeated for each. Rows a are shared among the threads in fixed groups,
 * each row's degree counted by one thread, so the degrees do not depend on
 * the number of threads.
 */
public final class TreeTournament implements ExactTournament {

  /** Rows a per task: enough work to share among threads, small enough to balance. */
  private static final int ROWS_PER_TASK = 256;
  /**
   * Words of bits a block: a group of rows a reads a block of every cell in
   * turn, so every cell's block stays in the cache while the group reads it.
   * Each row a checks each cell it reaches once a block, so longer blocks
   * check less and OR more (fewer of the cells are empty): on 100,000 rows
   * and 10 trees, 128 words took 0.79 of 32 words' CPU, as 256 did, and on
   * 200,000 rows, 128 took 0.97 of 256's.
   */
  private static final int BLOCK = 128;
  /**
   * Rows a a group: the cells' bits are read from memory once a group, and
   * each thread's groups are its own, so that threads share no cache lines.
   */
  private static final int GROUP = 2048;
  /**
   * The most cells of rows a a subtree may have to keep one bitset a cell:
   * more bits to store, fewer bitsets to OR for each row a.
   */
  private static final int CELLS = 16;
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
  private final int m_Slots;
  /** Per tree and node, its subtree's cells (capped at CELLS + 1). */
  private final int[][] m_CellCount;
  /** Per tree and node, a cut node's first cell slot (-1 for other nodes). */
  private final int[][] m_CellBase;
  /** Per cell slot, the class-1 leaves (their slots) its rows a reach, whatever b. */
  private final int[][] m_CellLeaves;
  private final int m_Cells;
  /** Words of a block's bit a cell ({@link Range#filled}). */
  private final int m_FilledWords;
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
    int slots = 0;
    for (int t = 0; t < trees.length; t++) {
      m_Slot[t] = new int[trees[t].size()];
      for (int node = 0; node < trees[t].size(); node++) {
        boolean wins = trees[t].m_Kind[node] == FlatTree.LEAF && trees[t].m_Wins[node];
        m_Slot[t][node] = wins ? slots++ : -1;
      }
    }
    m_Slots = slots;
    m_CellCount = new int[trees.length][];
    m_CellBase = new int[trees.length][];
    List<int[]> cellLeaves = new ArrayList<>();
    for (int t = 0; t < trees.length; t++) {
      m_CellCount[t] = cellCounts(trees[t]);
      m_CellBase[t] = new int[trees[t].size()];
      Arrays.fill(m_CellBase[t], -1);
      cut(t, 0, cellLeaves);
    }
    m_CellLeaves = cellLeaves.toArray(new int[0][]);
    m_Cells = m_CellLeaves.length;
    m_FilledWords = (m_Cells + 63) >>> 6;
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

  /** The cell under v of the row a (the inverse of leavesOfCell's numbering). */
  private int cellOf(int t, int v, double[] row) {
    FlatTree tree = m_Trees[t];
    if (tree.m_Kind[v] == FlatTree.LEAF) {
      return 0;
    }
    int first = tree.m_First[v];
    int at = tree.m_Attribute[v];
    int cell = 0;
    if (at < tree.m_Half) {
      int branch = tree.branch(v, row[at]);
      for (int i = 0; i < branch; i++) {
        cell += m_CellCount[t][tree.m_Children[first + i]];
      }
      return cell + cellOf(t, tree.m_Children[first + branch], row);
    }
    int digit = 1;
    for (int i = 0; i < tree.m_Count[v]; i++) {
      int child = tree.m_Children[first + i];
      cell += cellOf(t, child, row) * digit;
      digit *= m_CellCount[t][child];
    }
    return cell;
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

  @Override
  public Rankers.Ranking tournament(int[] rows, PairComparator exact) throws Exception {
    long started = System.nanoTime();
    long callerCpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    m_RankCpu = new long[m_Threads];
    m_RankBusy = new long[m_Threads];
    m_CallerTaskCpu = 0;
    int n = rows.length;
    boolean[] clean = new boolean[n];
    int[] cleanRows = cleanRows(rows, clean);
    long[] degree = new long[n];
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
    // Every class-1 leaf's bits for a range of rows b within the budget.
    long budget = Math.max(1L << 24, Runtime.getRuntime().maxMemory() / 8);
    int rangeWords = (int) Math.max(BLOCK, Math.min(words, budget / 8 / (m_Slots + m_Cells + 1)));
    for (int fromWord = 0; fromWord < words; fromWord += rangeWords) {
      Range range = new Range(fromWord, Math.min(rangeWords, words - fromWord), place);
      long[][] bits = cellBits(beaten(rows, cleanRows, range), range);
      int tasks = (cleanRows.length + GROUP - 1) / GROUP;
      parallel(tasks, task -> {
        int from = task * GROUP;
        int[] group = Arrays.copyOfRange(byA, from, Math.min(byA.length, from + GROUP));
        long[] wins = wins(rows, group, bits, range);
        for (int i = 0; i < group.length; i++) {
          degree[group[i]] += wins[i]; // each row is in one task only
        }
      });
    }
    long asked = pairsWithMissing(n, clean, exact, degree);
    double[] scores = new double[n];
    for (int i = 0; i < n; i++) {
      scores[i] = degree[i] / (double) Math.max(n - 1, 1);
    }
    callerCpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - callerCpu;
    m_Timing = new Timing((System.nanoTime() - started) / 1e9,
        (callerCpu - m_CallerTaskCpu) / 1e9,
        Arrays.stream(m_RankCpu).mapToDouble(x -> x / 1e9).toArray(),
        Arrays.stream(m_RankBusy).mapToDouble(x -> x / 1e9).toArray());
    return new Rankers.Ranking(scores, asked);
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
   * {@link #BLOCK} words, each block holding every leaf's words of it in
   * turn: a block of all leaves stays in the cache while a group of rows a
   * reads it.
   */
  private static final class Range {
    final int from;
    final int width;
    final int blocks;
    /** Each row's bit (by position in rows): rows near in the order {@link #places} gives. */
    final int[] place;
    /**
     * Per block, a bit a cell, {@link #m_FilledWords} words a block: whether
     * the cell's block holds a bit, a lookup that stays in the first-level
     * cache.
     */
    long[] filled;

    Range(int from, int width, int[] place) {
      this.from = from;
      this.width = width;
      this.place = place;
      blocks = (width + BLOCK - 1) / BLOCK;
    }

    /** Where word w (counted from the range's first) of a slot's bits lies. */
    int at(int slots, int slot, int w) {
      return ((w / BLOCK) * slots + slot) * BLOCK + w % BLOCK;
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
   * Each class-1 leaf's bits of the clean rows b (by position in rows) of
   * the range whose path conditions on b they meet: b walked following its
   * branch at splits on b's attributes, every branch at splits on a's.
   */
  private long[] beaten(int[] rows, int[] cleanRows, Range range) throws Exception {
    long[] bits = new long[range.blocks * m_Slots * BLOCK];
    int first = range.from << 6;
    int last = Math.min(rows.length, (range.from + range.width) << 6);
    parallel(m_Trees.length, t -> {
      FlatTree tree = m_Trees[t];
      int[] stack = new int[tree.size()];
      for (int b : cleanRows) {
        int p = range.place[b];
        if (p < first || p >= last) {
          continue;
        }
        double[] row = m_Rows[rows[b]];
        int word = (p >>> 6) - range.from;
        long bit = 1L << (p & 63);
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
          int node = stack[--top];
          if (tree.m_Kind[node] == FlatTree.LEAF) {
            int slot = m_Slot[t][node];
            if (slot >= 0) {
              bits[range.at(m_Slots, slot, word)] |= bit; // one tree's slots a thread
            }
            continue;
          }
          int at = tree.m_Attribute[node];
          int start = tree.m_First[node];
          if (at >= tree.m_Half) {
            stack[top++] = tree.m_Children[start + tree.branch(node, row[at - tree.m_Half])];
          } else {
            for (int c = 0; c < tree.m_Count[node]; c++) {
              stack[top++] = tree.m_Children[start + c];
            }
          }
        }
      }
    });
    return bits;
  }

  /**
   * Each cell's bits of the range, a block at (block * cells + cell): its
   * class-1 leaves' bits ORed, null where no row b of the block is in them;
   * and the range's map of the blocks that hold a bit ({@link Range#filled}).
   * A block of its own array: the loops that read blocks at offset 0 of
   * distinct arrays are the ones the compiler turns into vector
   * instructions, the empty blocks take no memory, and a block's cells,
   * made in turn, lie near in memory.
   */
  private long[][] cellBits(long[] leaves, Range range) throws Exception {
    long[][] bits = new long[range.blocks * m_Cells][];
    int filledWords = m_FilledWords;
    long[] filled = new long[range.blocks * filledWords];
    parallel(range.blocks, block -> {
      long[] cell = new long[BLOCK];
      for (int s = 0; s < m_Cells; s++) {
        Arrays.fill(cell, 0L);
        long any = 0;
        for (int leaf : m_CellLeaves[s]) {
          int from = (block * m_Slots + leaf) * BLOCK;
          for (int w = 0; w < BLOCK; w++) {
            cell[w] |= leaves[from + w];
            any |= leaves[from + w];
          }
        }
        if (any != 0) { // a block's cells and bits of filled are its task's only
          bits[block * m_Cells + s] = cell.clone();
          filled[block * filledWords + (s >>> 6)] |= 1L << s;
        }
      }
    });
    range.filled = filled;
    return bits;
  }

  /**
   * For each clean row a of the group, how many clean rows b of the range it
   * beats by the committee's strict majority, a itself left out.
   */
  private long[] wins(int[] rows, int[] group, long[][] bits, Range range) {
    int trees = m_Trees.length;
    // The class-1 leaves each row reaches in each tree, whatever b.
    int[] start = new int[group.length * trees + 1];
    Slots found = new Slots();
    int[] stack = new int[Arrays.stream(m_Trees).mapToInt(FlatTree::size).max().getAsInt()];
    for (int i = 0; i < group.length; i++) {
      for (int t = 0; t < trees; t++) {
        reachedCells(t, m_Rows[rows[group[i]]], stack, found);
        start[i * trees + t + 1] = found.size;
      }
    }
    int[] reached = found.items;
    int[] same = sameCells(start, reached, group.length);
    long[] counted = new long[group.length]; // wins of the rows whose answers are counted
    // A tree's answers on the block where a reaches several cells: three, as
    // the trees are added to the count three at a time.
    long[][] unions = new long[Tally.AT_ONCE][BLOCK];
    long[][] waiting = new long[Tally.AT_ONCE][]; // trees' answers not yet counted
    int[] cells = new int[stack.length]; // a tree's cells reached by a row: one a node at most
    int filledWords = m_FilledWords;
    long[] filled = range.filled;
    Tally tally = new Tally(trees);
    int majority = trees / 2 + 1;
    for (int block = 0; block < range.blocks; block++) {
      int base = block * m_Cells;
      int filledBase = block * filledWords;
      for (int i = 0; i < group.length; i++) {
        if (same[i] != i) {
          continue; // its answers are an earlier row's
        }
        tally.clear();
        int voters = 0; // trees that say "a beats b" for some b of the block
        for (int t = 0; t < trees && voters + trees - t >= majority; t++) {
          int listed = 0; // the cells a reaches that hold a row b of the block, without a branch
          for (int r = start[i * trees + t]; r < start[i * trees + t + 1]; r++) {
            int cell = reached[r];
            cells[listed] = cell;
            listed += (int) (filled[filledBase + (cell >>> 6)] >>> cell) & 1; // bit cell % 64
          }
          if (listed == 0) {
            continue;
          }
          long[] answers = bits[base + cells[0]];
          if (listed > 1) {
            answers = unions[voters % Tally.AT_ONCE]; // none of those waiting
            union(bits, base, cells, listed, answers);
          }
          waiting[voters++ % Tally.AT_ONCE] = answers;
          if (voters % Tally.AT_ONCE == 0) {
            tally.add(waiting[0], waiting[1], waiting[2]);
          }
        }
        if (voters % Tally.AT_ONCE > 0) { // the last one or two, with no answers beside them
          tally.add(waiting[0], voters % Tally.AT_ONCE > 1 ? waiting[1] : Tally.NONE, Tally.NONE);
        }
        if (voters >= majority) {
          counted[i] += tally.reached();
        }
      }
    }
    long[] wins = new long[group.length];
    for (int i = 0; i < group.length; i++) {
      wins[i] = counted[same[i]] - (beatsItself(group[i], start, reached, i, bits, range) ? 1 : 0);
    }
    return wins;
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

  /** Into out, the OR of the blocks bits[base + cell] of the first listed (two or more) cells. */
  private static void union(long[][] bits, int base, int[] cells, int listed, long[] out) {
    long[] first = bits[base + cells[0]];
    long[] second = bits[base + cells[1]];
    for (int w = 0; w < BLOCK; w++) {
      out[w] = first[w] | second[w];
    }
    for (int k = 2; k < listed; k++) {
      long[] next = bits[base + cells[k]];
      for (int w = 0; w < BLOCK; w++) {
        out[w] |= next[w];
      }
    }
  }

  /**
   * Per bit of a block, whether at least a majority of the trees' answers
   * say 1, counted as a binary number a bit slice each (a bit-sliced
   * counter), a block's words at once and without a branch on the bits, so
   * that the compiler may use the processor's vector instructions. The
   * counter starts at 2^k - majority (k: the slices below the top), so that
   * a bit's count reaches the majority where its carry leaves slice k - 1;
   * the top slice keeps that carry, and the answer is the top's popcount,
   * without comparing the count with the majority.
   */
  private static final class Tally {
    /**
     * Slices below the top in the counter a committee of up to 31 trees
     * needs (a majority of 16 at most, and 15 more votes at most): the one
     * loop of {@link #add} holds these four in registers.
     */
    private static final int FUSED = 4;
    /** Trees' answers {@link #add} counts in one pass. */
    static final int AT_ONCE = 3;
    /** No answer: the block's words all 0. */
    static final long[] NONE = new long[BLOCK];
    /** The count's slices, the lowest first: slice k holds bit k of each bit's count. */
    private final long[][] m_Slice;
    /** Where the count has reached the majority. */
    private final long[] m_Top = new long[BLOCK];
    /** A vote's carry through the slices of a counter wider than {@link #FUSED}. */
    private final long[] m_Carry = new long[BLOCK];
    /** Per slice, its words at the start: all ones where the start has that bit. */
    private final long[] m_Start;

    Tally(int trees) {
      int majority = trees / 2 + 1;
      int below = Math.max(FUSED, 32 - Integer.numberOfLeadingZeros(majority - 1));
      m_Slice = new long[below][BLOCK];
      m_Start = new long[below];
      long start = (1L << below) - majority; // the count a majority carries out of the slices
      for (int k = 0; k < below; k++) {
        m_Start[k] = ((start >>> k) & 1) == 1 ? -1L : 0L;
      }
    }

    /** Starts counting a block. */
    void clear() {
      for (int k = 0; k < m_Slice.length; k++) {
        Arrays.fill(m_Slice[k], m_Start[k]);
      }
      Arrays.fill(m_Top, 0L);
    }

    /**
     * Adds three trees' answers on the block at once: their sum, two bits
     * (a full adder), added in one pass over the slices, a third of the
     * slices' loads and stores of adding them in turn. {@link #NONE} stands
     * for a tree that is not there.
     */
    void add(long[] one, long[] two, long[] three) {
      long[][] slice = m_Slice;
      long[] top = m_Top;
      if (slice.length != FUSED) {
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

    /** How many bits of the block the trees added so far give a majority. */
    long reached() {
      long won = 0;
      for (int w = 0; w < BLOCK; w++) {
        won += Long.bitCount(m_Top[w]);
      }
      return won;
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
   * Appends the cells of tree t that a row a reaches, whatever b, where
   * they hold a class-1 leaf: a's branch at splits on a's attributes, every
   * branch at splits on b's, down to the cut.
   */
  private void reachedCells(int t, double[] row, int[] stack, Slots found) {
    FlatTree tree = m_Trees[t];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
      int node = stack[--top];
      int base = m_CellBase[t][node];
      if (base >= 0) {
        int cell = base + cellOf(t, node, row);
        if (m_CellLeaves[cell].length > 0) {
          found.add(cell);
        }
        continue;
      }
      int att = tree.m_Attribute[node];
      int first = tree.m_First[node];
      if (att < tree.m_Half) {
        stack[top++] = tree.m_Children[first + tree.branch(node, row[att])];
      } else {
        for (int c = 0; c < tree.m_Count[node]; c++) {
          stack[top++] = tree.m_Children[first + c];
        }
      }
    }
  }

  /**
   * The pairs with a row WEKA walks fractionally, both ways, asked of the
   * committee in batches; returns how many were asked.
   */
  private static long pairsWithMissing(int n, boolean[] clean, PairComparator exact,
      long[] degree) throws Exception {
    List<Integer> dirty = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (!clean[i]) {
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
    long asked = 0;
    int k = 0;
    for (int d = 0; d <= dirty.size(); d++) {
      if (k > 0 && (d == dirty.size() || k + 2 * n > capacity)) {
        exact.beats(left, right, k, wins);
        for (int j = 0; j < k; j++) {
          if (wins[j]) {
            degree[left[j]]++;
          }
        }
        asked += k;
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
        left[k] = x; // every pair of a dirty row as the first
        right[k++] = y;
        if (clean[y]) { // and as the second, once: dirty rows ask their own
          left[k] = y;
          right[k++] = x;
        }
      }
    }
    return asked;
  }
}
