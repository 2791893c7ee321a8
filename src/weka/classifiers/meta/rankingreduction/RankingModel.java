/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Randomizable;
import weka.core.Utils;
import weka.core.Version;

/**
 * A trained {@code RankingReduction}: its committee (or, pointwise, the base
 * learner alone), what the training data asked to rank, and the reference
 * sample; how it ranks a batch, scores one instance, and describes itself.
 * The meta-classifier holds its options and one of these once trained, so
 * that its own class reads as WEKA's {@code Bagging} does: options, tip
 * texts, and training and scoring delegated here.
 *
 * <p>How to rank (the ranker, the tie rule, the threads...) stays the
 * meta-classifier's to set after training: each call is told it in a
 * {@link Settings}.
 */
public final class RankingModel implements Serializable {

  private static final long serialVersionUID = 4466180216384577917L;

  /** The inverse of the grid step of {@link #shareProbabilities}. */
  private static final double PROBABILITY_GRID = 1e12;

  /** The callers said on standard error already, once a JVM each. */
  private static final Set<String> SAID_ONE_AT_A_TIME = ConcurrentHashMap.newKeySet();

  /** Member i's pair instances, where WEKA's own learner trains on them. */
  public interface MemberPairs {
    /**
     * @param member the member's number, from 0
     * @return its pair instances, drawn from {@code new Random(seed + member)}
     * @throws Exception if they cannot be made
     */
    Instances pairs(int member) throws Exception;
  }

  /** The meta-classifier's options as a model reads them, each call anew. */
  public static final class Settings {
    final Supplier<String> options;
    final Classifier learner;
    final int ranker;
    final String rankerName;
    final boolean pointwise;
    final int ties;
    final int seed;
    final int slots;
    final boolean additive;
    final boolean shareThreshold;
    final boolean positions;
    final int smoSolver;
    final String smoSolverName;
    final int pairOrder;
    final boolean bothOrders;

    /**
     * @param options the options as WEKA prints them, asked for the model's text only
     * @param learner the base classifier (untrained), as configured
     * @param ranker the ranker, one of {@link BatchRanking}'s ids
     * @param ties 1 for a seeded order of equal scores, 0 for input order
     * @param seed the seed (members get seed + i)
     * @param slots the execution slots, 0 for one a core
     * @param additive whether the exact forms of the tournament are taken
     * @param shareThreshold whether a batch's top share, not its top half, is predicted first
     * @param positions whether a batch's scores are its rank positions
     * @param smoSolver how an SMO member is trained, one of {@link SmoSolver}'s
     * @param smoSolverName its name, as the option says it
     * @param pairOrder the pair order, one of {@link Pairs}'s
     * @param bothOrders whether a batch's tournament counts each ordered pair
     *     for both its rows, not for its first only ({@link Rankers#tournament})
     */
    public Settings(Supplier<String> options, Classifier learner, int ranker, int ties, int seed,
        int slots, boolean additive, boolean shareThreshold, boolean positions,
        int smoSolver, String smoSolverName, int pairOrder, boolean bothOrders) {
      this.options = options;
      this.learner = learner;
      this.ranker = ranker;
      this.rankerName = BatchRanking.RANKERS[ranker].getIDStr();
      this.pointwise = ranker == BatchRanking.POINTWISE;
      this.ties = ties;
      this.seed = seed;
      this.slots = slots == 0 ? Runtime.getRuntime().availableProcessors() : slots;
      this.additive = additive;
      this.shareThreshold = shareThreshold;
      this.positions = positions;
      this.smoSolver = smoSolver;
      this.smoSolverName = smoSolverName;
      this.pairOrder = pairOrder;
      this.bothOrders = bothOrders;
    }
  }

  // -- learned state (the fields RankingReduction held before 0.2.0) -------
  /** The training data's empty header. */
  Instances m_Header;
  /**
   * The pairs drawn per instance (0 for all; {@code -P auto} resolved) and the
   * training instances they were drawn for; null in files before 0.3.0 and pointwise.
   */
  Integer m_PairsPerInstance;
  /** The training instances (those with a class); 0 in files before 0.3.0. */
  int m_TrainingInstances;
  /** The empty dataset of the pair instances the members were trained on. */
  Instances m_PairHeader;
  /** How the pair instances' attributes are read from two rows; null pointwise. */
  PairFeatures m_PairLayout;
  /** Why members were not trained from the rows where they could be, or null. */
  String m_RowPathDeclined;
  /** What the training data asks to rank, and how rows are read. */
  RankingTask m_Task;
  /** Whether the model is the base learner alone. */
  boolean m_TrainedPointwise;
  /** The members (one pointwise). */
  Classifier[] m_Members;
  /** Each member's seed. */
  int[] m_MemberSeeds;
  /** Pair instances each member was trained on. */
  long[] m_PairCounts;
  /** Seconds each member's pairs and training took. */
  double[] m_MemberSeconds;
  /** Training rows kept to score a single instance; null when pointwise. */
  ReferenceSample m_Reference;
  /** The version of WEKA that trained the model. */
  String m_WekaVersion;
  /** The training data's (weighted) share of the class that ranks first. */
  double m_FirstShare;
  /**
   * The degree against the reference sample above which a single instance is
   * predicted to be of the class that ranks first ({@link #referenceThreshold});
   * null until derived: in files of 0.3.0 and earlier, in a smaller committee, grouped.
   */
  Double m_ReferenceThreshold;
  /** Why the chosen SMO solver declined (null when it applied or was not chosen). */
  String m_SmoSolverDeclined;
  /** Per member, why the row path declined after looking at its pairs, or null. */
  String[] m_MemberRowPathDeclined;

  // -- neither options nor learned state (not serialized) -----------------
  /** Comparator answers of the last batch ranked. */
  private transient long m_LastComparisons;
  /** The committee's flattened trees and thread copies, made once a trained model. */
  private transient Committee.Members m_Serving;
  /**
   * Each member's flattened tree, made on the member's thread as soon as it
   * is trained, for {@link #m_Serving}: the reference threshold, the fit's
   * last step, then does not flatten ten trees on one thread while the
   * others idle. Null after loading (the scoring state makes them).
   */
  private transient FlatTree[] m_FlatTrees;
  /** Instances this model scored one at a time against its reference sample. */
  private transient AtomicLong m_OneAtATime;
  /** Who asked for the first of them (a wrapper's class, or WEKA's Evaluation). */
  private transient volatile String m_OneAtATimeCaller;
  /**
   * The last header an instance scored one at a time came with, found to be
   * the training data's: the next instance of it is not checked again. Weak,
   * so that the caller's data set is not kept alive by the model.
   */
  private transient volatile WeakReference<Instances> m_HeaderChecked;

  /** A model whose fields the caller sets: training, or a model file of before 0.2.0. */
  public RankingModel() {
  }

  /**
   * A model file written before 0.2.0 held the learned state in the
   * meta-classifier's own fields: the same fields, by name, make the model.
   *
   * @param fields the old class's fields, as its readObject reads them
   * @param members the members, the enhancer's {@code m_Classifiers}
   * @return the model, or null when the file held no trained model
   * @throws IOException if a field has another type than it had
   */
  public static RankingModel fromFields(ObjectInputStream.GetField fields,
      Classifier[] members) throws IOException {
    if (fields.getObjectStreamClass().getField("m_Header") == null
        || fields.get("m_Header", null) == null) {
      return null; // a file of 0.2.0 or later, or a model never trained
    }
    RankingModel model = new RankingModel();
    model.m_Header = (Instances) fields.get("m_Header", null);
    model.m_PairHeader = (Instances) fields.get("m_PairHeader", null);
    model.m_PairLayout = (PairFeatures) fields.get("m_PairLayout", null);
    model.m_RowPathDeclined = (String) fields.get("m_RowPathDeclined", null);
    model.m_Task = (RankingTask) fields.get("m_Task", null);
    model.m_TrainedPointwise = fields.get("m_TrainedPointwise", false);
    model.m_Members = members;
    model.m_MemberSeeds = (int[]) fields.get("m_MemberSeeds", null);
    model.m_PairCounts = (long[]) fields.get("m_PairCounts", null);
    model.m_MemberSeconds = (double[]) fields.get("m_MemberSeconds", null);
    model.m_Reference = (ReferenceSample) fields.get("m_Reference", null);
    model.m_WekaVersion = (String) fields.get("m_WekaVersion", null);
    model.m_FirstShare = fields.get("m_FirstShare", 0.0);
    model.m_SmoSolverDeclined = (String) fields.get("m_SmoSolverDeclined", null);
    model.m_MemberRowPathDeclined = (String[]) fields.get("m_MemberRowPathDeclined", null);
    return model;
  }

  // -- training -------------------------------------------------------------
  /**
   * Trains the committee (or, pointwise, the base learner) on a prepared
   * training: member i a copy of the learner seeded seed + i, on its own
   * sample of pairs from {@code new Random(seed + i)}.
   *
   * @param training the training, prepared by the meta-classifier
   * @param how the options
   * @param voters the committee's size (1 pointwise)
   * @param referenceSize the training rows kept to score single instances
   * @param footprint the heap estimate (HeapCheck's), for the progress lines
   * @param debug whether to say more on standard error
   * @param listener told when each member is trained, or null
   * @param memberPairs each member's pair instances where WEKA's own learner
   *     trains on them (the meta-classifier's {@code getTrainingSet})
   * @return the trained model
   * @throws Exception if a member cannot be trained
   */
  public static RankingModel train(PreparedTraining training, Settings how, int voters,
      int referenceSize, long[] footprint, boolean debug, MemberListener listener,
      MemberPairs memberPairs) throws Exception {
    Instances data = training.data();
    RankingModel model = new RankingModel();
    model.m_Task = training.task();
    model.m_Header = new Instances(data, 0);
    model.m_TrainedPointwise = how.pointwise;
    model.m_WekaVersion = Version.VERSION;
    int members = how.pointwise ? 1 : voters;
    model.m_Members = AbstractClassifier.makeCopies(how.learner, members);
    model.m_FirstShare = model.firstShare(data);
    model.m_MemberSeeds = new int[members];
    model.m_PairCounts = new long[members];
    model.m_MemberSeconds = new double[members];
    model.m_MemberRowPathDeclined = new String[members];
    for (int i = 0; i < members; i++) {
      model.m_MemberSeeds[i] = how.seed + i;
      if (model.m_Members[i] instanceof Randomizable) {
        ((Randomizable) model.m_Members[i]).setSeed(model.m_MemberSeeds[i]);
      }
    }
    if (how.pointwise) {
      long started = System.nanoTime();
      model.m_Members[0].buildClassifier(data);
      model.m_MemberSeconds[0] = (System.nanoTime() - started) / 1e9;
      return model;
    }
    PairTraining pairs = training.pairs();
    model.m_PairsPerInstance = pairs.perInstance();
    model.m_TrainingInstances = data.numInstances();
    String before = HeapCheck.before(footprint[0], members,
        how.learner.getClass().getSimpleName(), footprint[5] != 0, debug);
    if (before != null) {
      System.err.println(before);
    }
    model.m_PairHeader = pairs.pairHeader();
    model.m_PairLayout = pairs.layout();
    model.m_RowPathDeclined = rowPathDeclined(data, pairs, model.m_Task, how.learner);
    model.m_SmoSolverDeclined = SmoSolver.declines(how.smoSolver, how.learner, pairs);
    model.buildMembers(pairs, how, before != null && members > 1, (int) footprint[1],
        listener, memberPairs);
    model.m_Reference = ReferenceSample.draw(pairs.rows(), referenceSize, how.seed);
    if (!model.m_Task.grouped() && model.m_Reference.size() > 0) {
      model.referenceThreshold(how);
    }
    return model;
  }

  /**
   * Trains member i on its pairs, as WEKA's
   * ParallelIteratedSingleClassifierEnhancer.buildClassifiers does, but not
   * through it: with more than one execution slot, WEKA 3.9's harness catches
   * a member's failure (an exhausted heap, say), prints it only with -D and
   * returns, leaving that member untrained; and it has no hook after each
   * member, where the listener is told. Here the first failure is rethrown;
   * an exhausted heap as a {@link HeapRefusal} naming the heap and the
   * settings (WEKA's Explorer shows an exception in a dialog, where an
   * OutOfMemoryError ends its thread without a word).
   */
  private void buildMembers(PairTraining training, Settings how, boolean tell, int atOnce,
      MemberListener listener, MemberPairs memberPairs) throws Exception {
    int[] done = {0};
    double[] seconds = {0};
    String learner = how.learner.getClass().getSimpleName();
    FlatTree[] flatTrees = new FlatTree[m_Members.length];
    Parallel.forEachSharing(m_Members.length, atOnce, i -> {
      long started = System.nanoTime();
      m_PairCounts[i] = training.pairsPerMember();
      try {
        if (!ProductTraining.train(m_Members[i], training, // Random's draws, unshared
            new UnsharedRandom(m_MemberSeeds[i]), Math.max(1, how.slots / m_Members.length),
            reason -> m_MemberRowPathDeclined[i] = reason)
            && !SmoSolver.train(how.smoSolver, m_Members[i], training)) {
          m_Members[i].buildClassifier(memberPairs.pairs(i));
        }
      } catch (OutOfMemoryError e) {
        m_Members[i] = null; // its half-trained state, for the collector
        throw HeapCheck.ranOut(e, i, m_Members.length, m_PairCounts[i], learner);
      } catch (java.util.concurrent.ExecutionException e) {
        if (!(e.getCause() instanceof OutOfMemoryError)) { // a helper's threads ran out
          throw e;
        }
        m_Members[i] = null;
        throw HeapCheck.ranOut((OutOfMemoryError) e.getCause(), i, m_Members.length,
            m_PairCounts[i], learner);
      }
      m_MemberSeconds[i] = (System.nanoTime() - started) / 1e9;
      if (tell) {
        synchronized (done) {
          done[0]++;
          seconds[0] += m_MemberSeconds[i];
          System.err.println(HeapCheck.after(done[0], m_Members.length, seconds[0], atOnce));
        }
      }
      if (listener != null) {
        synchronized (listener) {
          listener.trained(i, m_Members.length, m_PairCounts[i], m_MemberSeconds[i]);
        }
      }
      flatTrees[i] = FlatTree.of(m_Members[i], m_PairHeader);
    });
    m_FlatTrees = flatTrees;
  }

  /**
   * Why the members are trained on the pair instances where, in blocks of the
   * rows side by side, they would be trained from the rows; null otherwise.
   */
  private static String rowPathDeclined(Instances data, PairTraining training,
      RankingTask task, Classifier learner) {
    String reason = training.rowPathDeclined();
    if (reason == null) {
      return null;
    }
    PairTraining blocks = training.sideBySideInBlocks(data, task);
    return ProductTraining.applies(learner, blocks) ? reason : null;
  }

  /** The weighted share of the class that ranks first; 0 with grades. */
  private double firstShare(Instances data) {
    if (m_Task.grouped() || m_Task.rankFirstIndex() < 0) {
      return 0;
    }
    double first = 0;
    for (int i = 0; i < data.numInstances(); i++) {
      if (data.instance(i).classValue() == m_Task.rankFirstIndex()) {
        first += data.instance(i).weight();
      }
    }
    return first / data.sumOfWeights();
  }

  // -- ranking --------------------------------------------------------------
  /**
   * Refuses data of another header than the training data's, and a ranker
   * the model was not trained for.
   *
   * @param data the instances to rank
   * @param how the options
   */
  public void checkFits(Instances data, Settings how) {
    checkHeader(data);
    if (how.pointwise != m_TrainedPointwise) {
      throw new OptionException("-R", how.rankerName,
          "cannot rank with a model fitted "
          + (m_TrainedPointwise ? "pointwise" : "on pairs") + ": fit it again with this "
          + "ranker");
    }
  }

  /**
   * Refuses data of another header than the training data's, naming the
   * first difference (WEKA's {@code Instances.equalHeadersMsg} where the
   * features and the class are alike but the headers are not).
   *
   * @param data the instances, or their header
   */
  private void checkHeader(Instances data) {
    String difference = m_Task.headerDifference(m_Header, data);
    if (difference == null && !m_Header.equalHeaders(data)) {
      difference = m_Header.equalHeadersMsg(data);
    }
    if (difference != null) {
      throw OptionException.ofData("header differs from the training data: "
          + difference);
    }
  }

  /**
   * Refuses an instance scored one at a time whose header is not the
   * training data's, as a batch is refused; each header object is checked
   * once, not each of its instances. An instance with no header has nothing
   * to check.
   *
   * @param instance the instance to score
   */
  private void checkHeader(Instance instance) {
    Instances header = instance.dataset();
    WeakReference<Instances> checked = m_HeaderChecked;
    if (header == null || checked != null && checked.get() == header) {
      return;
    }
    checkHeader(header);
    m_HeaderChecked = new WeakReference<>(header);
  }

  /**
   * Ranks the batch as a whole (within each group, with -G).
   *
   * @param data the instances to rank, with the training data's header
   * @param how the options
   * @return scores in [0, 1], the higher first, and the comparator answers taken
   * @throws Exception if the data cannot be ranked
   */
  public Rankers.Ranking rank(Instances data, Settings how) throws Exception {
    checkFits(data, how);
    int n = data.numInstances();
    if (m_TrainedPointwise) {
      double[] scores = new double[n];
      for (int i = 0; i < n; i++) {
        double[] distribution = m_Members[0].distributionForInstance(data.instance(i));
        scores[i] = distribution[Math.max(m_Task.rankFirstIndex(), 0)];
      }
      return new Rankers.Ranking(scores, 0);
    }
    if (n == 1 && m_Reference.size() > 0) {
      // Nothing to rank one instance against: scored as a single instance is.
      double score = m_Reference.degree(m_Task.row(data.instance(0)),
          rows -> committee(rows, how));
      return new Rankers.Ranking(new double[] {score}, m_Reference.size());
    }
    Committee committee = committee(m_Task.rows(data), how);
    // An exact form (one additive member, or a committee of trees) gives the
    // tournament's degrees without asking every pair; the same degrees.
    ExactTournament exact = how.ranker == BatchRanking.TOURNAMENT && how.additive
        ? committee.exactTournament()
        : null;
    double[] groups = null;
    if (m_Task.grouped()) {
      groups = new double[n];
      for (int i = 0; i < n; i++) {
        groups[i] = data.instance(i).value(m_Task.groupIndex());
      }
    }
    return BatchRanking.rank(how.ranker, how.bothOrders, committee, exact, groups, n,
        how.seed);
  }

  /**
   * How many instances of the batch the tree committee's exact tournament
   * leaves to the members (see RankingReduction.rowsAskedByTournament).
   *
   * @param data the instances to rank, with the training data's header
   * @param how the options
   * @return the instances, 0 where none is or where no tree tournament applies
   * @throws Exception if the data do not fit the model
   */
  public int rowsAskedByTournament(Instances data, Settings how) throws Exception {
    checkFits(data, how);
    if (m_TrainedPointwise || how.ranker != BatchRanking.TOURNAMENT || !how.additive
        || data.numInstances() < 2) {
      return 0;
    }
    ExactTournament exact = committee(m_Task.rows(data), how).exactTournament();
    return exact instanceof TreeTournament ? ((TreeTournament) exact).rowsAsked() : 0;
  }

  /**
   * Row numbers by decreasing score; equal scores by the tie rule.
   *
   * @param scores the scores of a batch
   * @param how the options
   * @return the row numbers, the highest score first
   */
  public static int[] order(double[] scores, Settings how) {
    return Rankers.order(scores, how.ties == 1 ? new Random(how.seed) : null);
  }

  private Committee committee(double[][] rows, Settings how) throws Exception {
    int threads = Math.max(1, how.slots);
    if (m_Serving == null || !m_Serving.serves(m_Members, threads)) {
      m_Serving = new Committee.Members(m_Members, m_FlatTrees, m_PairHeader, threads);
    }
    return new Committee(m_Serving, m_PairHeader, getPairLayout(), rows, how.additive);
  }

  /**
   * Ranks the batch as a whole: each score becomes the probability of the
   * class that ranks first (pointwise: the base learner's own distribution).
   *
   * @param batch the instances to rank
   * @param how the options
   * @return one class distribution per instance
   * @throws Exception if the batch cannot be ranked
   */
  public double[][] distributions(Instances batch, Settings how) throws Exception {
    if (batch.numInstances() == 1 && !m_TrainedPointwise) {
      // Nothing to rank one instance against: it is a single instance.
      m_LastComparisons = m_Reference.size();
      double[][] one = againstReference(new Instance[] {batch.instance(0)}, how);
      countOneAtATime();
      return one;
    }
    Rankers.Ranking ranking = rank(batch, how);
    m_LastComparisons = ranking.comparisons;
    if (how.positions) {
      ranking = new Rankers.Ranking(positions(ranking.scores, how), ranking.comparisons);
    }
    double[][] out = new double[batch.numInstances()][];
    boolean cutAtShare = how.shareThreshold && !m_Task.grouped();
    double[] probabilities = cutAtShare
        ? shareProbabilities(ranking.scores, m_FirstShare) : ranking.scores;
    for (int i = 0; i < out.length; i++) {
      out[i] = m_TrainedPointwise && !how.positions
          ? m_Members[0].distributionForInstance(batch.instance(i))
          : m_Task.distribution(m_Header.classAttribute(), probabilities[i]);
    }
    return out;
  }

  /**
   * A batch's scores as probabilities of the class that ranks first, cut at
   * its training share: above 0.5 for about the top share of the batch (the
   * count of {@link #shareCut}, ties kept together), by one increasing map,
   * so the order, the ties and the ROC area are the scores'.
   *
   * @param scores a batch's scores
   * @param share the training share of the class that ranks first
   * @return the probabilities, in [0, 1]
   */
  public static double[] shareProbabilities(double[] scores, double share) {
    double cut = shareCut(scores, share);
    double[] out = new double[scores.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = probability(scores[i], cut);
    }
    return out;
  }

  /**
   * The cut between two distinct scores above which the count of scores is
   * nearest to share x n (the fewer on a draw): a batch's, or the reference
   * sample's own degrees.
   *
   * @param scores the scores
   * @param share the share wanted above the cut
   * @return the cut, never equal to a score
   */
  public static double shareCut(double[] scores, double share) {
    double[] sorted = scores.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    if (n == 0) {
      return 0.5;
    }
    double wanted = share * n;
    double cut = sorted[n - 1] + 0.5; // none above
    double best = wanted;
    for (int below = n - 1; below >= 0; below--) {
      // The gap under sorted[below], when the next lower score differs.
      if (below > 0 && sorted[below - 1] == sorted[below]) {
        continue;
      }
      double above = n - below;
      if (Math.abs(above - wanted) < best) {
        best = Math.abs(above - wanted);
        cut = below == 0 ? sorted[0] - 0.5 : (sorted[below - 1] + sorted[below]) / 2;
      }
    }
    return cut;
  }

  /**
   * The degree against the reference sample above which a single instance is
   * predicted first, learned on the sample itself so that about the training
   * share of the sample is above it: a new instance's degree is its share of
   * the kept rows it beats, and the pair model never saw two rows of one
   * class, so degrees crowd together and 1 - q, the cut the training share
   * alone gives, is passed by few rows or none. Derived once, from the kept
   * rows only (a model file of 0.3.0 or earlier derives it when first
   * asked, the same threshold a training now gives it). With one row kept
   * there are no others to score it against: 1 - q.
   *
   * @param how the options (the committee's threads; the threshold does not depend on them)
   * @return the threshold, in [0, 1]
   * @throws Exception if the model scores no single instance by its degree
   *     (pointwise, grouped, -reference-size 0), or a member cannot classify a pair
   */
  public synchronized double referenceThreshold(Settings how) throws Exception {
    if (m_TrainedPointwise || m_Task.grouped() || m_Reference.size() == 0) {
      throw new UnsupportedOperationException("RankingReduction: no threshold on a "
          + "degree against the reference sample: the model is "
          + (m_TrainedPointwise ? "pointwise (the base learner's own distribution)"
              : m_Task.grouped() ? "grouped (a degree is a score within a query)"
              : "trained with -reference-size 0"));
    }
    if (m_ReferenceThreshold == null) {
      m_ReferenceThreshold = m_Reference.size() < 2 ? 1 - m_FirstShare
          : referenceThreshold(m_Reference.ownDegrees(rows -> committee(rows, how)),
              m_FirstShare);
    }
    return m_ReferenceThreshold;
  }

  /**
   * The threshold learned on the reference sample's own degrees (each kept
   * row against every kept row, itself among them, as a new instance equal to
   * it is scored): the cut of {@link #shareCut},
   * between two distinct degrees, so that ties stay on one side and the
   * count above is the nearest to share x n they allow (the fewer above on a
   * draw); where that leaves none or all of them above, halfway from the
   * highest degree to 1, or from the lowest to 0, so the threshold is in
   * [0, 1].
   *
   * @param ownDegrees the kept rows' degrees against the kept rows
   * @param share the training share of the class that ranks first
   * @return the threshold, in [0, 1]
   */
  public static double referenceThreshold(double[] ownDegrees, double share) {
    double cut = shareCut(ownDegrees, share);
    double highest = Arrays.stream(ownDegrees).max().orElse(1);
    double lowest = Arrays.stream(ownDegrees).min().orElse(0);
    return cut > highest ? (highest + 1) / 2 : cut < lowest ? lowest / 2 : cut;
  }

  /**
   * A score as the probability of the class that ranks first, cut at c:
   * 0.5 s / c below it and 0.5 + 0.5 (s - c) / (1 - c) above it, increasing,
   * within [0, 1] for s in [0, 1], 0.5 at c (which a batch's scores never
   * equal; a single instance's degree can: 0.5, which Python's predict does
   * not call first, and WEKA's classifyInstance calls the class of lower index).
   */
  private static double probability(double score, double cut) {
    double p = cut >= 1 || (cut > 0 && score < cut)
        ? 0.5 * score / cut
        : 0.5 + 0.5 * (score - cut) / (1 - cut);
    // On a grid of 1e-12 (scores of distinct instances of a batch differ far
    // more): equal values reached by two folds' maps are equal, and so are
    // their 1 - p, so a pooled ROC area is the same for either class.
    return Math.rint(p * PROBABILITY_GRID) / PROBABILITY_GRID;
  }

  /** 1 - k / (n - 1) for the k-th of {@link #order}: distinct scores, same order. */
  private static double[] positions(double[] scores, Settings how) {
    int[] order = order(scores, how);
    double[] out = new double[scores.length];
    for (int k = 0; k < order.length; k++) {
      out[order[k]] = 1 - k / (double) Math.max(order.length - 1, 1);
    }
    return out;
  }

  /**
   * Comparator answers of the last batch ranked by {@link #distributions}.
   *
   * @return the number of pairs the committee was asked
   */
  public long lastComparisons() {
    return m_LastComparisons;
  }

  // -- one instance at a time, against the reference sample ----------------
  /**
   * Scores one instance by its degree against the reference sample (see
   * RankingReduction.distributionForInstance), and counts it.
   *
   * @param instance the instance to score
   * @param how the options
   * @return its class distribution
   * @throws Exception if it cannot be scored (-reference-size 0, another header)
   */
  public double[] distribution(Instance instance, Settings how) throws Exception {
    double[] out = againstReference(new Instance[] {instance}, how)[0];
    if (!m_TrainedPointwise) {
      countOneAtATime();
    }
    return out;
  }

  /**
   * Counts an instance scored one at a time, and says once a JVM, for each
   * caller, that such scores come from the reference sample; the model's
   * text says it with the count ({@link #oneAtATimeText}).
   */
  private void countOneAtATime() {
    AtomicLong count;
    synchronized (this) {
      if (m_OneAtATime == null) {
        m_OneAtATime = new AtomicLong();
      }
      count = m_OneAtATime;
    }
    if (count.getAndIncrement() == 0) {
      String caller = caller();
      m_OneAtATimeCaller = caller;
      if (SAID_ONE_AT_A_TIME.add(caller)) {
        System.err.println("RankingReduction: " + caller + " asks for one instance at a "
            + "time: " + referenceMeaning() + " (said once; the model's text counts them)");
      }
    }
  }

  /** The first class on the stack that is not the meta-classifier's nor its helpers'. */
  private static String caller() {
    return StackWalker.getInstance().walk(frames -> frames
        .map(StackWalker.StackFrame::getClassName)
        .filter(name -> !name.equals("weka.classifiers.meta.RankingReduction")
            && !name.startsWith("weka.classifiers.meta.rankingreduction.")
            && !name.equals("weka.classifiers.AbstractClassifier"))
        .findFirst().orElse("a caller"));
  }

  private String referenceMeaning() {
    return "scored against a reference sample of " + (m_Reference == null ? 0
        : m_Reference.size()) + " training instances, not ranked within the batch (WEKA's "
        + "Vote and the Evaluation's per-instance paths ask so): AUCs may differ from "
        + "the batch's";
  }

  /**
   * The model text's line on instances scored one at a time, or null when none was.
   *
   * @return the line, without its end
   */
  public String oneAtATimeText() {
    AtomicLong count = m_OneAtATime;
    if (count == null || count.get() == 0) {
      return null;
    }
    return "Scored one instance at a time " + count.get() + " time"
        + (count.get() == 1 ? "" : "s") + " (asked by " + m_OneAtATimeCaller + "): "
        + referenceMeaning();
  }

  /**
   * Each instance's {@link #distribution}, the batch scored at once, not counted.
   *
   * @param instances the instances to score
   * @param how the options
   * @return one class distribution per instance
   * @throws Exception if they cannot be scored (-reference-size 0, another header)
   */
  public double[][] againstReference(Instance[] instances, Settings how) throws Exception {
    for (Instance instance : instances) {
      checkHeader(instance);
    }
    double[][] out = new double[instances.length][];
    if (m_TrainedPointwise) {
      for (int i = 0; i < out.length; i++) {
        out[i] = m_Members[0].distributionForInstance(instances[i]);
      }
      return out;
    }
    if (m_Reference.size() == 0) {
      throw new UnsupportedOperationException("RankingReduction ranks batches "
          + "(distributionsForInstances); with -reference-size 0 it scores no single "
          + "instance");
    }
    double[][] rows = new double[out.length][];
    for (int i = 0; i < out.length; i++) {
      rows[i] = m_Task.row(instances[i]);
    }
    double[] degrees = m_Reference.degrees(rows, batch -> committee(batch, how));
    Double threshold = m_Task.grouped() ? null : referenceThreshold(how);
    for (int i = 0; i < out.length; i++) {
      out[i] = m_Task.distribution(m_Header.classAttribute(),
          threshold == null ? degrees[i] : probability(degrees[i], threshold));
    }
    return out;
  }

  // -- what was trained -----------------------------------------------------
  /**
   * The trained members.
   *
   * @return the members (one pointwise)
   */
  public Classifier[] members() {
    return m_Members;
  }

  /**
   * Each member's seed.
   *
   * @return seed + i for member i
   */
  public int[] memberSeeds() {
    return m_MemberSeeds;
  }

  /**
   * Pair instances each member was trained on.
   *
   * @return one count a member (0 pointwise)
   */
  public long[] pairCounts() {
    return m_PairCounts;
  }

  /**
   * Seconds each member's pairs and training took.
   *
   * @return one time a member
   */
  public double[] memberSeconds() {
    return m_MemberSeconds;
  }

  /**
   * The empty dataset of the pair instances the members were trained on.
   *
   * @return the pair header, null pointwise
   */
  public Instances pairHeader() {
    return m_PairHeader;
  }

  /**
   * The pairs drawn per instance for the members, {@code -P auto} resolved.
   *
   * @return 0 for all, p; -1 pointwise or in a file before 0.3.0
   */
  public int pairsPerInstance() {
    return m_PairsPerInstance == null ? -1 : m_PairsPerInstance;
  }

  /**
   * How the pair instances' attributes are read from two rows.
   *
   * @return the layout, null pointwise
   */
  public PairFeatures getPairLayout() {
    if (m_PairLayout == null && m_PairHeader != null) {
      // A model saved before the pair features were an option: side by side.
      m_PairLayout = PairFeatures.concat((m_PairHeader.numAttributes() - 1) / 2);
    }
    return m_PairLayout;
  }

  /**
   * The training data's empty header.
   *
   * @return the header
   */
  public Instances trainingHeader() {
    return m_Header;
  }

  /**
   * The class value that ranks first in the training data.
   *
   * @return its index, -1 for a numeric class
   */
  public int rankFirstIndex() {
    return m_Task.rankFirstIndex();
  }

  /**
   * The version of WEKA that trained the model.
   *
   * @return e.g. 3.9.7
   */
  public String wekaVersion() {
    return m_WekaVersion;
  }

  /**
   * The model of its first k members: the same as training with -I k.
   *
   * @param k the number of voters, from 1 to the committee's size
   * @return the smaller model, its members shared with this one
   */
  public RankingModel firstMembers(int k) {
    RankingModel smaller = new RankingModel();
    smaller.m_Header = m_Header;
    smaller.m_PairHeader = m_PairHeader;
    smaller.m_PairLayout = m_PairLayout;
    smaller.m_PairsPerInstance = m_PairsPerInstance;
    smaller.m_TrainingInstances = m_TrainingInstances;
    smaller.m_RowPathDeclined = m_RowPathDeclined;
    smaller.m_Task = m_Task;
    smaller.m_TrainedPointwise = m_TrainedPointwise;
    smaller.m_Reference = m_Reference;
    smaller.m_WekaVersion = m_WekaVersion;
    smaller.m_FirstShare = m_FirstShare;
    smaller.m_SmoSolverDeclined = m_SmoSolverDeclined;
    smaller.m_Members = Arrays.copyOf(m_Members, k);
    if (m_FlatTrees != null) {
      smaller.m_FlatTrees = Arrays.copyOf(m_FlatTrees, k);
    }
    smaller.m_MemberSeeds = Arrays.copyOf(m_MemberSeeds, k);
    smaller.m_PairCounts = Arrays.copyOf(m_PairCounts, k);
    smaller.m_MemberSeconds = Arrays.copyOf(m_MemberSeconds, k);
    if (m_MemberRowPathDeclined != null) {
      smaller.m_MemberRowPathDeclined = Arrays.copyOf(m_MemberRowPathDeclined, k);
    }
    return smaller;
  }

  // -- the model's text -----------------------------------------------------
  /**
   * Describes the trained model: options, the class that ranks first, the
   * ranker and each member.
   *
   * @param how the options
   * @return a description of the model
   */
  public String text(Settings how) {
    StringBuilder text = new StringBuilder();
    text.append("RankingReduction\n================\n\n");
    text.append("Options: ").append(how.options.get()).append("\n");
    String klass = m_Header.classAttribute().isNominal() && !m_Task.grouped()
        ? m_Header.classAttribute().value(m_Task.rankFirstIndex()) : "the higher grade";
    text.append("Ranks first: ").append(klass).append("\n");
    text.append("Confusion matrix: ").append(thresholdText(klass, how)).append("\n");
    if (m_TrainedPointwise) {
      text.append("Ranker: pointwise (the base learner alone)\n\n");
      text.append(m_Members[0].toString());
      return text.toString();
    }
    text.append("ROC area: a test file's is the AUC of its ranking; each batch's scores "
        + "rank within that batch (a test file's, a test fold's), "
        + "not on one scale across batches; WEKA's Evaluation pools a "
        + "cross-validation's folds by design, so its ROC area there is not the mean "
        + "of the folds' AUCs (the monograph's measure: the Experimenter's, or "
        + "weka-ranking cv's mean AUC) and may lie above or below it, far below on "
        + "some data\n");
    String oneAtATime = oneAtATimeText();
    if (oneAtATime != null) {
      text.append(oneAtATime).append("\n");
    }
    text.append("Ranker: ").append(how.rankerName)
        .append(how.ranker != BatchRanking.TOURNAMENT ? ""
            : how.bothOrders ? " (each pair counted in both orders)"
            : " (each pair counted for its first element only, -first-element)")
        .append(", committee of ").append(m_Members.length)
        .append(m_Members.length == 1 ? " member" : " members")
        .append(" voting on pairs (").append(m_PairHeader.numAttributes() - 1)
        .append(" attributes, pair features ")
        .append(PairFeatures.NAMES[getPairLayout().mode()])
        .append(", pair order ").append(Pairs.ORDERS[how.pairOrder])
        .append("; class ").append(PairTraining.PAIR_CLASS).append(")\n");
    if (m_PairsPerInstance != null && m_PairsPerInstance > 0) {
      text.append("Pairs per instance: ").append(m_PairsPerInstance)
          .append(", drawn for each of the ").append(m_TrainingInstances)
          .append(" training instances\n");
    }
    for (String declined : declined(how)) {
      text.append("Declined: ").append(declined).append("\n");
    }
    text.append("Learner alone: to see whether the reduction helps, evaluate ")
        .append(Utils.toCommandLine(how.learner))
        .append(" itself on the same folds (or this scheme with -R pointwise); ")
        .append("weka-ranking cv reports both and says which ranks better\n");
    if (how.smoSolver != SmoSolver.PAIRS && m_SmoSolverDeclined == null) {
      text.append("SMO solver: ").append(how.smoSolverName)
          .append(how.smoSolver == SmoSolver.DIFFERENCES ? " (the linear machine "
              + "solved on the rows' differences, evaluating no kernel: 0 kernel "
              + "evaluations)" : "")
          .append("\n");
    }
    for (int i = 0; i < m_Members.length; i++) {
      text.append("\n--- member ").append(i + 1).append(": seed ").append(m_MemberSeeds[i])
          .append(", ").append(m_PairCounts[i]).append(" pairs ---\n\n");
      text.append(m_Members[i].toString()).append("\n");
    }
    return text.toString();
  }

  /** How WEKA's confusion matrix reads the scores, for the model's text. */
  private String thresholdText(String first, Settings how) {
    if (m_TrainedPointwise) {
      return "the base learner's own prediction (its own threshold)";
    }
    if (m_Task.grouped()) {
      return "the score is the probability of the last (most relevant) grade";
    }
    String share = Utils.doubleToString(m_FirstShare, 4);
    return (how.shareThreshold
        ? "predicts " + first + " for about its training share (" + share + ") of each "
            + "batch, its top by score, by an increasing map of the score, so the ROC area "
            + "is the ranking's AUC and the accuracy is that of this cut"
        : "predicts " + first + " where the score is above 0.5 (the top half of each batch); the "
            + "score is the probability of " + first + ", so the ROC area is the "
            + "ranking's AUC")
        + "; " + singleInstanceText(share, how);
  }

  /** How a single instance is predicted, for the model's text. */
  private String singleInstanceText(String share, Settings how) {
    if (m_Reference.size() == 0) {
      return "no single instance is scored (-reference-size 0)";
    }
    String threshold;
    try {
      threshold = Utils.doubleToString(referenceThreshold(how), 4);
    } catch (Exception e) {
      return "the threshold for a single instance could not be derived: " + e.getMessage();
    }
    String orders = m_Reference.bothOrders() ? "both orders" : "as first element";
    return "a single instance (and Python's predict) where it wins more than "
        + threshold + " of its pairs, " + orders + ", with the " + m_Reference.size()
        + " training instances of the reference sample, the threshold above which "
        + "about the training share (" + share + ") of the sample's own instances "
        + "are, each scored alone as a new instance is";
  }

  /**
   * The exact fast paths this trained model does not take because of its pair
   * features or pair order, or because this JVM's WEKA lacks an internal
   * they read, each with the reason: training from the rows, the tree
   * committee's tournament, the additive forms, the flattened trees. Only
   * the paths it would take with concat pairs in blocks are named.
   *
   * @param how the options
   * @return one line a declined path; empty when none is
   */
  public String[] declined(Settings how) {
    List<String> out = new ArrayList<>();
    if (m_TrainedPointwise) {
      return new String[0];
    }
    String learner = how.learner.getClass().getSimpleName();
    if (m_RowPathDeclined != null) {
      out.add("training " + learner + " from the rows (" + m_RowPathDeclined + "): the "
          + "members trained on the pair instances");
    }
    if (how.smoSolver != SmoSolver.PAIRS && m_SmoSolverDeclined != null) {
      out.add("SMO solver " + how.smoSolverName + " (" + m_SmoSolverDeclined
          + "): WEKA's SMO trained on the pair instances");
    }
    out.addAll(membersDeclined(learner));
    String trees = Committee.treeTournamentDeclined(getPairLayout());
    boolean allTrees = true;
    for (Classifier member : m_Members) {
      allTrees &= member.getClass() == weka.classifiers.trees.J48.class
          || member.getClass() == weka.classifiers.trees.REPTree.class;
    }
    if (trees != null && allTrees && how.additive) {
      out.add("the tree committee's exact tournament (" + trees + "): the flattened trees "
          + "are asked every pair");
    }
    out.addAll(internalsDeclined(how));
    boolean differences = false;
    for (int k = 0; k < getPairLayout().width(); k++) {
      differences |= getPairLayout().isDifference(k);
    }
    if (differences && how.additive
        && m_Members[0].getClass() == weka.classifiers.bayes.NaiveBayes.class) {
      out.add("NaiveBayes' additive form (pair features "
          + PairFeatures.NAMES[getPairLayout().mode()] + ": the density of a - b "
          + "is not a sum of a term of each instance): the member is asked every pair");
    }
    return out.toArray(new String[0]);
  }

  /**
   * The scoring paths this JVM's WEKA lacks an internal for
   * ({@link WekaInternals}): the members' additive form and their flattened
   * trees, where the members are of a learner that has one.
   */
  private List<String> internalsDeclined(Settings how) {
    List<String> out = new ArrayList<>();
    Class<?> learner = m_Members[0].getClass();
    String name = learner.getSimpleName();
    String whose = name + (name.endsWith("s") ? "'" : "'s");
    WekaInternals.Path additive = AdditiveTournament.internals(learner);
    if (how.additive && additive != null && additive.declined() != null) {
      out.add(whose + " additive form (" + additive.declined()
          + "): the members are asked every pair");
    }
    WekaInternals.Path trees = FlatTree.internals(learner);
    if (trees != null && trees.declined() != null) {
      out.add(whose + " flattened trees, for scoring and the tree "
          + "committee's exact tournament (" + trees.declined() + "): the members are asked "
          + "every pair");
    }
    return out;
  }

  /**
   * The members the row path declined after looking at their pairs, one line
   * a reason with how many members it held for: those members are WEKA's own
   * learner trained on the pair instances.
   */
  private List<String> membersDeclined(String learner) {
    Map<String, Integer> members = new LinkedHashMap<>();
    for (String reason : m_MemberRowPathDeclined == null ? new String[0]
        : m_MemberRowPathDeclined) {
      if (reason != null) {
        members.merge(reason, 1, Integer::sum);
      }
    }
    List<String> out = new ArrayList<>();
    members.forEach((reason, count) -> out.add("training " + learner + " from the rows for "
        + count + " of " + m_Members.length
        + (m_Members.length == 1 ? " member (" : " members (")
        + reason + "): " + (count == 1 ? "that member is " : "those members are ")
        + "WEKA's own, trained on the pair instances"));
    return out;
  }
}
