/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.core.Instances;

/**
 * The committee's vote on pairs of rows: c(x, x') = 1 on a strict majority of
 * members predicting "x beats x'" (a tied vote says 0, the monograph's
 * {@code votacao}).
 *
 * <p>With several threads each scores a contiguous share of a batch with its
 * own copy of the committee (WEKA does not promise that a model predicts
 * safely from several threads at once), so the answers do not depend on the
 * number of threads.
 *
 * <p>A member whose pair model is additive in its two halves (Logistic,
 * NaiveBayes, linear SMO: {@link AdditiveTournament}) answers from its two
 * halves' sums, computed once a row, and is itself asked only the pairs
 * within the rounding margin: the same votes, without a member evaluation
 * for each pair.
 *
 * <p>A tree member (J48, REPTree: {@link FlatTree}) answers from its tree
 * flattened into arrays, in one walk a pair; rows with a missing value on the
 * way go to the member itself. Where a batch's pairs share a row in a run
 * (the tournament's first row, QuickSort's pivot), each tree's splits on
 * that row are decided once for the run ({@code FlatTree.Given}), and a run
 * of a committee of trees is asked a tree at a time: each tree divides the
 * run's pairs among its branches in one pass a split, instead of a walk a
 * pair whose every split the processor must guess. {@link #beats} stops
 * asking members once the majority is decided; {@link #votes} counts every
 * member's vote.
 *
 * <p>Pairs are laid out as the members were trained on them
 * ({@link PairFeatures}). A row given once for a run, and the tree
 * tournament, read a split as a condition on one row: they apply to pairs of
 * the rows side by side only; pairs of differences are walked one by one.
 */
public final class Committee implements PairComparator {

  /** The committee over a set of rows. */
  public interface Factory {
    /**
     * @param rows the non-class values of the rows to compare
     * @return the committee's vote on pairs of them
     * @throws Exception if the members cannot be copied
     */
    Committee on(double[][] rows) throws Exception;
  }

  /**
   * The fewest pairs sharing a row that decide the trees' splits on that
   * row once (about a walk of each tree) rather than at every pair.
   */
  private static final int RUN = 32;

  /**
   * A trained committee's state for scoring, kept with the model from one
   * call to the next: each member's flattened tree (read by every thread),
   * made once instead of at every call, and a copy of the members for each
   * scoring thread beyond the first, made when a batch first needs it.
   * Nothing in it is saved with the model: it is made again after loading.
   */
  public static final class Members {
    private final Classifier[][] m_Copies;
    private final FlatTree[] m_Trees;

    /**
     * @param members the trained members (the first thread's)
     * @param trees each member's flattened tree ({@link FlatTree#of}), made
     *     already (by the training, on the members' threads); null: made here
     * @param pairHeader the empty pair dataset they were trained on
     * @param threads the most threads a batch is scored on
     * @throws Exception if a member's tree cannot be read
     */
    public Members(Classifier[] members, FlatTree[] trees, Instances pairHeader, int threads)
        throws Exception {
      m_Copies = new Classifier[Math.max(1, threads)][];
      m_Copies[0] = members;
      m_Trees = trees != null ? trees : new FlatTree[members.length];
      for (int m = 0; trees == null && m < members.length; m++) {
        m_Trees[m] = FlatTree.of(members[m], pairHeader);
      }
    }

    /**
     * Whether this state is of these members, for this many threads.
     *
     * @param members the trained members
     * @param threads the most threads a batch is scored on
     * @return true when it may serve them
     */
    public boolean serves(Classifier[] members, int threads) {
      return m_Copies[0] == members && m_Copies.length == Math.max(1, threads);
    }

    /** The first {@code threads} threads' members, copying those not yet copied. */
    private void copies(int threads) throws Exception {
      for (int t = 1; t < threads; t++) {
        of(t);
      }
    }

    /**
     * A thread's members, copied from the first thread's when first asked
     * for. A member with a flat tree (J48's or REPTree's) is shared, not
     * copied: their classification reads the tree and writes nothing (no
     * field is set below {@code distributionForInstance}), and the copy, by
     * serialization, was some 6 % of a small plan's samples and kept the
     * JVM's compiler on {@code java.io} for about 2 CPU seconds.
     */
    private synchronized Classifier[] of(int thread) throws Exception {
      if (m_Copies[thread] == null) {
        m_Copies[thread] = new Classifier[m_Copies[0].length];
        for (int i = 0; i < m_Copies[0].length; i++) {
          m_Copies[thread][i] = m_Trees[i] != null ? m_Copies[0][i]
              : AbstractClassifier.makeCopy(m_Copies[0][i]);
        }
      }
      return m_Copies[thread];
    }
  }

  /**
   * The fewest pairs a scoring thread is given: a batch of fewer (a single
   * instance against the reference sample: 100 pairs) is scored in the
   * calling thread, where starting threads would cost more than the pairs.
   */
  private static final int PAIRS_A_THREAD = 4096;

  private final Members m_Members;
  private final Instances m_PairHeader;
  private final PairFeatures m_Layout;
  private final double[][] m_Rows;
  private final boolean m_Additive;
  /** Each member's additive form on the rows (null: none), once built. */
  private AdditiveTournament[] m_Forms;
  /** Each member's flattened tree (null: none), shared by the threads (read only). */
  private final FlatTree[] m_Trees;
  /** Per row, whether a value is missing (its pairs are walked one by one). */
  private final boolean[] m_Missing;

  /**
   * @param copies one copy of the committee per thread to score on
   *        ({@link #copies})
   * @param pairHeader the empty pair dataset they were trained on
   * @param layout the pairs' features, as they were trained on
   * @param rows the non-class values of the rows to compare
   * @param additive whether additive members answer from their forms
   * @throws Exception if a member's form cannot be read
   */
  public Committee(Classifier[][] copies, Instances pairHeader, PairFeatures layout,
      double[][] rows, boolean additive) throws Exception {
    this(given(copies, pairHeader), pairHeader, layout, rows, additive);
  }

  /**
   * @param members the committee's scoring state, kept with the model
   * @param pairHeader the empty pair dataset they were trained on
   * @param layout the pairs' features, as they were trained on
   * @param rows the non-class values of the rows to compare
   * @param additive whether additive members answer from their forms
   */
  public Committee(Members members, Instances pairHeader, PairFeatures layout,
      double[][] rows, boolean additive) {
    m_Members = members;
    m_PairHeader = pairHeader;
    m_Layout = layout;
    m_Rows = rows;
    m_Additive = additive;
    m_Trees = members.m_Trees;
    m_Missing = new boolean[rows.length];
    for (int i = 0; i < rows.length; i++) {
      for (double v : rows[i]) {
        m_Missing[i] |= Double.isNaN(v);
      }
    }
  }

  /** A scoring state over copies already made. */
  private static Members given(Classifier[][] copies, Instances pairHeader) throws Exception {
    Members members = new Members(copies[0], null, pairHeader, copies.length);
    System.arraycopy(copies, 1, members.m_Copies, 1, copies.length - 1);
    return members;
  }

  /**
   * The exact tournament of this committee on its rows without asking every
   * pair, or null where no form applies: a single additive member's
   * ({@link AdditiveTournament}), else a committee of trees'
   * ({@link TreeTournament}, on as many threads as there are copies) on pairs
   * of the rows side by side ({@link #treeTournamentDeclined}).
   *
   * @return the exact form, or null
   * @throws Exception if a member's form cannot be read
   */
  public ExactTournament exactTournament() throws Exception {
    AdditiveTournament additive = AdditiveTournament.of(m_Members.m_Copies[0], m_PairHeader,
        m_Layout, m_Rows);
    if (additive != null) {
      return additive::tournament;
    }
    return treeTournamentDeclined(m_Layout) == null
        ? TreeTournament.of(m_Trees, m_Rows, m_Members.m_Copies.length) : null;
  }

  /**
   * Why the tree tournament does not apply to pairs of these features, or
   * null when it may: it reads each split as a condition on one row, and a
   * split on a difference a - b is a condition on both.
   *
   * @param layout the pairs' features
   * @return the reason, or null
   */
  public static String treeTournamentDeclined(PairFeatures layout) {
    return layout.sideBySide() ? null : "pair features " + PairFeatures.NAMES[layout.mode()]
        + ": a split on a - b is a condition on both rows";
  }

  /**
   * The members themselves for the first thread, and a copy for each other.
   *
   * @param members the trained members
   * @param threads the number of scoring threads
   * @return one committee a thread
   * @throws Exception if a member cannot be copied
   */
  public static Classifier[][] copies(Classifier[] members, int threads) throws Exception {
    Classifier[][] copies = new Classifier[Math.max(1, threads)][];
    copies[0] = members;
    for (int t = 1; t < copies.length; t++) {
      copies[t] = new Classifier[members.length];
      for (int i = 0; i < members.length; i++) {
        copies[t][i] = AbstractClassifier.makeCopy(members[i]);
      }
    }
    return copies;
  }

  /**
   * Votes for "left beats right" per pair, from all members.
   *
   * @param left first element of each pair
   * @param right second element of each pair
   * @param count how many of the arrays' leading entries to answer
   * @return the members saying "left beats right", per pair
   * @throws Exception if a member cannot classify a pair
   */
  public int[] votes(int[] left, int[] right, int count) throws Exception {
    prepare(count);
    int[] out = new int[count];
    run(count, (members, from, to) -> count(members, left, right, from, to, out, false));
    return out;
  }

  @Override
  public void beats(int[] left, int[] right, int count, boolean[] out) throws Exception {
    Parallel.stopIfInterrupted();
    prepare(count);
    int[] votes = new int[count];
    run(count, (members, from, to) -> count(members, left, right, from, to, votes, true));
    int members = m_Trees.length;
    for (int k = 0; k < count; k++) {
      out[k] = 2 * votes[k] > members;
    }
  }

  private void prepare(int count) throws Exception {
    if (m_Forms == null && m_Additive && count >= m_Rows.length) {
      // Worth a form's cost (one member evaluation a row) only when a batch
      // asks at least as many pairs as there are rows.
      m_Forms = forms();
    }
  }

  /**
   * Votes for "left beats right" per pair; with {@code decide}, members stop
   * being asked once a strict majority is reached or out of reach (the count
   * is then only right on which side of the majority it lies).
   */
  private void count(Asker members, int[] left, int[] right, int from, int to, int[] out,
      boolean decide) throws Exception {
    PairInstance pair = new PairInstance(m_Rows, m_Layout, 0, 0,
        weka.core.Utils.missingValue(), 1.0);
    pair.setDataset(m_PairHeader);
    boolean sideBySide = m_Layout.sideBySide();
    int half = m_Rows.length == 0 ? 0 : m_Rows[0].length;
    double[] values = new double[m_Layout.width()]; // the pair's, for the trees
    int first = -1; // the row in the first half of values
    FlatTree.Given[] given = null; // this thread's trees with a row given, once needed
    int runEnd = from; // where the pairs sharing a row (or none) end
    int shared = 0; // 1 while a run shares its first row, 2 its second, else 0
    boolean allTrees = allTrees();
    Run run = null; // this thread's scratch for runs, once needed
    for (int k = from; k < to; k++) {
      if ((k - from) % Parallel.CHECK_EVERY == 0) {
        Parallel.stopIfInterrupted();
      }
      int a = left[k];
      int b = right[k];
      if (k == runEnd) {
        int byFirst = runEnd(left, k, to);
        int bySecond = runEnd(right, k, to);
        shared = !sideBySide ? 0 : byFirst - k >= RUN ? 1 : bySecond - k >= RUN ? 2 : 0;
        // No run long enough starts before both ends when neither is.
        runEnd = shared == 1 ? byFirst : shared == 2 ? bySecond : Math.min(byFirst, bySecond);
        if (shared > 0) {
          given = given != null ? given : given();
          for (FlatTree.Given tree : given) {
            if (tree != null) {
              tree.give(m_Rows[shared == 1 ? a : b], shared == 1);
            }
          }
          if (allTrees) {
            run = run != null ? run : new Run();
            run.count(members, given, left, right, k, runEnd, shared == 1, pair, out, decide);
            k = runEnd - 1;
            continue;
          }
        }
      }
      pair.setPair(a, b);
      boolean laidOut = false;
      int votes = 0;
      for (int m = 0; m < m_Trees.length; m++) {
        int sure = m_Forms == null || m_Forms[m] == null ? -1 : m_Forms[m].sureAnswer(a, b);
        if (sure < 0 && m_Trees[m] != null) {
          if (shared > 0) {
            sure = given[m].answer(m_Rows[shared == 1 ? b : a]);
          } else {
            if (!laidOut) { // batches ask a row against many in turn
              if (!sideBySide) {
                m_Layout.fill(m_Rows[a], m_Rows[b], values);
              } else {
                if (first != a) {
                  System.arraycopy(m_Rows[a], 0, values, 0, half);
                  first = a;
                }
                System.arraycopy(m_Rows[b], 0, values, half, half);
              }
              laidOut = true;
            }
            sure = m_Trees[m].answer(values);
          }
        }
        votes += sure >= 0 ? sure : members.ask(m, pair);
        if (decide && decided(votes, m + 1, m_Trees.length)) {
          break;
        }
      }
      out[k] = votes;
    }
  }

  /**
   * A scoring thread's members, asked for the pairs no flat tree or form
   * answers: its own copies of the committee (the first thread's are the
   * members themselves), taken when it first asks.
   */
  private final class Asker {
    private final int m_Thread;
    /**
     * Whether the first thread asks its members under the copies' lock:
     * they are the originals, which another thread may be copying
     * ({@link Members#of}) while the batch is scored, and asking a member
     * can change its state (Logistic's filters queue the instance).
     */
    private final boolean m_Guarded;
    private Classifier[] m_Own;

    Asker(int thread, boolean copiedWhileScoring) {
      m_Thread = thread;
      m_Guarded = thread == 0 && copiedWhileScoring;
    }

    /** Member m's own answer on the pair: 1 for "a beats b", else 0. */
    int ask(int m, PairInstance pair) throws Exception {
      if (m_Own == null) {
        m_Own = m_Members.of(m_Thread);
      }
      if (m_Guarded && m_Trees[m] == null) {
        synchronized (m_Members) {
          return m_Own[m].classifyInstance(pair) == 1.0 ? 1 : 0;
        }
      }
      return m_Own[m].classifyInstance(pair) == 1.0 ? 1 : 0;
    }
  }

  /**
   * Whether the committee's strict majority is reached or out of reach after
   * this many of its members' votes.
   */
  private static boolean decided(int votes, int asked, int members) {
    int majority = members / 2 + 1;
    return votes >= majority || votes + members - asked < majority;
  }

  /** Whether every member has a flat tree or an additive form (asked where these leave a pair). */
  private boolean answeredWithoutAsking() {
    for (int m = 0; m < m_Trees.length; m++) {
      if (m_Trees[m] == null && (m_Forms == null || m_Forms[m] == null)) {
        return false;
      }
    }
    return true;
  }

  /** Whether every member answers from its tree alone (no additive form). */
  private boolean allTrees() {
    for (int m = 0; m < m_Trees.length; m++) {
      if (m_Trees[m] == null || m_Forms != null && m_Forms[m] != null) {
        return false;
      }
    }
    return true;
  }

  /**
   * A run of pairs sharing a row, counted a tree at a time over chunks of
   * them: each given tree answers a chunk's pairs at once
   * ({@link FlatTree.Given#vote}), and the pairs whose majority is decided
   * leave before the next tree. The same votes as asking pair by pair.
   */
  private final class Run {
    /** Pairs a chunk: their rows stay in the cache while every tree is asked. */
    private static final int CHUNK = 1024;
    private final int[] m_Active = new int[CHUNK];
    private final int[] m_Pairs = new int[CHUNK];
    private final int[] m_Undecided = new int[CHUNK];

    void count(Asker members, FlatTree.Given[] given, int[] left, int[] right,
        int from, int to, boolean sharesFirst, PairInstance pair, int[] out, boolean decide)
        throws Exception {
      int[] other = sharesFirst ? right : left;
      for (int start = from; start < to; start += CHUNK) {
        Parallel.stopIfInterrupted();
        int active = 0;
        for (int k = start; k < Math.min(to, start + CHUNK); k++) {
          out[k] = 0;
          m_Active[active++] = k;
        }
        for (int m = 0; m < m_Trees.length && active > 0; m++) {
          int clean = 0;
          int undecided = 0;
          for (int j = 0; j < active; j++) {
            int k = m_Active[j];
            if (given[m].canVote() && !m_Missing[other[k]]) {
              m_Pairs[clean++] = k;
            } else {
              int answer = given[m].answer(m_Rows[other[k]]);
              if (answer < 0) {
                m_Undecided[undecided++] = k;
              } else {
                out[k] += answer;
              }
            }
          }
          undecided = given[m].vote(m_Pairs, clean, m_Rows, other, out, m_Undecided, undecided);
          for (int j = 0; j < undecided; j++) {
            int k = m_Undecided[j];
            pair.setPair(left[k], right[k]);
            out[k] += members.ask(m, pair);
          }
          int kept = 0;
          for (int j = 0; j < active; j++) {
            int k = m_Active[j];
            if (!decide || !decided(out[k], m + 1, m_Trees.length)) {
              m_Active[kept++] = k;
            }
          }
          active = kept;
        }
      }
    }
  }

  /** One past the last of the pairs from k on whose row in rows is the same. */
  private static int runEnd(int[] rows, int k, int to) {
    int end = k + 1;
    while (end < to && rows[end] == rows[k]) {
      end++;
    }
    return end;
  }

  /** A thread's own trees to give rows to (null for members that are none). */
  private FlatTree.Given[] given() {
    FlatTree.Given[] given = new FlatTree.Given[m_Trees.length];
    for (int m = 0; m < given.length; m++) {
      given[m] = m_Trees[m] == null ? null : new FlatTree.Given(m_Trees[m]);
    }
    return given;
  }

  /**
   * Each member's additive form on the rows, the members shared among the
   * scoring threads: a form reads its own member alone (and runs that
   * member's filters), before any pair is asked.
   */
  private AdditiveTournament[] forms() throws Exception {
    Classifier[] members = m_Members.m_Copies[0];
    AdditiveTournament[] forms = new AdditiveTournament[members.length];
    Parallel.forEach(members.length, m_Members.m_Copies.length, m -> forms[m] =
        AdditiveTournament.ofMember(members[m], m_PairHeader, m_Layout, m_Rows));
    return forms;
  }

  private interface Share {
    void score(Asker members, int from, int to) throws Exception;
  }

  private void run(int count, Share share) throws Exception {
    int threads = Math.max(1, Math.min(m_Members.m_Copies.length, count / PAIRS_A_THREAD));
    // A flat tree or an additive form answers a member's pairs but for those
    // a tree leaves (a missing value on the way) or a form's rounding margin
    // holds, for which the member itself is asked: a thread's copy of it is
    // made then (Members.of; members with a flat tree are shared, their
    // classification only reads the tree). Members asked for every pair are
    // copied before the threads start.
    boolean copiedWhileScoring = threads > 1 && answeredWithoutAsking();
    if (!copiedWhileScoring) {
      m_Members.copies(threads); // none for one thread
    }
    int size = (count + threads - 1) / threads;
    Parallel.forEach(threads, threads, t -> {
      int from = Math.min(count, t * size);
      share.score(new Asker(t, copiedWhileScoring), from, Math.min(count, from + size));
    });
  }
}
