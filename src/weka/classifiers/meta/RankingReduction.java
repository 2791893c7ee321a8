/*
 *   This program is free software: you can redistribute it and/or modify
 *   it under the terms of the GNU General Public License as published by
 *   the Free Software Foundation, either version 3 of the License, or
 *   (at your option) any later version.
 *
 *   Copyright (C) 2026 the weka-ranking authors.
 */
package weka.classifiers.meta;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.classifiers.RandomizableParallelIteratedSingleClassifierEnhancer;
import weka.classifiers.meta.rankingreduction.BatchRanking;
import weka.classifiers.meta.rankingreduction.HeapCheck;
import weka.classifiers.meta.rankingreduction.MemberListener;
import weka.classifiers.meta.rankingreduction.OptionException;
import weka.classifiers.meta.rankingreduction.PairFeatures;
import weka.classifiers.meta.rankingreduction.PairTraining;
import weka.classifiers.meta.rankingreduction.Pairs;
import weka.classifiers.meta.rankingreduction.PreparedTraining;
import weka.classifiers.meta.rankingreduction.ProductTraining;
import weka.classifiers.meta.rankingreduction.Rankers;
import weka.classifiers.meta.rankingreduction.RankingModel;
import weka.classifiers.meta.rankingreduction.RankingTask;
import weka.classifiers.meta.rankingreduction.SmoSolver;
import weka.core.Attribute;
import weka.core.AttributeStats;
import weka.core.Capabilities;
import weka.core.Capabilities.Capability;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Option;
import weka.core.Randomizable;
import weka.core.RevisionUtils;
import weka.core.SelectedTag;
import weka.core.Tag;
import weka.core.TechnicalInformation;
import weka.core.TechnicalInformation.Field;
import weka.core.TechnicalInformation.Type;
import weka.core.TechnicalInformationHandler;
import weka.core.UnsupportedAttributeTypeException;
import weka.core.Utils;
import weka.gui.ProgrammaticProperty;

/**
 <!-- globalinfo-start -->
 * Ranking reduced to binary classification: a committee of base classifiers learns from pairs of instances of different classes which of the two ranks first, and a batch of instances is ranked by the committee's tournament (degree), by the monograph's Algorithm 4 as printed, or by randomized QuickSort. The ranking's score is returned as the probability of the class that ranks first, so WEKA's AUC is the AUC of the ranking. Evaluate on whole test sets (Evaluation, Explorer and Experimenter pass them whole); a single instance is scored against a reference sample of the training data, its class predicted at the training share of the class that ranks first, whatever else is scored. With all pairs, J48 and NaiveBayes members are trained from counts over the training instances, without making the pairs: the same models WEKA builds on the pairs, in time about linear in the instances. By default: pairs per instance by the training size (-P auto: 2 up to 5000 instances, at most 8), 10 voters, concat features, tournament (chosen by measurement: the configuration over twelve data sets, the size rule over four more); the monograph's configuration is -P all -I 1 -pair-features concat. (The monograph, "Ranking reduzido a classificacao binaria", evaluated this reduction on WEKA and gave it its sampling, -P, and voting, -I.)<br>
 * <br>
 * For more information see:<br>
 * <br>
 * Maria-Florina Balcan, Nikhil Bansal, Alina Beygelzimer, Don Coppersmith, John Langford, Gregory B. Sorkin: Robust reductions from ranking to classification. In: Learning Theory (COLT 2007), 604-619, 2007.<br>
 * <br>
 * Nir Ailon, Mehryar Mohri: An efficient reduction of ranking to classification. In: Learning Theory (COLT 2008), 87-98, 2008.
 * <br><br>
 <!-- globalinfo-end -->
 *
 <!-- technical-bibtex-start -->
 * BibTeX:
 * <pre>
 * &#64;inproceedings{Balcan2007,
 *    author = {Maria-Florina Balcan and Nikhil Bansal and Alina Beygelzimer and Don Coppersmith and John Langford and Gregory B. Sorkin},
 *    booktitle = {Learning Theory (COLT 2007)},
 *    note = {Sampling (-P, pairs per instance), voting (-I, voters) and tournament-as-printed follow the monograph "Ranking reduzido a classificacao binaria", which evaluated this reduction on WEKA},
 *    pages = {604-619},
 *    publisher = {Springer},
 *    title = {Robust reductions from ranking to classification},
 *    year = {2007}
 * }
 * 
 * &#64;inproceedings{Ailon2008,
 *    author = {Nir Ailon and Mehryar Mohri},
 *    booktitle = {Learning Theory (COLT 2008)},
 *    pages = {87-98},
 *    title = {An efficient reduction of ranking to classification},
 *    year = {2008}
 * }
 * </pre>
 * <br><br>
 <!-- technical-bibtex-end -->
 *
 <!-- options-start -->
 * Valid options are: <p>
 * 
 * <pre> -P &lt;all|p|auto&gt;
 *  Pairs per instance: 'all' (every pair of instances of different classes,
 *  both orders), p &gt;= 1 drawn per instance, or 'auto': 2 up to
 *  5000 training instances, one more for each 1000 more, at most 8.
 *  (default auto)</pre>
 * 
 * <pre> -R &lt;tournament|tournament-as-printed|quicksort|pointwise&gt;
 *  The ranker: tournament (degree), tournament-as-printed
 *  (the monograph's Algorithm 4), quicksort, or pointwise (the base
 *  learner alone, which takes no -P or -I of its own).
 *  (default tournament)</pre>
 * 
 * <pre> -ties &lt;stable|random&gt;
 *  Order of equal scores in rank(): stable (input order) or random (seeded).
 *  (default stable)</pre>
 * 
 * <pre> -rank-first &lt;value&gt;
 *  The class value that ranks first: minority (the class of the fewest
 *  training instances, the first on a tie), first, last, a 1-based index or a label.
 *  (default minority)</pre>
 * 
 * <pre> -G &lt;index&gt;
 *  Attribute that groups instances into queries (first, last or 1-based
 *  index): pairs and rankings stay within a group, the class is the
 *  relevance grade (numeric, or nominal in increasing order).
 *  (default none)</pre>
 * 
 * <pre> -reference-size &lt;n&gt;
 *  Training instances kept to score a single instance by its degree
 *  against them (0: refuse single instances).
 *  (default 100)</pre>
 * 
 * <pre> -top-half
 *  Predict the class that ranks first for the top half of a batch
 *  (score above 0.5) instead of for the top q, q its training share
 *  (the default); the ROC area is unchanged.</pre>
 * 
 * <pre> -no-additive
 *  Ask the members every pair: no exact forms (additive members' sums:
 *  Logistic, NaiveBayes, linear SMO; J48 and REPTree committees' leaf bitsets);
 *  the answers are the same, slower.</pre>
 * 
 * <pre> -sum-order &lt;rows|pairs&gt;
 *  How NaiveBayes trained from the rows (all or drawn pairs) sums a numeric
 *  attribute over the pairs: rows (exact sums, rounded once; linear in
 *  the rows) or pairs (in WEKA's order, replayed: WEKA's model to the
 *  bit, O(pairs log pairs) time and 20 bytes a pair).
 *  (default rows)</pre>
 * 
 * <pre> -pair-features &lt;concat|difference|both&gt;
 *  The pair features: concat (the two instances side by side), difference
 *  (numeric attributes as a - b, nominal ones both values) or both.
 *  (default concat)</pre>
 * 
 * <pre> -pair-order &lt;blocks|interleaved&gt;
 *  The order of the pairs a member trains on: blocks (all of S1 x S0,
 *  then all of S0 x S1) or interleaved (each pair followed by its mirror;
 *  all pairs only).
 *  (default blocks)</pre>
 * 
 * <pre> -smo-solver &lt;pairs|row-kernel|differences&gt;
 *  How a member that is WEKA's SMO is trained: pairs (WEKA's SMO on the
 *  pair instances), row-kernel (WEKA's SMO, its PolyKernel or RBFKernel
 *  evaluated from the rows' Gram matrices, summed in WEKA's order: the
 *  same model to the bit) or differences (a linear
 *  SVM without bias on the rows' differences, by dual coordinate descent to
 *  SMO's tolerance: the same optimum, not the same iterate; all pairs of
 *  a binary task, linear PolyKernel). A solver that does not apply
 *  declines: the model says why, and WEKA's SMO trains on the pairs.
 *  (default pairs)</pre>
 * 
 * <pre> -S &lt;num&gt;
 *  Random number seed.
 *  (default 1)</pre>
 * 
 * <pre> -num-slots &lt;num&gt;
 *  Threads that train the members and score pairs; 0: one a core,
 *  with no more members trained at once than the JVM heap holds.
 *  The model and its scores do not depend on it.
 *  (default 0)</pre>
 * 
 * <pre> -I &lt;num&gt;
 *  Voters: the committee's members, each trained on its own
 *  sample of pairs; their strict majority answers a pair.
 *  (default 10)</pre>
 * 
 * <pre> -W &lt;classifier name&gt;
 *  Full name of base classifier.
 *  (default: weka.classifiers.trees.J48)</pre>
 * 
 * <pre> -output-debug-info
 *  If set, classifier is run in debug mode and
 *  may output additional info to the console</pre>
 * 
 * <pre> -do-not-check-capabilities
 *  If set, classifier capabilities are not checked before classifier is built
 *  (use with caution).</pre>
 * 
 * <pre> -num-decimal-places
 *  The number of decimal places for the output of numbers in the model (default 2).</pre>
 * 
 * <pre> 
 * Options specific to classifier weka.classifiers.trees.J48:
 * </pre>
 * 
 * <pre> -U
 *  Use unpruned tree.</pre>
 * 
 * <pre> -O
 *  Do not collapse tree.</pre>
 * 
 * <pre> -C &lt;pruning confidence&gt;
 *  Set confidence threshold for pruning.
 *  (default 0.25)</pre>
 * 
 * <pre> -M &lt;minimum number of instances&gt;
 *  Set minimum number of instances per leaf.
 *  (default 2)</pre>
 * 
 * <pre> -R
 *  Use reduced error pruning.</pre>
 * 
 * <pre> -N &lt;number of folds&gt;
 *  Set number of folds for reduced error
 *  pruning. One fold is used as pruning set.
 *  (default 3)</pre>
 * 
 * <pre> -B
 *  Use binary splits only.</pre>
 * 
 * <pre> -S
 *  Do not perform subtree raising.</pre>
 * 
 * <pre> -L
 *  Do not clean up after the tree has been built.</pre>
 * 
 * <pre> -A
 *  Laplace smoothing for predicted probabilities.</pre>
 * 
 * <pre> -J
 *  Do not use MDL correction for info gain on numeric attributes.</pre>
 * 
 * <pre> -Q &lt;seed&gt;
 *  Seed for random data shuffling (default 1).</pre>
 * 
 * <pre> -doNotMakeSplitPointActualValue
 *  Do not make split point actual value.</pre>
 * 
 * <pre> -output-debug-info
 *  If set, classifier is run in debug mode and
 *  may output additional info to the console</pre>
 * 
 * <pre> -do-not-check-capabilities
 *  If set, classifier capabilities are not checked before classifier is built
 *  (use with caution).</pre>
 * 
 * <pre> -num-decimal-places
 *  The number of decimal places for the output of numbers in the model (default 2).</pre>
 * 
 <!-- options-end -->
 *
 * <p>Each member of a committee learns, from pair instances A(a) || A(b) of
 * instances of different classes, whether a belongs to the class that ranks
 * first and b to the other (AUC-Train, Balcan et al. 2007), on every such
 * pair in both orders ({@code -P all}) or on p pairs per instance drawn
 * without replacement ({@code -P p}, the monograph's sampling). Member i
 * draws its pairs from {@code new Random(seed + i)} and, when the base
 * learner is {@link Randomizable}, gets {@code seed + i} as its seed, so a
 * member does not depend on the committee's size, on the order members are
 * trained in, or on {@code -num-slots}. The committee says "x beats x'" on a
 * strict majority of its votes. {@code -pair-features} makes a pair of other
 * features than the two instances side by side ({@link PairFeatures}: numeric
 * differences a - b), and {@code -pair-order interleaved} trains on each pair
 * followed by its mirror.
 *
 * <p>A batch ({@link #distributionsForInstances}, the path WEKA's Evaluation,
 * Explorer and Experimenter take) is ranked as a whole: by degree
 * (tournament), by the monograph's Algorithm 4 as printed, or by randomized
 * QuickSort (Ailon and Mohri 2008); the score s in [0, 1] becomes the
 * probability of the class that ranks first, by an increasing map that puts
 * WEKA's predicted class on the batch's top q, q the training share of the
 * class that ranks first ({@link RankingModel#shareProbabilities}; -top-half: the top
 * half, the score itself). A single
 * instance ({@link #distributionForInstance}, and a batch of one) is scored
 * by its degree against a reference sample of the training data kept with
 * the model, its class predicted where the degree is above a threshold
 * learned on the sample itself, so that about q of the sample's own
 * instances, each scored alone as a new instance is, are above it
 * ({@link #referenceThreshold}): the same for an instance whatever else is
 * scored ({@link #referenceDistributions} scores a batch
 * so, the Python face's {@code predict} and {@code predict_proba}).
 *
 * <p>This class holds the options, as WEKA's {@code Bagging} does; the
 * trained model, its training, ranking, scoring and text, is a
 * {@link RankingModel}, and the jobs it delegates live beside it in
 * {@code weka.classifiers.meta.rankingreduction}: what the data asks to rank
 * ({@link RankingTask}), the members' pair instances ({@link PairTraining}),
 * the committee's vote, ranking a batch within its groups
 * ({@link BatchRanking}, {@link Rankers}) and the reference sample. The
 * monograph study's options, {@code -one-order}, {@code -positions} and
 * {@code -first-element}, are
 * listed and shown by its subclass
 * {@link weka.classifiers.meta.rankingreduction.MonographRankingReduction};
 * this class still reads them in stored option texts and model files.
 */
public class RankingReduction extends RandomizableParallelIteratedSingleClassifierEnhancer
    implements TechnicalInformationHandler {

  private static final long serialVersionUID = -2807386164187457113L;

  /** Ranker: Balcan et al.'s degree. */
  public static final int RANKER_TOURNAMENT = BatchRanking.TOURNAMENT;
  /** Ranker: the monograph's Algorithm 4 as printed. */
  public static final int RANKER_AS_PRINTED = BatchRanking.AS_PRINTED;
  /** Ranker: Ailon and Mohri's randomized QuickSort. */
  public static final int RANKER_QUICKSORT = BatchRanking.QUICKSORT;
  /** Ranker: the base learner alone, trained on the instances themselves. */
  public static final int RANKER_POINTWISE = BatchRanking.POINTWISE;

  /** The rankers, as {@code -R} names them and the GUI lists them. */
  public static final Tag[] TAGS_RANKER = BatchRanking.RANKERS;

  /** Ties: equal scores in input order. */
  public static final int TIES_STABLE = 0;
  /** Ties: equal scores in an order drawn with the seed. */
  public static final int TIES_RANDOM = 1;

  /** The tie rules, as {@code -ties} names them and the GUI lists them. */
  public static final Tag[] TAGS_TIES = {
    new Tag(TIES_STABLE, "stable", "stable (input order)", false),
    new Tag(TIES_RANDOM, "random", "random (seeded)", false),
  };

  /** Sums over all pairs from the rows: exact, rounded once; linear in the rows. */
  public static final int SUM_ORDER_ROWS = 0;
  /** Sums over all pairs in WEKA's order on the pairs, replayed: WEKA's model to the bit. */
  public static final int SUM_ORDER_PAIRS = 1;

  /** How a learner trained from the rows sums over the pairs, as {@code -sum-order} names it. */
  public static final Tag[] TAGS_SUM_ORDER = {
    new Tag(SUM_ORDER_ROWS, "rows", "rows (exact sums, linear in the rows)", false),
    new Tag(SUM_ORDER_PAIRS, "pairs", "pairs (WEKA's order, replayed)", false),
  };

  /** The pair features, as {@code -pair-features} names them and the GUI lists them. */
  public static final Tag[] TAGS_PAIR_FEATURES = {
    new Tag(PairFeatures.CONCAT, PairFeatures.NAMES[PairFeatures.CONCAT],
        "concat (the two instances side by side)", false),
    new Tag(PairFeatures.DIFFERENCE, PairFeatures.NAMES[PairFeatures.DIFFERENCE],
        "difference (numeric a - b; nominal both values)", false),
    new Tag(PairFeatures.BOTH, PairFeatures.NAMES[PairFeatures.BOTH],
        "both (side by side and numeric a - b)", false),
  };

  /** The pair orders, as {@code -pair-order} names them and the GUI lists them. */
  public static final Tag[] TAGS_PAIR_ORDER = {
    new Tag(Pairs.BLOCKS, Pairs.ORDERS[Pairs.BLOCKS], "blocks (S1 x S0, then S0 x S1)", false),
    new Tag(Pairs.INTERLEAVED, Pairs.ORDERS[Pairs.INTERLEAVED],
        "interleaved (each pair followed by its mirror)", false),
  };

  /** How a member that is WEKA's SMO is trained, as {@code -smo-solver} names it. */
  public static final Tag[] TAGS_SMO_SOLVER = {
    new Tag(SmoSolver.PAIRS, "pairs", "pairs (WEKA's SMO on the pair instances)", false),
    new Tag(SmoSolver.ROW_KERNEL, "row-kernel", "row-kernel (WEKA's SMO, kernel from the rows)",
        false),
    new Tag(SmoSolver.DIFFERENCES, "differences",
        "differences (linear SVM on the rows' differences)", false),
  };

  /** Name of the pair instances' class attribute. */
  public static final String PAIR_CLASS = PairTraining.PAIR_CLASS;

  // -- the default configuration: the one place it is set ------------------
  // Chosen by the experiment of docs/choosing.md; the fields, the constructor,
  // setOptions (an absent flag), listOptions, the tip texts and checkOptions
  // all read these. The Python face's defaults are tested to equal them.
  /**
   * {@code -P auto}: the pairs drawn per instance follow the training
   * instances, as {@link #pairsForInstances} says.
   */
  public static final int PAIRS_BY_SIZE = -1;
  /**
   * Pairs drawn per instance when {@code -P} is not given: {@link #PAIRS_BY_SIZE}
   * (0 would be all).
   */
  public static final int DEFAULT_PAIRS_PER_INSTANCE = PAIRS_BY_SIZE;
  /** The pairs per instance {@code -P auto} draws from the fewest training instances. */
  public static final int AUTO_PAIRS_LOW = 2;
  /** The training instances up to which {@code -P auto} draws 2 pairs per instance. */
  public static final int AUTO_PAIRS_FROM = 5000;
  /** The further training instances for which {@code -P auto} draws one pair more. */
  public static final int AUTO_PAIRS_STEP = 1000;
  /** The most pairs per instance {@code -P auto} draws. */
  public static final int AUTO_PAIRS_MOST = 8;
  /** Voters when {@code -I} is not given. */
  public static final int DEFAULT_VOTERS = 10;
  /**
   * Execution slots when {@code -num-slots} is not given: 0, one a core, the
   * members trained at once no more than the heap holds
   * ({@link HeapCheck#membersAtOnce}). The members are independent and the
   * results do not depend on the threads, so the cores need not sit idle.
   */
  public static final int DEFAULT_SLOTS = 0;
  /** The ranker when {@code -R} is not given, one of {@link #TAGS_RANKER}. */
  public static final int DEFAULT_RANKER = RANKER_TOURNAMENT;
  /** The pair features when {@code -pair-features} is not given. */
  public static final int DEFAULT_PAIR_FEATURES = PairFeatures.CONCAT;

  // -- options ------------------------------------------------------------
  /** Pairs drawn per instance; 0 for all, {@link #PAIRS_BY_SIZE} for auto. */
  protected int m_PairsPerInstance = DEFAULT_PAIRS_PER_INSTANCE;
  /** Text set as the pairs per instance that says no value (the GUI's, while typed); or null. */
  protected String m_PairsPerInstanceText;
  /** The ranker, one of {@link #TAGS_RANKER}. */
  protected int m_Ranker = DEFAULT_RANKER;
  /** The tie rule, one of {@link #TAGS_TIES}. */
  protected int m_Ties = TIES_STABLE;
  /** The class value that ranks first. */
  protected String m_RankFirst = "minority";
  /** The attribute that groups instances into queries; empty for none. */
  protected String m_GroupAttribute = "";
  /** Training instances kept to score a single instance. */
  protected int m_ReferenceSize = 100;
  /** Train on one order of each pair only (the monograph study's {@code -one-order}). */
  protected boolean m_OneOrder = false;
  /** Score a batch by rank positions (the monograph study's {@code -positions}). */
  protected boolean m_Positions = false;
  /**
   * Count a batch's tournament degree in both orders of each pair; false
   * (the monograph study's {@code -first-element}) counts a row's wins as
   * first element only, as model files of 0.8.0 and before do (a field a
   * file lacks is read as false).
   */
  protected boolean m_BothOrders = true;
  /** Whether additive members answer pairs from their halves' sums. */
  protected boolean m_AdditiveTournament = true;
  /** Predict the first class for the training share of a batch, not its top half. */
  protected boolean m_ShareThreshold = true;
  /** How a learner trained from the rows sums over the pairs, one of {@link #TAGS_SUM_ORDER}. */
  protected int m_SumOrder = SUM_ORDER_ROWS;
  /** What a pair instance's attributes are, one of {@link #TAGS_PAIR_FEATURES}. */
  protected int m_PairFeatures = DEFAULT_PAIR_FEATURES;
  /** The order of the pairs a member trains on, one of {@link #TAGS_PAIR_ORDER}. */
  protected int m_PairOrder = Pairs.BLOCKS;
  /** How a member that is WEKA's SMO is trained, one of {@link #TAGS_SMO_SOLVER}. */
  protected int m_SmoSolver = SmoSolver.PAIRS;

  // -- learned state ------------------------------------------------------
  /** The trained model, null before training. */
  protected RankingModel m_Model;

  /** Told when each member is trained (not serialized). */
  protected transient MemberListener m_MemberListener;

  /** What {@link #getTrainingSet} draws from, while training only. */
  private transient PairTraining m_Training;

  /** A J48 committee in the default configuration (see {@link #DEFAULT_VOTERS}). */
  public RankingReduction() {
    m_Classifier = new weka.classifiers.trees.J48();
    m_NumIterations = DEFAULT_VOTERS;
    m_numExecutionSlots = DEFAULT_SLOTS;
  }

  @Override
  protected String defaultClassifierString() {
    return "weka.classifiers.trees.J48";
  }

  @Override
  protected int defaultNumberOfIterations() {
    return DEFAULT_VOTERS;
  }

  /**
   * Returns a string describing this classifier.
   *
   * @return a description suitable for displaying in the Explorer
   */
  public String globalInfo() {
    return "Ranking reduced to binary classification: a committee of base classifiers "
        + "learns from pairs of instances of different classes which of the two ranks "
        + "first, and a batch of instances is ranked by the committee's tournament "
        + "(degree), by the monograph's Algorithm 4 as printed, or by randomized "
        + "QuickSort. The ranking's score is returned as the probability of the class "
        + "that ranks first, so WEKA's AUC is the AUC of the ranking. Evaluate on whole "
        + "test sets (Evaluation, Explorer and Experimenter pass them whole); a single "
        + "instance is scored against a reference sample of the training data, its "
        + "class predicted at the training share of the class that ranks first, "
        + "whatever else is scored. With "
        + "all pairs, J48 and NaiveBayes members are trained from counts over the "
        + "training instances, without making the pairs: the same models WEKA builds "
        + "on the pairs, in time about linear in the instances. By default: "
        + defaultConfiguration() + " (chosen by measurement: the configuration over twelve "
        + "data sets, the size rule over four more); "
        + "the monograph's configuration is -P all -I 1 -pair-features concat. (The "
        + "monograph, \"Ranking reduzido a classificacao binaria\", evaluated this "
        + "reduction on WEKA and gave it its sampling, -P, and voting, -I.)\n\n"
        + "For more information see:\n\n" + getTechnicalInformation().toString();
  }

  /**
   * Returns the papers the method comes from.
   *
   * @return the technical information about this class
   */
  @Override
  public TechnicalInformation getTechnicalInformation() {
    TechnicalInformation result = new TechnicalInformation(Type.INPROCEEDINGS);
    result.setValue(Field.AUTHOR, "Maria-Florina Balcan and Nikhil Bansal and Alina "
        + "Beygelzimer and Don Coppersmith and John Langford and Gregory B. Sorkin");
    result.setValue(Field.TITLE, "Robust reductions from ranking to classification");
    result.setValue(Field.BOOKTITLE, "Learning Theory (COLT 2007)");
    result.setValue(Field.YEAR, "2007");
    result.setValue(Field.PAGES, "604-619");
    result.setValue(Field.PUBLISHER, "Springer");
    // The monograph names neither its author nor its year in the copy the
    // project holds: it is said as a note, not as an entry of its own, which
    // WEKA would print as ". Ranking reduzido ..." with no author or year.
    result.setValue(Field.NOTE, "Sampling (-P, pairs per instance), voting (-I, "
        + "voters) and tournament-as-printed follow the monograph \"Ranking reduzido a "
        + "classificacao binaria\", which evaluated this reduction on WEKA");
    TechnicalInformation quicksort = result.add(Type.INPROCEEDINGS);
    quicksort.setValue(Field.AUTHOR, "Nir Ailon and Mehryar Mohri");
    quicksort.setValue(Field.TITLE,
        "An efficient reduction of ranking to classification");
    quicksort.setValue(Field.BOOKTITLE, "Learning Theory (COLT 2008)");
    quicksort.setValue(Field.YEAR, "2008");
    quicksort.setValue(Field.PAGES, "87-98");
    return result;
  }

  // -- options ------------------------------------------------------------
  /**
   * Returns an enumeration describing the available options.
   *
   * @return an enumeration of all the available options
   */
  @Override
  public Enumeration<Option> listOptions() {
    Vector<Option> options = new Vector<>();
    options.add(new Option("\tPairs per instance: 'all' (every pair of instances of "
        + "different classes,\n\tboth orders), p >= 1 drawn per instance, or 'auto': "
        + AUTO_PAIRS_LOW + " up to\n\t" + AUTO_PAIRS_FROM + " training instances, one more "
        + "for each " + AUTO_PAIRS_STEP + " more, at most " + AUTO_PAIRS_MOST + ".\n"
        + "\t(default " + pairsText(DEFAULT_PAIRS_PER_INSTANCE) + ")", "P", 1,
        "-P <all|p|auto>"));
    options.add(new Option("\tThe ranker: tournament (degree), tournament-as-printed\n"
        + "\t(the monograph's Algorithm 4), quicksort, or pointwise (the base\n"
        + "\tlearner alone, which takes no -P or -I of its own).\n\t(default "
        + TAGS_RANKER[DEFAULT_RANKER].getIDStr() + ")", "R", 1,
        "-R <" + tagNames(TAGS_RANKER) + ">"));
    options.add(new Option("\tOrder of equal scores in rank(): stable (input order) or "
        + "random (seeded).\n\t(default stable)", "ties", 1,
        "-ties <" + tagNames(TAGS_TIES) + ">"));
    options.add(new Option("\tThe class value that ranks first: minority (the class of "
        + "the fewest\n\ttraining instances, the first on a tie), first, last, a "
        + "1-based index or a label.\n\t(default minority)",
        "rank-first", 1, "-rank-first <value>"));
    options.add(new Option("\tAttribute that groups instances into queries (first, last "
        + "or 1-based\n\tindex): pairs and rankings stay within a group, the class is "
        + "the\n\trelevance grade (numeric, or nominal in increasing order).\n"
        + "\t(default none)", "G", 1, "-G <index>"));
    options.add(new Option("\tTraining instances kept to score a single instance by its "
        + "degree\n\tagainst them (0: refuse single instances).\n\t(default 100)",
        "reference-size", 1, "-reference-size <n>"));
    options.add(new Option("\tPredict the class that ranks first for the top half of a "
        + "batch\n\t(score above 0.5) instead of for the top q, q its training share\n\t"
        + "(the default); the ROC area is unchanged.", "top-half", 0, "-top-half"));
    options.add(new Option("\tAsk the members every pair: no exact forms (additive "
        + "members' sums:\n\tLogistic, NaiveBayes, linear SMO; J48 and REPTree "
        + "committees' leaf bitsets);\n\tthe answers are the same, slower.",
        "no-additive", 0, "-no-additive"));
    options.add(new Option("\tHow NaiveBayes trained from the rows (all or drawn pairs) sums a "
        + "numeric\n\tattribute over the pairs: rows (exact sums, rounded once; linear "
        + "in\n\tthe rows) or pairs (in WEKA's order, replayed: WEKA's model to the\n"
        + "\tbit, O(pairs log pairs) time and 20 bytes a pair).\n\t(default rows)",
        "sum-order", 1, "-sum-order <" + tagNames(TAGS_SUM_ORDER) + ">"));
    options.add(new Option("\tThe pair features: concat (the two instances side by "
        + "side), difference\n\t(numeric attributes as a - b, nominal ones both values) "
        + "or both.\n\t(default " + PairFeatures.NAMES[DEFAULT_PAIR_FEATURES] + ")",
        "pair-features", 1,
        "-pair-features <" + tagNames(TAGS_PAIR_FEATURES) + ">"));
    options.add(new Option("\tThe order of the pairs a member trains on: blocks (all "
        + "of S1 x S0,\n\tthen all of S0 x S1) or interleaved (each pair followed by "
        + "its mirror;\n\tall pairs only).\n\t(default blocks)", "pair-order", 1,
        "-pair-order <" + tagNames(TAGS_PAIR_ORDER) + ">"));
    options.add(new Option("\tHow a member that is WEKA's SMO is trained: pairs (WEKA's SMO on "
        + "the\n\tpair instances), row-kernel (WEKA's SMO, its PolyKernel or RBFKernel\n"
        + "\tevaluated from the rows' Gram matrices, summed in WEKA's order: the\n"
        + "\tsame model to the bit) or differences (a linear\n"
        + "\tSVM without bias on the rows' differences, by dual coordinate descent to\n"
        + "\tSMO's tolerance: the same optimum, not the same iterate; all pairs of\n"
        + "\ta binary task, linear PolyKernel). A solver that does not apply\n"
        + "\tdeclines: the model says why, and WEKA's SMO trains on the pairs.\n"
        + "\t(default pairs)",
        "smo-solver", 1, "-smo-solver <" + tagNames(TAGS_SMO_SOLVER) + ">"));
    for (Option option : Collections.list(super.listOptions())) {
      if ("I".equals(option.name())) { // WEKA's "Number of iterations", in this class's words
        options.add(new Option("\tVoters: the committee's members, each trained on its own\n"
            + "\tsample of pairs; their strict majority answers a pair.\n\t(default "
            + DEFAULT_VOTERS + ")", "I", 1, "-I <num>"));
      } else if ("num-slots".equals(option.name())) {
        options.add(new Option("\tThreads that train the members and score pairs; 0: one a "
            + "core,\n\twith no more members trained at once than the JVM heap holds.\n"
            + "\tThe model and its scores do not depend on it.\n\t(default " + DEFAULT_SLOTS
            + ")", "num-slots", 1, "-num-slots <num>"));
      } else if (!"batch-size".equals(option.name())) {
        options.add(option);
      }
    }
    return options.elements();
  }

  /**
   * Parses a given list of options.
   *
   <!-- options-start -->
   * Valid options are: <p>
   * 
   * <pre> -P &lt;all|p|auto&gt;
   *  Pairs per instance: 'all' (every pair of instances of different classes,
   *  both orders), p &gt;= 1 drawn per instance, or 'auto': 2 up to
   *  5000 training instances, one more for each 1000 more, at most 8.
   *  (default auto)</pre>
   * 
   * <pre> -R &lt;tournament|tournament-as-printed|quicksort|pointwise&gt;
   *  The ranker: tournament (degree), tournament-as-printed
   *  (the monograph's Algorithm 4), quicksort, or pointwise (the base
   *  learner alone, which takes no -P or -I of its own).
   *  (default tournament)</pre>
   * 
   * <pre> -ties &lt;stable|random&gt;
   *  Order of equal scores in rank(): stable (input order) or random (seeded).
   *  (default stable)</pre>
   * 
   * <pre> -rank-first &lt;value&gt;
   *  The class value that ranks first: minority (the class of the fewest
   *  training instances, the first on a tie), first, last, a 1-based index or a label.
   *  (default minority)</pre>
   * 
   * <pre> -G &lt;index&gt;
   *  Attribute that groups instances into queries (first, last or 1-based
   *  index): pairs and rankings stay within a group, the class is the
   *  relevance grade (numeric, or nominal in increasing order).
   *  (default none)</pre>
   * 
   * <pre> -reference-size &lt;n&gt;
   *  Training instances kept to score a single instance by its degree
   *  against them (0: refuse single instances).
   *  (default 100)</pre>
   * 
   * <pre> -top-half
   *  Predict the class that ranks first for the top half of a batch
   *  (score above 0.5) instead of for the top q, q its training share
   *  (the default); the ROC area is unchanged.</pre>
   * 
   * <pre> -no-additive
   *  Ask the members every pair: no exact forms (additive members' sums:
   *  Logistic, NaiveBayes, linear SMO; J48 and REPTree committees' leaf bitsets);
   *  the answers are the same, slower.</pre>
   * 
   * <pre> -sum-order &lt;rows|pairs&gt;
   *  How NaiveBayes trained from the rows (all or drawn pairs) sums a numeric
   *  attribute over the pairs: rows (exact sums, rounded once; linear in
   *  the rows) or pairs (in WEKA's order, replayed: WEKA's model to the
   *  bit, O(pairs log pairs) time and 20 bytes a pair).
   *  (default rows)</pre>
   * 
   * <pre> -pair-features &lt;concat|difference|both&gt;
   *  The pair features: concat (the two instances side by side), difference
   *  (numeric attributes as a - b, nominal ones both values) or both.
   *  (default concat)</pre>
   * 
   * <pre> -pair-order &lt;blocks|interleaved&gt;
   *  The order of the pairs a member trains on: blocks (all of S1 x S0,
   *  then all of S0 x S1) or interleaved (each pair followed by its mirror;
   *  all pairs only).
   *  (default blocks)</pre>
   * 
   * <pre> -smo-solver &lt;pairs|row-kernel|differences&gt;
   *  How a member that is WEKA's SMO is trained: pairs (WEKA's SMO on the
   *  pair instances), row-kernel (WEKA's SMO, its PolyKernel or RBFKernel
   *  evaluated from the rows' Gram matrices, summed in WEKA's order: the
   *  same model to the bit) or differences (a linear
   *  SVM without bias on the rows' differences, by dual coordinate descent to
   *  SMO's tolerance: the same optimum, not the same iterate; all pairs of
   *  a binary task, linear PolyKernel). A solver that does not apply
   *  declines: the model says why, and WEKA's SMO trains on the pairs.
   *  (default pairs)</pre>
   * 
   * <pre> -S &lt;num&gt;
   *  Random number seed.
   *  (default 1)</pre>
   * 
   * <pre> -num-slots &lt;num&gt;
   *  Threads that train the members and score pairs; 0: one a core,
   *  with no more members trained at once than the JVM heap holds.
   *  The model and its scores do not depend on it.
   *  (default 0)</pre>
   * 
   * <pre> -I &lt;num&gt;
   *  Voters: the committee's members, each trained on its own
   *  sample of pairs; their strict majority answers a pair.
   *  (default 10)</pre>
   * 
   * <pre> -W &lt;classifier name&gt;
   *  Full name of base classifier.
   *  (default: weka.classifiers.trees.J48)</pre>
   * 
   * <pre> -output-debug-info
   *  If set, classifier is run in debug mode and
   *  may output additional info to the console</pre>
   * 
   * <pre> -do-not-check-capabilities
   *  If set, classifier capabilities are not checked before classifier is built
   *  (use with caution).</pre>
   * 
   * <pre> -num-decimal-places
   *  The number of decimal places for the output of numbers in the model (default 2).</pre>
   * 
   * <pre> 
   * Options specific to classifier weka.classifiers.trees.J48:
   * </pre>
   * 
   * <pre> -U
   *  Use unpruned tree.</pre>
   * 
   * <pre> -O
   *  Do not collapse tree.</pre>
   * 
   * <pre> -C &lt;pruning confidence&gt;
   *  Set confidence threshold for pruning.
   *  (default 0.25)</pre>
   * 
   * <pre> -M &lt;minimum number of instances&gt;
   *  Set minimum number of instances per leaf.
   *  (default 2)</pre>
   * 
   * <pre> -R
   *  Use reduced error pruning.</pre>
   * 
   * <pre> -N &lt;number of folds&gt;
   *  Set number of folds for reduced error
   *  pruning. One fold is used as pruning set.
   *  (default 3)</pre>
   * 
   * <pre> -B
   *  Use binary splits only.</pre>
   * 
   * <pre> -S
   *  Do not perform subtree raising.</pre>
   * 
   * <pre> -L
   *  Do not clean up after the tree has been built.</pre>
   * 
   * <pre> -A
   *  Laplace smoothing for predicted probabilities.</pre>
   * 
   * <pre> -J
   *  Do not use MDL correction for info gain on numeric attributes.</pre>
   * 
   * <pre> -Q &lt;seed&gt;
   *  Seed for random data shuffling (default 1).</pre>
   * 
   * <pre> -doNotMakeSplitPointActualValue
   *  Do not make split point actual value.</pre>
   * 
   * <pre> -output-debug-info
   *  If set, classifier is run in debug mode and
   *  may output additional info to the console</pre>
   * 
   * <pre> -do-not-check-capabilities
   *  If set, classifier capabilities are not checked before classifier is built
   *  (use with caution).</pre>
   * 
   * <pre> -num-decimal-places
   *  The number of decimal places for the output of numbers in the model (default 2).</pre>
   * 
   <!-- options-end -->
   *
   * @param options the list of options as an array of strings
   * @throws Exception if an option is not supported
   */
  @Override
  public void setOptions(String[] options) throws Exception {
    // -I, -S and -num-slots are read here, not by the superclasses, so that a
    // value out of range is refused by name, as every other option is.
    String[] ranking = rankingOptions(options);
    String voters = Utils.getOption('I', options);
    String seed = Utils.getOption('S', options);
    String pairs = Utils.getOption('P', options);
    setPairsPerInstance(pairs.isEmpty() ? pairsText(DEFAULT_PAIRS_PER_INSTANCE) : pairs);
    if (m_PairsPerInstanceText != null) {
      throw new OptionException("-P", pairs, PAIRS_RANGE);
    }
    String first = Utils.getOption("rank-first", options);
    setRankFirst(first.isEmpty() ? "minority" : first);
    setGroupAttribute(Utils.getOption('G', options));
    String reference = Utils.getOption("reference-size", options);
    setReferenceSize(reference.isEmpty() ? 100 : integer("-reference-size", reference, 0));
    // The monograph study's options (MonographRankingReduction lists them),
    // read here so that stored option texts keep their meaning.
    m_OneOrder = Utils.getFlag("one-order", options);
    m_Positions = Utils.getFlag("positions", options);
    m_BothOrders = !Utils.getFlag("first-element", options);
    setAdditiveTournament(!Utils.getFlag("no-additive", options));
    setShareThreshold(!Utils.getFlag("top-half", options));
    Utils.getFlag("share-threshold", options); // the default now: stored options keep it
    String sumOrder = Utils.getOption("sum-order", options);
    setSumOrder(tag(sumOrder.isEmpty() ? "rows" : sumOrder, "-sum-order", TAGS_SUM_ORDER));
    String features = Utils.getOption("pair-features", options);
    setPairFeatures(tag(features.isEmpty() ? PairFeatures.NAMES[DEFAULT_PAIR_FEATURES]
        : features, "-pair-features", TAGS_PAIR_FEATURES));
    String order = Utils.getOption("pair-order", options);
    setPairOrder(tag(order.isEmpty() ? "blocks" : order, "-pair-order", TAGS_PAIR_ORDER));
    String solver = Utils.getOption("smo-solver", options);
    setSmoSolver(tag(solver.isEmpty() ? "pairs" : solver, "-smo-solver", TAGS_SMO_SOLVER));
    Utils.getOption("batch-size", options); // always the whole batch: see getBatchSize
    super.setOptions(options);
    setNumIterations(voters.isEmpty() ? DEFAULT_VOTERS : integer("-I", voters, 1));
    setSeed(seed.isEmpty() ? 1 : integer("-S", seed, Integer.MIN_VALUE));
    setRankingOptions(ranking);
  }

  /**
   * Sets how the model ranks, from options as on the command line: the
   * ranker ({@code -R}), the tie rule ({@code -ties}) and the execution slots
   * ({@code -num-slots}), each refused in the words {@link #setOptions} uses;
   * an absent one takes its default. The options that say what is trained
   * stay as they are, so that a trained model can be told to rank otherwise.
   *
   * @param options the options, {@code -R}, {@code -ties} and {@code -num-slots} only
   * @throws Exception if another option is given
   */
  public void setRankingOptions(String[] options) throws Exception {
    String ranker = Utils.getOption('R', options);
    setRanker(tag(ranker.isEmpty() ? TAGS_RANKER[DEFAULT_RANKER].getIDStr() : ranker, "-R",
        TAGS_RANKER));
    String ties = Utils.getOption("ties", options);
    if (ties.isEmpty()) {
      // Option texts stored before the tie rule left -T to WEKA's Evaluation
      // (its test file), as the Experimenter's results and model files keep them.
      ties = Utils.getOption('T', options);
    }
    setTies(tag(ties.isEmpty() ? "stable" : ties, "-ties", TAGS_TIES));
    String slots = Utils.getOption("num-slots", options);
    setNumExecutionSlots(slots.isEmpty() ? DEFAULT_SLOTS : integer("-num-slots", slots, 0));
    Utils.checkForRemainingOptions(options);
  }

  /** Takes the options {@link #setRankingOptions} reads out of {@code options}. */
  private static String[] rankingOptions(String[] options) throws Exception {
    List<String> ranking = new ArrayList<>();
    for (String flag : new String[] {"R", "ties", "T", "num-slots"}) {
      String value = Utils.getOption(flag, options);
      if (!value.isEmpty()) {
        ranking.add("-" + flag);
        ranking.add(value);
      }
    }
    return ranking.toArray(new String[0]);
  }

  /**
   * Gets the current settings of the classifier.
   *
   * @return the current setting of the classifier
   */
  @Override
  public String[] getOptions() {
    List<String> options = new ArrayList<>();
    options.add("-P");
    options.add(getPairsPerInstance());
    options.add("-R");
    options.add(TAGS_RANKER[m_Ranker].getIDStr());
    options.add("-ties");
    options.add(TAGS_TIES[m_Ties].getIDStr());
    options.add("-rank-first");
    options.add(getRankFirst());
    if (!m_GroupAttribute.isEmpty()) {
      options.add("-G");
      options.add(m_GroupAttribute);
    }
    options.add("-reference-size");
    options.add("" + getReferenceSize());
    if (m_OneOrder) {
      options.add("-one-order");
    }
    if (m_Positions) {
      options.add("-positions");
    }
    if (!m_BothOrders) {
      options.add("-first-element");
    }
    if (!m_ShareThreshold) {
      options.add("-top-half");
    }
    if (!m_AdditiveTournament) {
      options.add("-no-additive");
    }
    options.add("-sum-order");
    options.add(TAGS_SUM_ORDER[m_SumOrder].getIDStr());
    options.add("-pair-features");
    options.add(TAGS_PAIR_FEATURES[m_PairFeatures].getIDStr());
    options.add("-pair-order");
    options.add(TAGS_PAIR_ORDER[m_PairOrder].getIDStr());
    options.add("-smo-solver");
    options.add(TAGS_SMO_SOLVER[m_SmoSolver].getIDStr());
    String[] inherited = super.getOptions();
    boolean ownOptions = true;
    for (int i = 0; i < inherited.length; i++) {
      ownOptions &= !"--".equals(inherited[i]); // the base learner's follow "--"
      if (ownOptions && "-batch-size".equals(inherited[i])) {
        i++; // fixed to the whole batch: see getBatchSize
      } else {
        options.add(inherited[i]);
      }
    }
    return options.toArray(new String[0]);
  }

  private static String tagNames(Tag[] tags) {
    List<String> names = new ArrayList<>();
    for (Tag tag : tags) {
      names.add(tag.getIDStr());
    }
    return String.join("|", names);
  }

  private static SelectedTag tag(String value, String flag, Tag[] tags) {
    for (Tag tag : tags) {
      if (tag.getIDStr().equals(value)) {
        return new SelectedTag(tag.getID(), tags);
      }
    }
    throw new OptionException(flag, value, "must be one of "
        + tagNames(tags).replace("|", ", "));
  }

  /**
   * The id a choice's setter is given: a tag of this class's own, or one of
   * another set of tags named as one of these (refused by name, with the
   * choices, when it is not).
   */
  private static int chosen(SelectedTag value, String flag, Tag[] tags) {
    return value.getTags() == tags ? value.getSelectedTag().getID()
        : tag(value.getSelectedTag().getIDStr(), flag, tags).getSelectedTag().getID();
  }

  /**
   * An integer option's value, refused by name when it is no Java int of at
   * least {@code least}.
   */
  private static int integer(String flag, String value, int least) {
    try {
      int parsed = Integer.parseInt(value.trim());
      if (parsed >= least) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // refused below, as a value out of range is
    }
    throw new OptionException(flag, value, integerRange(least));
  }

  /** What an integer option of at least {@code least} takes. */
  private static String integerRange(int least) {
    return "must be an integer in " + least + ".." + Integer.MAX_VALUE + ", a Java int";
  }

  /**
   * Gets the pairs drawn per instance.
   *
   * @return 'all', or the number p of pairs drawn per instance
   */
  public String getPairsPerInstance() {
    return m_PairsPerInstanceText != null ? m_PairsPerInstanceText
        : pairsText(m_PairsPerInstance);
  }

  /**
   * The default configuration in words, as globalInfo says it.
   *
   * @return e.g. "1 pair per instance, 10 voters, difference features, tournament"
   */
  private static String defaultConfiguration() {
    String pairs = DEFAULT_PAIRS_PER_INSTANCE == 0 ? "all pairs"
        : DEFAULT_PAIRS_PER_INSTANCE == PAIRS_BY_SIZE ? "pairs per instance by the "
            + "training size (-P auto: " + AUTO_PAIRS_LOW + " up to " + AUTO_PAIRS_FROM
            + " instances, at most " + AUTO_PAIRS_MOST + ")"
        : DEFAULT_PAIRS_PER_INSTANCE + (DEFAULT_PAIRS_PER_INSTANCE == 1 ? " pair" : " pairs")
        + " per instance";
    return pairs + ", " + DEFAULT_VOTERS + (DEFAULT_VOTERS == 1 ? " voter, " : " voters, ")
        + PairFeatures.NAMES[DEFAULT_PAIR_FEATURES] + " features, "
        + TAGS_RANKER[DEFAULT_RANKER].getIDStr();
  }

  private static String pairsText(int pairsPerInstance) {
    return pairsPerInstance == 0 ? "all"
        : pairsPerInstance == PAIRS_BY_SIZE ? "auto" : "" + pairsPerInstance;
  }

  /** What the pairs per instance take. */
  private static final String PAIRS_RANGE = "must be 'all', 'auto' or an integer >= 1";

  /**
   * The pairs per instance that {@code -P auto} draws from a training set of
   * this many instances: 2 up to 5,000, one more for each 1,000 more, at most
   * 8. A member of sampled pairs needs more pairs as the data grow to rank
   * above the learner alone (nursery's 11,664 and letter's 18,000 training
   * instances lost at 2 and held at 8), while small sets ranked best at 1 or 2
   * (docs/choosing.md); the cap keeps a member's pairs linear in the
   * instances. The rule was recorded before the check on data sets above
   * 10,000 instances that no earlier study saw (docs/held-out-4).
   *
   * @param instances the training instances (those with a class)
   * @return the pairs drawn per instance
   */
  public static int pairsForInstances(int instances) {
    int more = Math.max(0, instances - AUTO_PAIRS_FROM) / AUTO_PAIRS_STEP;
    return Math.min(AUTO_PAIRS_MOST, AUTO_PAIRS_LOW + more);
  }

  /**
   * The pairs drawn per instance from a training set of this many instances.
   *
   * @param instances the training instances (those with a class)
   * @return 0 for all, or the pairs drawn per instance ({@code -P auto} resolved)
   */
  private int pairsPerInstanceFor(int instances) {
    return m_PairsPerInstance == PAIRS_BY_SIZE ? pairsForInstances(instances)
        : m_PairsPerInstance;
  }

  /**
   * Sets the pairs drawn per instance. Text that says no value, as the GUI's
   * field holds while "all" is typed, is kept as it is and refused once, by
   * {@link #checkOptions} when the classifier is built ({@link #setOptions}
   * refuses it at once).
   *
   * @param value 'all', 'auto', or an integer p >= 1
   */
  public void setPairsPerInstance(String value) {
    Integer p = pairsValue(value);
    m_PairsPerInstanceText = p == null ? String.valueOf(value) : null;
    if (p != null) {
      m_PairsPerInstance = p;
    }
  }

  /**
   * The pairs per instance a text says.
   *
   * @param value 'all', 'auto', or an integer p >= 1
   * @return 0 for all, {@link #PAIRS_BY_SIZE} for auto, p; null for no value
   */
  private static Integer pairsValue(String value) {
    if ("all".equals(value)) {
      return 0;
    }
    if ("auto".equals(value)) {
      return PAIRS_BY_SIZE;
    }
    try {
      int p = Integer.parseInt(value.trim());
      return p >= 1 ? p : null;
    } catch (NumberFormatException | NullPointerException e) {
      return null;
    }
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String pairsPerInstanceTipText() {
    return "Pairs per instance: 'all' for every pair of instances of different classes "
        + "(in both orders), p >= 1 drawn per instance without replacement, or 'auto', "
        + "which draws " + AUTO_PAIRS_LOW + " up to " + AUTO_PAIRS_FROM + " training "
        + "instances, one more for each " + AUTO_PAIRS_STEP + " more, at most "
        + AUTO_PAIRS_MOST + "; " + pairsText(DEFAULT_PAIRS_PER_INSTANCE) + " by default. "
        + "The pointwise ranker takes none: it accepts the default or all.";
  }

  /**
   * Gets the ranker.
   *
   * @return the ranker, one of {@link #TAGS_RANKER}
   */
  public SelectedTag getRanker() {
    return new SelectedTag(m_Ranker, TAGS_RANKER);
  }

  /**
   * Sets the ranker.
   *
   * @param value the ranker, one of {@link #TAGS_RANKER}
   */
  public void setRanker(SelectedTag value) {
    m_Ranker = chosen(value, "-R", TAGS_RANKER);
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String rankerTipText() {
    return "How a batch is ordered from the committee's answers on its pairs. "
        + "tournament: by degree (Balcan et al.); tournament-as-printed: the "
        + "monograph's Algorithm 4 with its else branch; quicksort: randomized "
        + "QuickSort (Ailon and Mohri); pointwise: the base learner alone, trained on "
        + "the instances themselves, which accepts -P and -I at their defaults or at all "
        + "and 1 and refuses other values. The pairwise rankers share one trained "
        + "committee; " + TAGS_RANKER[DEFAULT_RANKER].getIDStr() + " by default.";
  }

  /**
   * Gets the tie rule.
   *
   * @return the tie rule, one of {@link #TAGS_TIES}
   */
  public SelectedTag getTies() {
    return new SelectedTag(m_Ties, TAGS_TIES);
  }

  /**
   * Sets the tie rule.
   *
   * @param value the tie rule, one of {@link #TAGS_TIES}
   */
  public void setTies(SelectedTag value) {
    m_Ties = chosen(value, "-ties", TAGS_TIES);
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String tiesTipText() {
    return "Order of equal scores in an ordered ranking: stable (input order) or random "
        + "(seeded). WEKA's AUC counts ties one half whatever this says.";
  }

  /**
   * Gets the class value that ranks first.
   *
   * @return minority, first, last, a 1-based index or a label
   */
  public String getRankFirst() {
    return m_RankFirst;
  }

  /**
   * Sets the class value that ranks first; an empty one (the GUI's field
   * while typed) is refused by {@link #checkOptions} when the classifier is built.
   *
   * @param value minority, first, last, a 1-based index or a label
   */
  public void setRankFirst(String value) {
    m_RankFirst = value == null ? "" : value.trim();
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String rankFirstTipText() {
    return "The class value that ranks first: 'minority', 'first', 'last', a 1-based "
        + "index or a label. The default, the minority class (the class of the fewest "
        + "training instances, the first on a tie), is what the Python face ranks first "
        + "when nothing is said; for a two-valued class WEKA's ROC area is the same for "
        + "either class.";
  }

  /**
   * Gets the attribute that groups instances into queries.
   *
   * @return first, last, a 1-based index, or empty for none
   */
  public String getGroupAttribute() {
    return m_GroupAttribute;
  }

  /**
   * Sets the attribute that groups instances into queries.
   *
   * @param value first, last, a 1-based index, or empty for none
   */
  public void setGroupAttribute(String value) {
    m_GroupAttribute = value == null ? "" : value.trim();
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String groupAttributeTipText() {
    return "Attribute that groups instances into queries: first, last or a 1-based "
        + "index; empty for none. Pairs and rankings then stay within a group and the "
        + "class is the relevance grade: numeric, or nominal with values in increasing "
        + "order of relevance.";
  }

  /**
   * Gets the number of training instances kept to score a single instance.
   *
   * @return the reference sample's size
   */
  public int getReferenceSize() {
    return m_ReferenceSize;
  }

  /**
   * Sets the number of training instances kept to score a single instance
   * (one below 0 is refused by {@link #checkOptions} when the classifier is built).
   *
   * @param value the reference sample's size, 0 to refuse single instances
   */
  public void setReferenceSize(int value) {
    m_ReferenceSize = value;
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String referenceSizeTipText() {
    return "Training instances (drawn with the seed) kept with the model to score a "
        + "single instance by its degree against them, and to learn where to cut that "
        + "degree (each kept instance scored against them all, as a new instance is: "
        + "n x n pairs asked at training, each counted in both orders); 0 refuses "
        + "single instances.";
  }

  /**
   * Gets whether additive members answer pairs from their halves' sums.
   *
   * @return true for the sums (the default)
   */
  public boolean getAdditiveTournament() {
    return m_AdditiveTournament;
  }

  /**
   * Sets whether additive members answer pairs from their halves' sums.
   *
   * @param value true for the sums, false to ask the members every pair
   */
  public void setAdditiveTournament(boolean value) {
    m_AdditiveTournament = value;
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String additiveTournamentTipText() {
    return "Whether to rank by the fast exact forms where the members allow them "
        + "(the same ranking as asking every pair, much faster).\n"
        + "Logistic, NaiveBayes and linear SMO members answer a pair from two sums, "
        + "and a committee of J48 or REPTree trees counts its tournament from its "
        + "leaves. On by default.";
  }

  /**
   * Gets how a learner trained from the rows sums over the pairs.
   *
   * @return the sum order, one of {@link #TAGS_SUM_ORDER}
   */
  public SelectedTag getSumOrder() {
    return new SelectedTag(m_SumOrder, TAGS_SUM_ORDER);
  }

  /**
   * Sets how a learner trained from the rows sums over the pairs.
   *
   * @param value the sum order, one of {@link #TAGS_SUM_ORDER}
   */
  public void setSumOrder(SelectedTag value) {
    m_SumOrder = chosen(value, "-sum-order", TAGS_SUM_ORDER);
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String sumOrderTipText() {
    return "How NaiveBayes trained from the rows (all pairs or a member's drawn pairs) sums "
        + "a numeric attribute "
        + "over the pairs. rows: exact sums from the rows, rounded once, in time linear "
        + "in the rows; the means and deviations are within a few units in the last "
        + "place of WEKA's own on the pairs, whose rounding errors depend on the order "
        + "of its additions. pairs: WEKA's order of additions replayed, the same model "
        + "to the bit, in O(pairs log pairs) time and 20 bytes a pair.";
  }

  /**
   * Gets how a member that is WEKA's SMO is trained.
   *
   * @return the solver, one of {@link #TAGS_SMO_SOLVER}
   */
  public SelectedTag getSmoSolver() {
    return new SelectedTag(m_SmoSolver, TAGS_SMO_SOLVER);
  }

  /**
   * Sets how a member that is WEKA's SMO is trained.
   *
   * @param value the solver, one of {@link #TAGS_SMO_SOLVER}
   */
  public void setSmoSolver(SelectedTag value) {
    m_SmoSolver = chosen(value, "-smo-solver", TAGS_SMO_SOLVER);
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String smoSolverTipText() {
    return "How a member that is WEKA's SMO is trained. pairs: WEKA's SMO on the pair "
        + "instances. row-kernel: WEKA's SMO and its optimiser, its PolyKernel or RBFKernel "
        + "evaluated from the rows' Gram matrices (a pair's dot product is its halves' "
        + "rows' dot products, summed in WEKA's order); the same model to the bit. "
        + "differences: on all pairs of a binary task with the "
        + "linear PolyKernel, a linear SVM without bias on the rows' differences (SMO's "
        + "problem, by its symmetry) solved by dual coordinate descent to SMO's tolerance: "
        + "the same optimum, not the same iterate, so a pair whose margin is within that "
        + "tolerance of 0 can be answered otherwise. A solver that does not apply "
        + "declines, the model says why, and WEKA's SMO trains on the pairs.";
  }

  /**
   * Gets whether the first class is predicted for its training share of a batch.
   *
   * @return true for the share, false for the top half (the default)
   */
  public boolean getShareThreshold() {
    return m_ShareThreshold;
  }

  /**
   * Sets whether the first class is predicted for its training share of a batch.
   *
   * @param value true for the share, false for the top half
   */
  public void setShareThreshold(boolean value) {
    m_ShareThreshold = value;
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String shareThresholdTipText() {
    return "Whether the confusion matrix predicts the class that ranks first for about "
        + "its training share of each batch (on by default), instead of for the top half "
        + "of each batch (off: -top-half). The score is moved by one increasing map "
        + "that puts the cut at 0.5, so the ROC area is the ranking's AUC either way; "
        + "a single instance is predicted first where it wins more of its pairs with "
        + "the reference sample, both orders, than the threshold learned on the sample "
        + "(about the share of its own instances, each scored alone as a new instance "
        + "is, are above it).";
  }

  /**
   * Gets the pair features.
   *
   * @return the pair features, one of {@link #TAGS_PAIR_FEATURES}
   */
  public SelectedTag getPairFeatures() {
    return new SelectedTag(m_PairFeatures, TAGS_PAIR_FEATURES);
  }

  /**
   * Sets the pair features.
   *
   * @param value the pair features, one of {@link #TAGS_PAIR_FEATURES}
   */
  public void setPairFeatures(SelectedTag value) {
    m_PairFeatures = chosen(value, "-pair-features", TAGS_PAIR_FEATURES);
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String pairFeaturesTipText() {
    return "What a pair instance's attributes are, read from its two instances a and b. "
        + "concat: the two side by side, first_x and second_x (the monograph's "
        + "AUC-Train); difference: a numeric attribute as diff_x = a - b (missing where "
        + "either value is), a nominal one as both values, first_x and second_x (a "
        + "nominal value has no difference, and an equal/different flag would not say "
        + "which instance holds which value); both: concat's attributes and the "
        + "numeric differences. A tree splits on a - b at one node where side by side "
        + "takes a staircase of splits. Training from the rows and the tree committee's "
        + "exact tournament need concat, and NaiveBayes' additive form no numeric "
        + "difference: with another choice they are declined (the model text says so) "
        + "and the members are asked the pairs; "
        + PairFeatures.NAMES[DEFAULT_PAIR_FEATURES] + " by default.";
  }

  /**
   * Gets the order of the pairs a member trains on.
   *
   * @return the pair order, one of {@link #TAGS_PAIR_ORDER}
   */
  public SelectedTag getPairOrder() {
    return new SelectedTag(m_PairOrder, TAGS_PAIR_ORDER);
  }

  /**
   * Sets the order of the pairs a member trains on.
   *
   * @param value the pair order, one of {@link #TAGS_PAIR_ORDER}
   */
  public void setPairOrder(SelectedTag value) {
    m_PairOrder = chosen(value, "-pair-order", TAGS_PAIR_ORDER);
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String pairOrderTipText() {
    return "The order of the pair instances a member trains on, which a learner that "
        + "sees instance order (an optimiser, a tie rule) may follow. blocks: all of "
        + "S1 x S0, then all of S0 x S1 (S1 the class that ranks first), each row in "
        + "data order; interleaved: each pair (a, b) of S1 x S0 followed by (b, a), as "
        + "the monograph's combining function makes them, for all pairs only. Training "
        + "J48 and NaiveBayes from the rows reproduces the blocks' sums and is declined "
        + "for interleaved (the model text says so); blocks by default.";
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  @Override
  public String numExecutionSlotsTipText() {
    return "Threads that train the members and score pairs; 0 (the default): one a core, "
        + "with no more members trained at once than the JVM heap holds. The model and its "
        + "scores do not depend on it.";
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  @Override
  public String numIterationsTipText() {
    return "Voters: committee members, each trained on its own pair sample; "
        + DEFAULT_VOTERS + " by default. The pointwise ranker takes none: it accepts the "
        + "default or 1.";
  }

  /**
   * The batch size is the whole test set, always: a test set ranked in chunks
   * is another ranking. Not shown in the GUI.
   *
   * @return the largest int
   */
  @Override
  @ProgrammaticProperty
  public String getBatchSize() {
    return "" + Integer.MAX_VALUE;
  }

  /**
   * Ignored: the batch size is the whole test set (see {@link #getBatchSize}).
   *
   * @param size ignored
   */
  @Override
  @ProgrammaticProperty
  public void setBatchSize(String size) {
    // fixed: see getBatchSize
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  @Override
  public String batchSizeTipText() {
    return "Fixed to the whole test set: a ranking is of a whole set, so WEKA's batch "
        + "prediction always hands this classifier everything at once.";
  }

  /**
   * Whether batches are ranked as a whole: they are.
   *
   * @return true
   */
  @Override
  public boolean implementsMoreEfficientBatchPrediction() {
    return true;
  }

  private boolean pointwise() {
    return m_Ranker == RANKER_POINTWISE;
  }

  /**
   * Refuses options that contradict each other, before any work: a pointwise
   * model with groups, or with pairs or voters other than their defaults (or
   * all and 1), several voters that would be identical.
   *
   * @throws OptionException naming the option at fault
   */
  public void checkOptions() {
    checkValues();
    if (pointwise() && !m_GroupAttribute.isEmpty()) {
      throw new OptionException("-R", "pointwise", "ranks by the base learner alone, "
          + "which does not use the groups of -G: choose a pairwise ranker");
    }
    // 2 was the default before 0.3.0, and stored option strings print it.
    boolean pointwisePairs = m_PairsPerInstance == 0
        || m_PairsPerInstance == DEFAULT_PAIRS_PER_INSTANCE || m_PairsPerInstance == 2;
    boolean pointwiseVoters = m_NumIterations == 1 || m_NumIterations == DEFAULT_VOTERS;
    if (pointwise() && !(pointwisePairs && pointwiseVoters)) {
      boolean voters = !pointwiseVoters;
      throw new OptionException(voters ? "-I" : "-P",
          voters ? "" + m_NumIterations : getPairsPerInstance(),
          "-P and -I apply to the pairwise rankers; -R pointwise is the base learner "
          + "alone (leave -P and -I out, or give -P all and -I 1)");
    }
    if (m_PairOrder == Pairs.INTERLEAVED && (m_PairsPerInstance != 0 || m_OneOrder)) {
      throw new OptionException("-pair-order", "interleaved", "follows each pair by its "
          + "mirror, which "
          + (m_OneOrder ? "-one-order leaves out" : "sampled pairs (-P p) need not hold")
          + ": use it with -P all" + (m_OneOrder ? " without -one-order" : "")
          + ", or -pair-order blocks");
    }
    if (!pointwise() && m_PairsPerInstance == 0 && m_NumIterations > 1
        && !(m_Classifier instanceof Randomizable)) {
      String learner = m_Classifier.getClass().getSimpleName();
      String identical = m_NumIterations + " identical " + learner + " members (" + learner
          + " is not randomizable)";
      if (m_NumIterations == DEFAULT_VOTERS) {
        // Voters left at their default: the pairs are what the user gave.
        throw new OptionException("-P", "all", "voters default to " + DEFAULT_VOTERS
            + ", and with all pairs every member trains on the same pairs: "
            + identical + ": add -I 1");
      }
      throw new OptionException("-I", "" + m_NumIterations, "with -P all every member "
          + "trains on the same pairs: " + identical + ": use -I 1, or sample pairs (-P p)");
    }
  }

  /**
   * Refuses a value the GUI's fields accepted as typed (its setters keep
   * what they are given, so that typing is never interrupted): each is said
   * once, when the classifier is built, by the field's name and the flag.
   */
  private void checkValues() {
    if (m_PairsPerInstanceText != null) {
      throw new OptionException("-P", m_PairsPerInstanceText.isEmpty() ? "''"
          : m_PairsPerInstanceText, PAIRS_RANGE);
    }
    if (m_RankFirst.isEmpty()) {
      throw new OptionException("-rank-first", "''", "needs a class value, 'minority', "
          + "'first' or 'last'");
    }
    if (m_NumIterations < 1) {
      throw new OptionException("-I", "" + m_NumIterations, integerRange(1));
    }
    if (m_ReferenceSize < 0) {
      throw new OptionException("-reference-size", "" + m_ReferenceSize, integerRange(0));
    }
    if (m_numExecutionSlots < 0) {
      throw new OptionException("-num-slots", "" + m_numExecutionSlots, integerRange(0));
    }
  }

  // -- capabilities ---------------------------------------------------------
  /**
   * A nominal attribute of more distinct values than this percentage of the
   * instances that have one is an identifier (WEKA's RemoveUseless's default).
   */
  public static final int IDENTIFIER_PERCENT = 99;

  /** The fewest distinct values of an identifier: a small file's attribute is not one. */
  public static final int IDENTIFIER_LEAST = 50;

  /**
   * The system property a caller sets to "true" when it says identifiers
   * itself (the Python face, in its own words, when it reads a file).
   */
  public static final String IDENTIFIERS_SAID_BY_CALLER = "weka.ranking.identifiersSaidByCaller";

  /** The attributes said to be identifiers: relation and name, each said once. */
  private static final Set<String> SAID_IDENTIFIERS = ConcurrentHashMap.newKeySet();

  /**
   * Returns default capabilities of the classifier.
   *
   * @return the capabilities of this classifier
   */
  @Override
  public Capabilities getCapabilities() {
    Capabilities result = super.getCapabilities();
    result.disableAllClasses();
    result.disableAllClassDependencies();
    result.enable(Capability.BINARY_CLASS);
    result.enable(Capability.MISSING_CLASS_VALUES);
    if (!m_GroupAttribute.isEmpty()) {
      result.enable(Capability.NOMINAL_CLASS);
      result.enable(Capability.NUMERIC_CLASS);
    }
    result.setMinimumNumberInstances(2);
    return result;
  }

  /**
   * WEKA's capabilities test of the training data. Its refusal of a class of
   * more than two values ("Cannot handle multi-valued nominal class!") is said
   * with what to do: name the class that ranks first, with the filter that
   * makes it the binary task, in the words the Python face uses for it.
   *
   * @param data the training data
   * @throws Exception WEKA's refusal, with the hint where the class has more
   *     than two values
   */
  private void testCapabilities(Instances data) throws Exception {
    Capabilities capabilities = getCapabilities();
    if (capabilities.test(data)) {
      return;
    }
    Exception refusal = capabilities.getFailReason();
    if (!m_GroupAttribute.isEmpty() || data.classIndex() < 0
        || !data.classAttribute().isNominal() || data.classAttribute().numValues() <= 2) {
      throw refusal;
    }
    throw new UnsupportedAttributeTypeException(refusal.getMessage() + " "
        + binaryTaskHint(data));
  }

  /**
   * Says once (a JVM, an attribute of a relation), on standard error, each
   * nominal attribute that looks like an identifier: a value of its own in
   * almost every instance, by WEKA's rule for one that varies too much
   * (RemoveUseless's default, over {@value #IDENTIFIER_PERCENT} % distinct among
   * the instances that have a value), from {@value #IDENTIFIER_LEAST} values on.
   * It stays a feature, as WEKA keeps it; the members learn names no new
   * instance has. Nothing is said where the caller says it
   * ({@link #IDENTIFIERS_SAID_BY_CALLER}: the Python face, when it reads the file).
   *
   * @param data the training data
   */
  private static void sayIdentifiers(Instances data) {
    if (Boolean.getBoolean(IDENTIFIERS_SAID_BY_CALLER)) {
      return;
    }
    for (int a = 0; a < data.numAttributes(); a++) {
      Attribute attribute = data.attribute(a);
      if (a == data.classIndex() || !attribute.isNominal()
          || attribute.numValues() < IDENTIFIER_LEAST) {
        continue;
      }
      AttributeStats stats = data.attributeStats(a);
      int present = stats.totalCount - stats.missingCount;
      if (stats.distinctCount >= IDENTIFIER_LEAST
          && stats.distinctCount * 100.0 > IDENTIFIER_PERCENT * present
          && SAID_IDENTIFIERS.add(data.relationName() + "\u0000" + attribute.name())) {
        System.err.println("RankingReduction: attribute '" + attribute.name() + "' has a "
            + "value of its own in almost every instance (" + stats.distinctCount
            + " values in " + present + "): an identifier, used as a feature as WEKA "
            + "uses it; remove it first, e.g. with weka.filters.unsupervised.attribute."
            + "Remove -R " + (a + 1) + " (RemoveUseless removes every such attribute)");
      }
    }
  }

  /**
   * What makes data whose nominal class has more than two values a binary
   * task: one value, the class that ranks first, against the rest, by WEKA's
   * MakeIndicator filter on the class.
   *
   * @param data data whose class has more than two values
   * @return the hint, one sentence
   */
  private static String binaryTaskHint(Instances data) {
    Attribute klass = data.classAttribute();
    List<String> values = new ArrayList<>();
    for (int v = 0; v < klass.numValues(); v++) {
      values.add(klass.value(v));
    }
    String column = data.classIndex() == data.numAttributes() - 1
        ? "last" : String.valueOf(data.classIndex() + 1);
    return "The class '" + klass.name() + "' has " + klass.numValues() + " values ("
        + String.join(", ", values) + "): name the positive one, the value that "
        + "ranks first against the rest, with weka.filters.unsupervised.attribute."
        + "MakeIndicator -C " + column + " -V <index> -N (<index>: the value's place "
        + "in the list above, from 1; weka-ranking's cv FILE --positive VALUE prints "
        + "the whole command)";
  }

  // -- training -------------------------------------------------------------
  /**
   * Builds the committee (or, pointwise, the base learner).
   *
   * @param data the training data
   * @throws Exception if the classifier could not be built
   */
  @Override
  public void buildClassifier(Instances data) throws Exception {
    buildClassifier(prepareTraining(data));
  }

  /**
   * Prepares training on the data, refusing what cannot be trained before
   * any work: data the capabilities refuse, options that contradict each
   * other ({@link #checkOptions}), data with no pair of different classes (or
   * grades). The pair training the members draw from is made here, once:
   * {@link #trainingFootprint(PreparedTraining)} says what training will
   * cost, and {@link #buildClassifier(PreparedTraining)} trains on the same.
   *
   * @param data the training data
   * @return the prepared training
   * @throws Exception if the data or the options cannot be trained
   */
  public PreparedTraining prepareTraining(Instances data) throws Exception {
    testCapabilities(data);
    checkOptions();
    data = withClass(data);
    sayIdentifiers(data);
    RankingTask task = RankingTask.of(data, m_RankFirst, m_GroupAttribute);
    PairTraining pairs = null;
    if (!pointwise()) {
      pairs = new PairTraining(data, task, pairsPerInstanceFor(data.numInstances()),
          m_OneOrder, m_PairFeatures, m_PairOrder);
      pairs.setSumsInPairOrder(m_SumOrder == SUM_ORDER_PAIRS);
      if (!pairs.hasPairs()) {
        throw OptionException.ofData(task.grouped()
            ? "no group of the training data holds two different grades: no pair can "
                + "be formed (" + data.numInstances() + " instances)"
            : "the training data holds one class only (" + data.numInstances()
                + " instances): no pair of different classes can be formed");
      }
    }
    return new PreparedTraining(this, Utils.joinOptions(getOptions()), data, task, pairs);
  }

  /**
   * Builds the committee (or, pointwise, the base learner) on a training
   * this meta-classifier prepared with its current options.
   *
   * @param training the training, from {@link #prepareTraining}
   * @throws Exception if the classifier could not be built
   */
  public void buildClassifier(PreparedTraining training) throws Exception {
    if (!training.preparedBy(this, Utils.joinOptions(getOptions()))) {
      throw new IllegalStateException("the training was prepared by another "
          + "RankingReduction or with other options: prepare it again");
    }
    long[] footprint = trainingFootprint(training);
    if (training.pairs() != null && !training.heapChecked()) {
      // WEKA's own check, before any member or pair exists and before this
      // model changes; the Python face checked already, in its words.
      HeapCheck.refuseWhatWillNotFit(footprint, training.data().numInstances(),
          training.pairs().pairHeader().numAttributes() - 1, m_NumIterations);
    }
    m_Model = null;
    m_Classifiers = null;
    m_Training = training.pairs();
    try {
      m_Model = RankingModel.train(training, settings(), m_NumIterations, m_ReferenceSize,
          footprint, m_Debug, m_MemberListener, this::getTrainingSet);
    } finally {
      m_Training = null;
    }
    m_Classifiers = m_Model.members();
  }

  /**
   * Member i's pair instances, where WEKA's own learner trains on them: its
   * own sample, from {@code new Random(seed + i)}.
   *
   * @param iteration the member's number, from 0
   * @return its pair instances
   * @throws Exception never: the pairs are views of the training rows
   */
  @Override
  protected Instances getTrainingSet(int iteration) throws Exception {
    return m_Training.pairs(new Random(m_Seed + iteration));
  }

  private static Instances withClass(Instances data) {
    data = new Instances(data);
    data.deleteWithMissingClass();
    return data;
  }

  /**
   * What training this data costs, asked before it; changes nothing: how
   * many pair instances each member is trained on (0 pointwise), the
   * members trained at the same time, the heap bytes a pair adds to a member
   * as it will be trained and the member's fixed bytes beside its pairs, the
   * heap bytes one member needs (the fixed bytes and its pairs'), and 1 when
   * it is trained from the rows, else 0. From the rows
   * ({@link ProductTraining}) a pair costs its share of the pair list (0
   * where training is linear in the rows) and the rows are in the fixed
   * bytes; on the pair instances a pair costs the instance.
   *
   * @param data the training data
   * @return {pairs per member, members at once, bytes per pair, bytes per
   *     model, bytes per member, from rows}
   * @throws Exception if the options do not fit the data
   */
  public long[] trainingFootprint(Instances data) throws Exception {
    return trainingFootprint(prepareTraining(data));
  }

  /**
   * What training on a prepared training costs, asked of the pairs that
   * {@link #buildClassifier(PreparedTraining)} will train on; changes nothing.
   * See {@link #trainingFootprint(Instances)}.
   *
   * @param prepared the training, from {@link #prepareTraining}
   * @return {pairs per member, members at once, bytes per pair, bytes per
   *     model, bytes per member, from rows}
   */
  public long[] trainingFootprint(PreparedTraining prepared) {
    PairTraining training = prepared.pairs();
    if (training == null) {
      return new long[] {0, 1, 0, 0, 0, 0};
    }
    String learner = m_Classifier.getClass().getName();
    long pairs = training.pairsPerMember();
    long perPair = training.bytesPerPair(learner);
    long perModel = training.bytesPerModel(learner);
    boolean fromRows = ProductTraining.applies(m_Classifier, training);
    if (fromRows) {
      perPair = ProductTraining.bytesPerPair(m_Classifier, training);
      perModel += training.numRows() * training.bytesPerRow();
    }
    long member = perModel + pairs * perPair;
    return new long[] {
      pairs, HeapCheck.membersAtOnce(m_numExecutionSlots, m_NumIterations, member), perPair,
      perModel, member, fromRows ? 1 : 0,
    };
  }

  /**
   * How many pair instances each member would be trained on; changes nothing.
   *
   * @param data the training data
   * @return the pairs per member, 0 pointwise
   * @throws Exception if the options do not fit the data
   */
  public long countPairs(Instances data) throws Exception {
    return trainingFootprint(data)[0];
  }

  // -- ranking and scoring: the trained model's -----------------------------
  /**
   * Whether a batch's tournament counts each pair in both orders (the
   * method's), or for its first element only ({@code -first-element}, the
   * monograph study's, and what model files of 0.8.0 and before hold).
   *
   * @return true for both orders
   */
  public boolean countsBothOrders() {
    return m_BothOrders;
  }

  /** The options as the trained model reads them, each call anew. */
  private RankingModel.Settings settings() {
    return new RankingModel.Settings(() -> Utils.joinOptions(getOptions()), m_Classifier,
        m_Ranker, m_Ties, m_Seed, m_numExecutionSlots, m_AdditiveTournament,
        m_ShareThreshold, m_Positions, m_SmoSolver,
        TAGS_SMO_SOLVER[m_SmoSolver].getIDStr(), m_PairOrder, m_BothOrders);
  }

  private RankingModel model() {
    if (m_Model == null) {
      throw new IllegalStateException("RankingReduction is not trained yet");
    }
    return m_Model;
  }

  /**
   * Ranks the batch as a whole (within each group, with -G).
   *
   * @param data the instances to rank, with the training data's header
   * @return scores in [0, 1], the higher first, and the comparator answers taken
   * @throws Exception if the data cannot be ranked
   */
  public Rankers.Ranking rank(Instances data) throws Exception {
    return model().rank(data, settings());
  }

  /**
   * How many instances of the batch the tree committee's exact tournament
   * ({@link #rank}) leaves to the members: those with a missing value where
   * a tree splits that the tournament cannot walk by J48's own arithmetic
   * (a REPTree committee's, or a nominal value past a split's branches).
   * Each of their pairs, both ways, is asked of the members one by one, so
   * that a caller can say so before a long ranking; J48's rows with missing
   * values are walked fractionally and not counted.
   *
   * @param data the instances to rank, with the training data's header
   * @return the instances, 0 where none is or where no tree tournament applies
   * @throws Exception if the data do not fit the model
   */
  public int rowsAskedByTournament(Instances data) throws Exception {
    return model().rowsAskedByTournament(data, settings());
  }

  /**
   * Row numbers by decreasing score; equal scores by the -ties rule.
   *
   * @param scores the scores of a batch
   * @return the row numbers, the highest score first
   */
  public int[] order(double[] scores) {
    return RankingModel.order(scores, settings());
  }

  /**
   * Ranks the batch as a whole: each score becomes the probability of the
   * class that ranks first, cut at its training share
   * ({@link RankingModel#shareProbabilities}; -top-half: the score itself);
   * pointwise, the base learner's own distribution.
   *
   * @param batch the instances to rank
   * @return one class distribution per instance
   * @throws Exception if the batch cannot be ranked
   */
  @Override
  public double[][] distributionsForInstances(Instances batch) throws Exception {
    return model().distributions(batch, settings());
  }

  /**
   * Scores one instance by its degree against the reference sample: the
   * share s of its pairs with the kept training instances, both orders of
   * each, that it wins (as first element, or as second where the kept
   * instance does not win), mapped by an increasing
   * piecewise line (0 to 0, 1 to 1) that puts the threshold t at 0.5: that
   * class where s is above t. t is learned at training on the sample itself
   * ({@link #referenceThreshold}): about q, the training share of the class
   * that ranks first, of the sample's own instances, each scored alone as a
   * new instance is, are above it (0.3.0 and earlier cut at 1 - q, which few instances passed:
   * the pair model never saw two instances of one class). A batch is
   * ranked as a whole by {@link #distributionsForInstances} instead; {@link
   * #referenceDistributions} scores a batch as this does each instance.
   *
   * @param instance the instance to score
   * @return its class distribution
   * @throws Exception if it cannot be scored (-reference-size 0, another header)
   */
  @Override
  public double[] distributionForInstance(Instance instance) throws Exception {
    return model().distribution(instance, settings());
  }

  /**
   * Each instance's {@link #distributionForInstance}, the batch scored at
   * once: an instance's distribution depends on it and the model only, not
   * on the rest of the batch (pointwise: the base learner's own).
   *
   * @param batch the instances to score
   * @return one class distribution per instance
   * @throws Exception if they cannot be scored (-reference-size 0, another header)
   */
  public double[][] referenceDistributions(Instances batch) throws Exception {
    Instance[] instances = new Instance[batch.numInstances()];
    for (int i = 0; i < instances.length; i++) {
      instances[i] = batch.instance(i);
    }
    return model().againstReference(instances, settings());
  }

  /**
   * The degree against the reference sample above which a single instance is
   * predicted to be of the class that ranks first, learned at training on the
   * sample itself (see {@link RankingModel#referenceThreshold}).
   *
   * @return the threshold, in [0, 1]
   * @throws Exception if the model scores no single instance by its degree
   *     (pointwise, grouped, -reference-size 0), or a member cannot classify a pair
   */
  public double referenceThreshold() throws Exception {
    return model().referenceThreshold(settings());
  }

  // -- the trained model, for the Python bridge -----------------------------
  /**
   * Who to tell when each member has been trained.
   *
   * @param listener the listener, or null for no one
   */
  public void setMemberListener(MemberListener listener) {
    m_MemberListener = listener;
  }

  /**
   * The trained members.
   *
   * @return the members (one pointwise), null before training
   */
  public Classifier[] getMembers() {
    return m_Classifiers;
  }

  /**
   * The trained model: its members, seeds, pair counts and times, headers
   * and pair layout.
   *
   * @return the model, null before training
   */
  public RankingModel getModel() {
    return m_Model;
  }

  /**
   * The empty dataset of the pair instances the members were trained on.
   *
   * @return the pair header, null pointwise or before training
   */
  public Instances getPairHeader() {
    return m_Model == null ? null : m_Model.pairHeader();
  }

  /**
   * The training data's empty header.
   *
   * @return the header, null before training
   */
  public Instances getTrainingHeader() {
    return m_Model == null ? null : m_Model.trainingHeader();
  }

  /**
   * The trained model of its first k members: the same as training with -I k.
   *
   * @param k the number of voters
   * @return a trained copy with k members
   * @throws Exception if k is not between 1 and the committee's size
   */
  public RankingReduction subCommittee(int k) throws Exception {
    if (k < 1 || k > model().members().length) {
      throw new OptionException("-I", "" + k, "must be in 1.." + m_Classifiers.length
          + " for a sub-committee of this model");
    }
    RankingReduction smaller = (RankingReduction) AbstractClassifier.makeCopy(this);
    smaller.m_NumIterations = k;
    smaller.m_Model = m_Model.firstMembers(k);
    smaller.m_Classifiers = smaller.m_Model.members();
    return smaller;
  }

  /**
   * Describes the trained model: options, the class that ranks first, the ranker
   * and each member.
   *
   * @return a description of the model
   */
  @Override
  public String toString() {
    return m_Model == null ? "RankingReduction: not trained yet"
        : m_Model.text(settings());
  }

  /**
   * The exact fast paths this trained model does not take because of its pair
   * features or pair order, each with the reason (see {@link RankingModel#declined}).
   *
   * @return one line a declined path; empty when none is or before training
   */
  public String[] declined() {
    return m_Model == null ? new String[0] : m_Model.declined(settings());
  }

  /**
   * Reads a model file: this class's fields by name, so that a file written
   * before 0.2.0, when the trained model's fields were this class's own,
   * loads as the same model (see {@link RankingModel#fromFields}). A field
   * the file does not hold is left as Java's default, as Java's own reading
   * leaves it.
   *
   * @param in the stream
   * @throws IOException if the stream cannot be read
   * @throws ClassNotFoundException if a class of the model is missing
   */
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    ObjectInputStream.GetField fields = in.readFields();
    m_PairsPerInstance = fields.get("m_PairsPerInstance", 0);
    m_PairsPerInstanceText = (String) fields.get("m_PairsPerInstanceText", null);
    m_Ranker = fields.get("m_Ranker", 0);
    m_Ties = fields.get("m_Ties", 0);
    m_RankFirst = (String) fields.get("m_RankFirst", null);
    m_GroupAttribute = (String) fields.get("m_GroupAttribute", null);
    m_ReferenceSize = fields.get("m_ReferenceSize", 0);
    m_OneOrder = fields.get("m_OneOrder", false);
    m_Positions = fields.get("m_Positions", false);
    m_BothOrders = fields.get("m_BothOrders", false); // files of 0.8.0 and before: first element
    m_AdditiveTournament = fields.get("m_AdditiveTournament", false);
    m_ShareThreshold = fields.get("m_ShareThreshold", false);
    m_SumOrder = fields.get("m_SumOrder", 0);
    m_PairFeatures = fields.get("m_PairFeatures", 0);
    m_PairOrder = fields.get("m_PairOrder", 0);
    m_SmoSolver = fields.get("m_SmoSolver", 0);
    m_Model = (RankingModel) fields.get("m_Model", null);
    if (m_Model == null) {
      m_Model = RankingModel.fromFields(fields, m_Classifiers);
    }
  }

  /**
   * Returns the revision string.
   *
   * @return the revision
   */
  @Override
  public String getRevision() {
    return RevisionUtils.extract("$Revision: 1 $");
  }

  /**
   * Runs the classifier from the command line as WEKA's
   * {@code runClassifier} does, but says a refused option or data set in one
   * line on standard error where WEKA prints the exception's stack trace
   * (WEKA's help, asked for or after a usage mistake, is printed whole).
   *
   * @param argv the options
   */
  public static void main(String[] argv) {
    try {
      System.out.println(weka.classifiers.Evaluation.evaluateModel(new RankingReduction(),
          argv));
    } catch (Exception e) {
      String message = e.getMessage();
      if (message != null && message.contains("General options")) {
        System.err.println(message);
      } else {
        System.err.println("weka.classifiers.meta.RankingReduction: "
            + (message == null ? e.toString() : message.trim()));
      }
    }
  }
}

