/*
 *   This program is free software: you can redistribute it and/or modify
 *   it under the terms of the GNU General Public License as published by
 *   the Free Software Foundation, either version 3 of the License, or
 *   (at your option) any later version.
 *
 *   Copyright (C) 2026 the weka-ranking authors.
 */
package weka.classifiers.meta;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Vector;
import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.classifiers.RandomizableParallelIteratedSingleClassifierEnhancer;
import weka.classifiers.meta.rankingreduction.AdditiveTournament;
import weka.classifiers.meta.rankingreduction.Committee;
import weka.classifiers.meta.rankingreduction.MemberListener;
import weka.classifiers.meta.rankingreduction.PairComparator;
import weka.classifiers.meta.rankingreduction.PairInstance;
import weka.classifiers.meta.rankingreduction.Parallel;
import weka.classifiers.meta.rankingreduction.Pairs;
import weka.classifiers.meta.rankingreduction.Rankers;
import weka.core.Attribute;
import weka.core.Capabilities;
import weka.core.Capabilities.Capability;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Option;
import weka.core.Randomizable;
import weka.core.RevisionUtils;
import weka.core.SingleIndex;
import weka.core.TechnicalInformation;
import weka.core.TechnicalInformation.Field;
import weka.core.TechnicalInformation.Type;
import weka.core.TechnicalInformationHandler;
import weka.core.Utils;
import weka.core.Version;

/**
 <!-- globalinfo-start -->
 * Ranking reduced to binary classification: any classifier turned into a ranker.
 <!-- globalinfo-end -->
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
 * strict majority of its votes.
 *
 * <p>A batch ({@link #distributionsForInstances}, the path WEKA's Evaluation,
 * Explorer and Experimenter take) is ranked as a whole: by degree
 * (tournament), by the monograph's Algorithm 4 as printed, or by randomized
 * QuickSort (Ailon and Mohri 2008); the score s in [0, 1] becomes the
 * probability of the class that ranks first. A single instance
 * ({@link #distributionForInstance}) is scored by its degree against a
 * reference sample of the training data kept with the model.
 */
public class RankingReduction extends RandomizableParallelIteratedSingleClassifierEnhancer
    implements TechnicalInformationHandler {

  private static final long serialVersionUID = -2807386164187457112L;

  /** The rankers, as {@code -R} names them. */
  public static final String[] RANKERS = {
    "tournament", "tournament-as-printed", "quicksort", "pointwise"};

  /** The tie rules, as {@code -T} names them. */
  public static final String[] TIES = {"stable", "random"};

  /** Name of the pair instances' class attribute. */
  public static final String PAIR_CLASS = "first_wins";

  // -- options ------------------------------------------------------------
  protected int m_PairsPerInstance = 0;
  protected String m_Ranker = "tournament";
  protected String m_Ties = "stable";
  protected String m_RankFirst = "first";
  protected String m_GroupAttribute = "";
  protected int m_ReferenceSize = 100;
  protected boolean m_OneOrder = false;
  protected boolean m_Positions = false;

  // -- learned state ------------------------------------------------------
  protected Instances m_Header;
  protected Instances m_PairHeader;
  /** Degrees of a single additive member by sorting (see AdditiveTournament). */
  protected boolean m_AdditiveTournament = true;
  protected int m_RankFirstIndex = -1;
  protected int m_GroupIndex = -1;
  protected boolean m_TrainedPointwise;
  protected int[] m_MemberSeeds;
  protected long[] m_PairCounts;
  protected double[] m_MemberSeconds;
  protected double[][] m_Reference;
  protected String m_WekaVersion;
  protected transient long m_LastComparisons;
  /** Told when each member is trained (not an option; not serialized). */
  protected transient MemberListener m_MemberListener;
  /** The committee, copied once for each scoring thread but the first. */
  protected transient Classifier[][] m_ThreadCopies;

  // -- what getTrainingSet(i) draws from while training ---------------------
  private transient double[][] m_TrainRows;
  private transient double[] m_TrainGrades;
  private transient int[] m_TrainGroups;
  private transient double[] m_TrainWeights;

  public RankingReduction() {
    m_Classifier = new weka.classifiers.trees.J48();
    m_NumIterations = 1;
  }

  @Override
  protected String defaultClassifierString() {
    return "weka.classifiers.trees.J48";
  }

  @Override
  protected int defaultNumberOfIterations() {
    return 1;
  }

  public String globalInfo() {
    return "Ranking reduced to binary classification: a committee of base classifiers "
        + "learns from pairs of instances of different classes which of the two ranks "
        + "first, and a batch of instances is ranked by the committee's tournament "
        + "(degree), by the monograph's Algorithm 4 as printed, or by randomized "
        + "QuickSort. The ranking's score is returned as the probability of the class "
        + "that ranks first, so WEKA's AUC is the AUC of the ranking. Evaluate on whole "
        + "test sets (Evaluation, Explorer and Experimenter pass them whole); a single "
        + "instance is scored against a reference sample of the training data.\n\n"
        + "For more information see:\n\n" + getTechnicalInformation().toString();
  }

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
    TechnicalInformation quicksort = result.add(Type.INPROCEEDINGS);
    quicksort.setValue(Field.AUTHOR, "Nir Ailon and Mehryar Mohri");
    quicksort.setValue(Field.TITLE,
        "An efficient reduction of ranking to classification");
    quicksort.setValue(Field.BOOKTITLE, "Learning Theory (COLT 2008)");
    quicksort.setValue(Field.YEAR, "2008");
    quicksort.setValue(Field.PAGES, "87-98");
    TechnicalInformation monograph = result.add(Type.MISC);
    monograph.setValue(Field.TITLE, "Ranking reduzido a classificacao binaria "
        + "(monograph: sampling, voting and an evaluation on WEKA)");
    monograph.setValue(Field.NOTE, "The source of the -P (pairs per instance) and -I "
        + "(voters) options and of tournament-as-printed");
    return result;
  }

  // -- options ------------------------------------------------------------
  @Override
  public Enumeration<Option> listOptions() {
    Vector<Option> options = new Vector<>();
    options.add(new Option("\tPairs per instance: 'all' (every pair of instances of "
        + "different classes,\n\tboth orders) or p >= 1 drawn per instance.\n"
        + "\t(default all)", "P", 1, "-P <all|p>"));
    options.add(new Option("\tThe ranker: tournament (degree), tournament-as-printed\n"
        + "\t(the monograph's Algorithm 4), quicksort, or pointwise (the base\n"
        + "\tlearner alone).\n\t(default tournament)", "R", 1,
        "-R <tournament|tournament-as-printed|quicksort|pointwise>"));
    options.add(new Option("\tOrder of equal scores in rank(): stable (input order) or "
        + "random (seeded).\n\t(default stable)", "T", 1, "-T <stable|random>"));
    options.add(new Option("\tThe class value that ranks first: first, last, a 1-based "
        + "index or a label.\n\t(default first, the monograph's 1(C(a) < C(b)))",
        "rank-first", 1, "-rank-first <value>"));
    options.add(new Option("\tAttribute that groups instances into queries (first, last "
        + "or 1-based\n\tindex): pairs and rankings stay within a group, the class is "
        + "the\n\trelevance grade (numeric, or nominal in increasing order).\n"
        + "\t(default none)", "G", 1, "-G <index>"));
    options.add(new Option("\tTraining instances kept to score a single instance by its "
        + "degree\n\tagainst them (0: refuse single instances).\n\t(default 100)",
        "reference-size", 1, "-reference-size <n>"));
    options.add(new Option("\tTrain on the pairs whose first element ranks higher only "
        + "(one order;\n\tthe learner then sees one class): a hypothesis about the "
        + "monograph,\n\tnot the method.", "one-order", 0, "-one-order"));
    options.add(new Option("\tA batch's scores are its rank positions, 1 - k / (n - 1) "
        + "for the\n\tk-th (0-based), equal scores ordered by -T: what an AUC of the "
        + "ranked\n\tlist sees, in WEKA's own Evaluation.", "positions", 0, "-positions"));
    for (Option option : Collections.list(super.listOptions())) {
      if (!"batch-size".equals(option.name())) {
        options.add(option);
      }
    }
    return options.elements();
  }

  @Override
  public void setOptions(String[] options) throws Exception {
    String pairs = Utils.getOption('P', options);
    setPairsPerInstance(pairs.isEmpty() ? "all" : pairs);
    String ranker = Utils.getOption('R', options);
    setRanker(ranker.isEmpty() ? "tournament" : ranker);
    String ties = Utils.getOption('T', options);
    setTies(ties.isEmpty() ? "stable" : ties);
    String first = Utils.getOption("rank-first", options);
    setRankFirst(first.isEmpty() ? "first" : first);
    setGroupAttribute(Utils.getOption('G', options));
    String reference = Utils.getOption("reference-size", options);
    setReferenceSize(reference.isEmpty() ? 100 : Integer.parseInt(reference));
    setOneOrder(Utils.getFlag("one-order", options));
    setPositions(Utils.getFlag("positions", options));
    Utils.getOption("batch-size", options); // always the whole batch: see getBatchSize
    super.setOptions(options);
  }

  @Override
  public String[] getOptions() {
    List<String> options = new ArrayList<>();
    options.add("-P");
    options.add(getPairsPerInstance());
    options.add("-R");
    options.add(getRanker());
    options.add("-T");
    options.add(getTies());
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

  public String getPairsPerInstance() {
    return m_PairsPerInstance == 0 ? "all" : "" + m_PairsPerInstance;
  }

  public void setPairsPerInstance(String value) {
    int p;
    try {
      p = "all".equals(value) ? 0 : Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      p = -1;
    }
    if (p < 0 || (p == 0 && !"all".equals(value))) {
      throw new IllegalArgumentException(
          "-P (pairs per instance) must be 'all' or an integer >= 1, got '" + value + "'");
    }
    m_PairsPerInstance = p;
  }

  public String pairsPerInstanceTipText() {
    return "Pairs per instance: 'all' for every pair of instances of different classes "
        + "(in both orders), or p >= 1 drawn per instance without replacement.";
  }

  public String getRanker() {
    return m_Ranker;
  }

  public void setRanker(String value) {
    m_Ranker = oneOf("-R (ranker)", value, RANKERS);
  }

  public String rankerTipText() {
    return "How to order a batch: tournament (the degree of Balcan et al.), "
        + "tournament-as-printed (the monograph's Algorithm 4 with its else branch), "
        + "quicksort (Ailon and Mohri), or pointwise (the base learner alone, trained on "
        + "the instances themselves). The pairwise rankers share one trained committee.";
  }

  public String getTies() {
    return m_Ties;
  }

  public void setTies(String value) {
    m_Ties = oneOf("-T (ties)", value, TIES);
  }

  public String tiesTipText() {
    return "Order of equal scores in an ordered ranking: stable (input order) or random "
        + "(seeded). WEKA's AUC counts ties one half whatever this says.";
  }

  public String getRankFirst() {
    return m_RankFirst;
  }

  public void setRankFirst(String value) {
    if (value == null || value.trim().isEmpty()) {
      throw new IllegalArgumentException("-rank-first needs a class value, 'first' or 'last'");
    }
    m_RankFirst = value.trim();
  }

  public String rankFirstTipText() {
    return "The class value that ranks first: 'first', 'last', a 1-based index or a "
        + "label. The default, the first value, is the monograph's 1(C(a) < C(b)) and "
        + "the Experimenter's default IR class.";
  }

  public String getGroupAttribute() {
    return m_GroupAttribute;
  }

  public void setGroupAttribute(String value) {
    m_GroupAttribute = value == null ? "" : value.trim();
  }

  public String groupAttributeTipText() {
    return "Attribute that groups instances into queries (first, last or a 1-based "
        + "index; empty for none). Pairs and rankings then stay within a group and the "
        + "class is the relevance grade: numeric, or nominal with values in increasing "
        + "order of relevance.";
  }

  public int getReferenceSize() {
    return m_ReferenceSize;
  }

  public void setReferenceSize(int value) {
    if (value < 0) {
      throw new IllegalArgumentException("-reference-size must be >= 0, got " + value);
    }
    m_ReferenceSize = value;
  }

  public String referenceSizeTipText() {
    return "Training instances (drawn with the seed) kept with the model to score a "
        + "single instance by its degree against them; 0 refuses single instances.";
  }

  public boolean getOneOrder() {
    return m_OneOrder;
  }

  public void setOneOrder(boolean value) {
    m_OneOrder = value;
  }

  public String oneOrderTipText() {
    return "Train on one order of each pair only (first element ranks higher): a "
        + "hypothesis about the monograph's numbers, not the method; off by default.";
  }

  public boolean getPositions() {
    return m_Positions;
  }

  public void setPositions(boolean value) {
    m_Positions = value;
  }

  public String positionsTipText() {
    return "Score a batch by rank positions (equal scores ordered by the ties rule) "
        + "instead of the ranker's scores: WEKA's AUC then sees the ranked list, as "
        + "an AUC computed from the list would; off by default.";
  }

  @Override
  public void setNumIterations(int value) {
    if (value < 1) {
      throw new IllegalArgumentException("-I (voters) must be >= 1, got " + value);
    }
    super.setNumIterations(value);
  }

  @Override
  public String numIterationsTipText() {
    return "Voters: committee members, each trained on its own pair sample.";
  }

  /** The whole batch, always: a test set ranked in chunks is another ranking. */
  @Override
  public String getBatchSize() {
    return "" + Integer.MAX_VALUE;
  }

  @Override
  public void setBatchSize(String size) {
    // fixed: see getBatchSize
  }

  @Override
  public String batchSizeTipText() {
    return "Fixed to the whole test set: a ranking is of a whole set, so WEKA's batch "
        + "prediction always hands this classifier everything at once.";
  }

  @Override
  public boolean implementsMoreEfficientBatchPrediction() {
    return true;
  }

  private static String oneOf(String option, String value, String[] allowed) {
    for (String a : allowed) {
      if (a.equals(value)) {
        return a;
      }
    }
    throw new IllegalArgumentException(option + " must be one of "
        + String.join(", ", allowed) + ", got '" + value + "'");
  }

  private boolean pointwise() {
    return "pointwise".equals(m_Ranker);
  }

  // -- capabilities ---------------------------------------------------------
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

  // -- training -------------------------------------------------------------
  @Override
  public void buildClassifier(Instances data) throws Exception {
    getCapabilities().testWithFail(data);
    data = new Instances(data);
    data.deleteWithMissingClass();
    m_RankFirstIndex = resolveRankFirst(data);
    m_GroupIndex = resolveGroup(data);
    m_Header = new Instances(data, 0);
    m_TrainedPointwise = pointwise();
    m_WekaVersion = Version.VERSION;
    if (m_TrainedPointwise) {
      if (m_PairsPerInstance != 0 || m_NumIterations != 1) {
        throw new IllegalArgumentException("-P and -I apply to the pairwise rankers; "
            + "-R pointwise is the base learner alone (use -P all -I 1)");
      }
      m_Classifiers = AbstractClassifier.makeCopies(m_Classifier, 1);
      m_MemberSeeds = new int[] {m_Seed};
      m_PairCounts = new long[] {0};
      m_MemberSeconds = new double[1];
      long started = System.nanoTime();
      if (m_Classifiers[0] instanceof Randomizable) {
        ((Randomizable) m_Classifiers[0]).setSeed(m_Seed);
      }
      m_Classifiers[0].buildClassifier(data);
      m_MemberSeconds[0] = (System.nanoTime() - started) / 1e9;
      m_Reference = null;
      return;
    }
    if (m_PairsPerInstance == 0 && m_NumIterations > 1
        && !(m_Classifier instanceof Randomizable)) {
      throw new IllegalArgumentException("-I " + m_NumIterations + " with -P all would "
          + "train " + m_NumIterations + " identical " + m_Classifier.getClass().getSimpleName()
          + " members (the learner is not randomizable): use -I 1, or sample pairs (-P p)");
    }
    m_TrainRows = rows(data);
    m_TrainGrades = grades(data);
    m_TrainGroups = groups(data);
    m_TrainWeights = new double[data.numInstances()];
    for (int i = 0; i < m_TrainWeights.length; i++) {
      m_TrainWeights[i] = data.instance(i).weight();
    }
    if (Pairs.count(m_TrainGrades, m_TrainGroups, 0, false) == 0) {
      throw new IllegalArgumentException("the training data has no two instances of "
          + "different classes" + (m_GroupIndex >= 0 ? " within a group" : "")
          + ": no pair can be formed (" + data.numInstances() + " instances)");
    }
    m_PairHeader = pairHeader(data);
    m_Classifiers = AbstractClassifier.makeCopies(m_Classifier, m_NumIterations);
    m_MemberSeeds = new int[m_NumIterations];
    m_PairCounts = new long[m_NumIterations];
    m_MemberSeconds = new double[m_NumIterations];
    for (int i = 0; i < m_NumIterations; i++) {
      m_MemberSeeds[i] = m_Seed + i;
    }
    try {
      Parallel.forEach(m_NumIterations, slots(), i -> {
        long started = System.nanoTime();
        Instances instances = getTrainingSet(i);
        m_PairCounts[i] = instances.numInstances();
        if (m_Classifiers[i] instanceof Randomizable) {
          ((Randomizable) m_Classifiers[i]).setSeed(m_MemberSeeds[i]);
        }
        m_Classifiers[i].buildClassifier(instances);
        m_MemberSeconds[i] = (System.nanoTime() - started) / 1e9;
        MemberListener listener = m_MemberListener;
        if (listener != null) {
          synchronized (listener) {
            listener.trained(i, m_NumIterations, m_PairCounts[i], m_MemberSeconds[i]);
          }
        }
      });
      m_Reference = referenceSample(m_TrainRows);
    } finally {
      m_TrainRows = null;
      m_TrainGrades = null;
      m_TrainGroups = null;
      m_TrainWeights = null;
    }
  }

  /** Member i's pair instances: its own sample, from new Random(seed + i). */
  @Override
  protected Instances getTrainingSet(int iteration) throws Exception {
    Pairs pairs = Pairs.build(m_TrainGrades, m_TrainGroups, m_PairsPerInstance,
        new Random(m_MemberSeeds[iteration]), m_OneOrder);
    return pairInstances(m_TrainRows, pairs, m_TrainWeights);
  }

  /** How many pair instances each member would be trained on, before training. */
  public long countPairs(Instances data) throws Exception {
    data = new Instances(data);
    data.deleteWithMissingClass();
    m_RankFirstIndex = resolveRankFirst(data);
    m_GroupIndex = resolveGroup(data);
    return pointwise() ? 0
        : Pairs.count(grades(data), groups(data), m_PairsPerInstance, m_OneOrder);
  }

  private int slots() {
    return m_numExecutionSlots == 0 ? Runtime.getRuntime().availableProcessors()
        : m_numExecutionSlots;
  }

  private int resolveRankFirst(Instances data) throws Exception {
    Attribute klass = data.classAttribute();
    if (!klass.isNominal()) {
      return -1;
    }
    int index = klass.indexOfValue(m_RankFirst);
    if (index < 0) {
      if ("first".equals(m_RankFirst)) {
        index = 0;
      } else if ("last".equals(m_RankFirst)) {
        index = klass.numValues() - 1;
      } else if (m_RankFirst.matches("[0-9]+")) {
        index = Integer.parseInt(m_RankFirst) - 1;
      }
    }
    if (index < 0 || index >= klass.numValues()) {
      throw new IllegalArgumentException("-rank-first '" + m_RankFirst + "' is not a value "
          + "of the class " + klass.name() + " " + values(klass)
          + ": give a label, a 1-based index, first or last");
    }
    return index;
  }

  private static String values(Attribute nominal) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < nominal.numValues(); i++) {
      out.add(nominal.value(i));
    }
    return "{" + String.join(",", out) + "}";
  }

  private int resolveGroup(Instances data) {
    if (m_GroupAttribute.isEmpty()) {
      if (data.classAttribute().isNumeric() || data.classAttribute().numValues() > 2) {
        throw new IllegalArgumentException("a class with more than two values ranks only "
            + "within groups: name the group attribute with -G");
      }
      return -1;
    }
    SingleIndex index = new SingleIndex(m_GroupAttribute);
    index.setUpper(data.numAttributes() - 1);
    int group = index.getIndex();
    if (group == data.classIndex()) {
      throw new IllegalArgumentException("-G names the class attribute " + m_GroupAttribute);
    }
    return group;
  }

  /** The class that ranks first has grade 1 (binary); otherwise the class value. */
  private double[] grades(Instances data) {
    double[] grades = new double[data.numInstances()];
    for (int i = 0; i < grades.length; i++) {
      double value = data.instance(i).classValue();
      if (m_GroupIndex < 0) {
        grades[i] = value == m_RankFirstIndex ? 1 : 0;
      } else {
        grades[i] = value;
      }
    }
    return grades;
  }

  private int[] groups(Instances data) {
    if (m_GroupIndex < 0) {
      return null;
    }
    Map<Double, Integer> ids = new HashMap<>();
    int[] groups = new int[data.numInstances()];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = ids.computeIfAbsent(data.instance(i).value(m_GroupIndex), k -> ids.size());
    }
    return groups;
  }

  /** The attributes pairs are made of: all but the class and the group. */
  private List<Integer> featureIndices(Instances data) {
    List<Integer> out = new ArrayList<>();
    for (int j = 0; j < data.numAttributes(); j++) {
      if (j != data.classIndex() && j != m_GroupIndex) {
        out.add(j);
      }
    }
    return out;
  }

  private double[][] rows(Instances data) {
    List<Integer> features = featureIndices(data);
    double[][] rows = new double[data.numInstances()][features.size()];
    for (int i = 0; i < rows.length; i++) {
      Instance instance = data.instance(i);
      for (int j = 0; j < features.size(); j++) {
        rows[i][j] = instance.value(features.get(j));
      }
    }
    return rows;
  }

  private Instances pairHeader(Instances data) {
    ArrayList<Attribute> attributes = new ArrayList<>();
    List<Integer> features = featureIndices(data);
    for (String side : new String[] {"first_", "second_"}) {
      for (int j : features) {
        attributes.add(data.attribute(j).copy(side + data.attribute(j).name()));
      }
    }
    List<String> labels = new ArrayList<>();
    labels.add("0");
    labels.add("1");
    attributes.add(new Attribute(PAIR_CLASS, labels));
    Instances header = new Instances(data.relationName() + "-pairs", attributes, 0);
    header.setClassIndex(header.numAttributes() - 1);
    return header;
  }

  private Instances pairInstances(double[][] rows, Pairs pairs, double[] weights) {
    Instances out = new Instances(m_PairHeader, pairs.size());
    for (int k = 0; k < pairs.size(); k++) {
      int a = pairs.left[k];
      int b = pairs.right[k];
      PairInstance pair = new PairInstance(rows, a, b, pairs.label[k], weights[a] * weights[b]);
      out.add(pair); // copies the view, not the values

    }
    return out;
  }

  private double[][] referenceSample(double[][] rows) {
    int size = Math.min(m_ReferenceSize, rows.length);
    Integer[] order = new Integer[rows.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Random random = new Random(m_Seed);
    for (int j = order.length - 1; j > 0; j--) {
      int k = random.nextInt(j + 1);
      Integer swap = order[j];
      order[j] = order[k];
      order[k] = swap;
    }
    double[][] sample = new double[size][];
    for (int i = 0; i < size; i++) {
      sample[i] = rows[order[i]];
    }
    return sample;
  }

  // -- ranking --------------------------------------------------------------
  private void checkTrained(Instances data) throws Exception {
    if (m_Header == null) {
      throw new IllegalStateException("RankingReduction is not trained yet");
    }
    if (!m_Header.equalHeaders(data)) {
      throw new IllegalArgumentException("the data's header differs from the training data's: "
          + m_Header.equalHeadersMsg(data));
    }
    if (pointwise() != m_TrainedPointwise) {
      throw new IllegalStateException("-R " + m_Ranker + " cannot rank with a model trained "
          + (m_TrainedPointwise ? "pointwise" : "on pairs") + ": train it again");
    }
  }

  /**
   * The batch ranked as a whole (within each group, with -G): scores in [0, 1],
   * the higher first, and the comparator answers it took.
   */
  public Rankers.Ranking rank(Instances data) throws Exception {
    checkTrained(data);
    int n = data.numInstances();
    if (m_TrainedPointwise) {
      double[] scores = new double[n];
      for (int i = 0; i < n; i++) {
        double[] distribution = m_Classifiers[0].distributionForInstance(data.instance(i));
        scores[i] = distribution[Math.max(m_RankFirstIndex, 0)];
      }
      return new Rankers.Ranking(scores, 0);
    }
    if (n == 1 && m_Reference != null && m_Reference.length > 0) {
      // Nothing to rank one instance against: scored as a single instance is.
      double score = referenceDegree(data.instance(0));
      return new Rankers.Ranking(new double[] {score}, m_Reference.length);
    }
    double[][] values = rows(data);
    Committee committee = committee(values);
    AdditiveTournament additive = "tournament".equals(m_Ranker) && m_AdditiveTournament
        ? AdditiveTournament.of(m_Classifiers, m_PairHeader, values)
        : null;
    if (m_GroupIndex < 0) {
      return rankRows(identity(n), committee, new Random(m_Seed), additive);
    }
    Map<Double, List<Integer>> byGroup = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      byGroup.computeIfAbsent(data.instance(i).value(m_GroupIndex), k -> new ArrayList<>())
          .add(i);
    }
    double[] scores = new double[n];
    long comparisons = 0;
    Random random = new Random(m_Seed);
    for (List<Integer> members : byGroup.values()) {
      int[] rows = members.stream().mapToInt(Integer::intValue).toArray();
      Rankers.Ranking ranking = rankRows(rows, committee, random, additive);
      for (int j = 0; j < rows.length; j++) {
        scores[rows[j]] = ranking.scores[j];
      }
      comparisons += ranking.comparisons;
    }
    return new Rankers.Ranking(scores, comparisons);
  }

  /** Row numbers by decreasing score; equal scores by the -T rule. */
  public int[] order(double[] scores) {
    return Rankers.order(scores, "random".equals(m_Ties) ? new Random(m_Seed) : null);
  }

  private static int[] identity(int n) {
    int[] rows = new int[n];
    for (int i = 0; i < n; i++) {
      rows[i] = i;
    }
    return rows;
  }

  private Committee committee(double[][] rows) throws Exception {
    int threads = Math.max(1, slots());
    if (m_ThreadCopies == null || m_ThreadCopies.length != threads
        || m_ThreadCopies[0] != m_Classifiers) {
      m_ThreadCopies = Committee.copies(m_Classifiers, threads);
    }
    return new Committee(m_ThreadCopies, m_PairHeader, rows, m_AdditiveTournament);
  }

  private Rankers.Ranking rankRows(int[] rows, Committee committee, Random random,
      AdditiveTournament additive) throws Exception {
    PairComparator within = (left, right, count, out) -> {
      int[] l = new int[count];
      int[] r = new int[count];
      for (int k = 0; k < count; k++) {
        l[k] = rows[left[k]];
        r[k] = rows[right[k]];
      }
      committee.beats(l, r, count, out);
    };
    switch (m_Ranker) {
      case "quicksort":
        return Rankers.quicksort(rows.length, within, random);
      case "tournament-as-printed":
        return Rankers.asPrinted(rows.length, within);
      default:
        return additive != null
            ? additive.tournament(rows, within)
            : Rankers.tournament(rows.length, within);
    }
  }

  @Override
  public double[][] distributionsForInstances(Instances batch) throws Exception {
    Rankers.Ranking ranking = rank(batch);
    m_LastComparisons = ranking.comparisons;
    if (m_Positions) {
      ranking = new Rankers.Ranking(positions(ranking.scores), ranking.comparisons);
    }
    double[][] out = new double[batch.numInstances()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = m_TrainedPointwise && !m_Positions
          ? m_Classifiers[0].distributionForInstance(batch.instance(i))
          : distribution(ranking.scores[i]);
    }
    return out;
  }

  /** 1 - k / (n - 1) for the k-th of {@link #order}: distinct scores, same order. */
  private double[] positions(double[] scores) {
    int[] order = order(scores);
    double[] out = new double[scores.length];
    for (int k = 0; k < order.length; k++) {
      out[order[k]] = 1 - k / (double) Math.max(order.length - 1, 1);
    }
    return out;
  }

  /** Comparator answers of the last batch ranked by distributionsForInstances. */
  public long getLastComparisons() {
    return m_LastComparisons;
  }

  private double[] distribution(double score) {
    Attribute klass = m_Header.classAttribute();
    if (klass.isNumeric()) {
      return new double[] {score};
    }
    double[] out = new double[klass.numValues()];
    if (m_GroupIndex >= 0) {
      // grades: the last value is the most relevant
      out[out.length - 1] = score;
      out[0] += 1 - score;
    } else {
      out[m_RankFirstIndex] = score;
      out[1 - m_RankFirstIndex] = 1 - score;
    }
    return out;
  }

  /**
   * One instance, scored by its degree against the reference sample: the
   * share of the kept training instances it beats. A batch is ranked as a
   * whole by {@link #distributionsForInstances} instead.
   */
  @Override
  public double[] distributionForInstance(Instance instance) throws Exception {
    if (m_Header == null) {
      throw new IllegalStateException("RankingReduction is not trained yet");
    }
    if (m_TrainedPointwise) {
      return m_Classifiers[0].distributionForInstance(instance);
    }
    return distribution(referenceDegree(instance));
  }

  /** The share of the reference sample that the instance beats as first element. */
  private double referenceDegree(Instance instance) throws Exception {
    if (m_Reference == null || m_Reference.length == 0) {
      throw new UnsupportedOperationException("RankingReduction ranks batches "
          + "(distributionsForInstances); with -reference-size 0 it scores no single "
          + "instance");
    }
    Instances one = new Instances(m_Header, 1);
    one.add(instance);
    double[][] rows = new double[m_Reference.length + 1][];
    System.arraycopy(m_Reference, 0, rows, 0, m_Reference.length);
    rows[m_Reference.length] = rows(one)[0];
    int[] left = new int[m_Reference.length];
    int[] right = new int[m_Reference.length];
    for (int k = 0; k < left.length; k++) {
      left[k] = m_Reference.length;
      right[k] = k;
    }
    boolean[] wins = new boolean[left.length];
    committee(rows).beats(left, right, left.length, wins);
    int degree = 0;
    for (boolean w : wins) {
      degree += w ? 1 : 0;
    }
    return degree / (double) m_Reference.length;
  }

  // -- the trained model, for the Python bridge and toString ----------------
  /** Who to tell when each member has been trained; null for no one. */
  public void setMemberListener(MemberListener listener) {
    m_MemberListener = listener;
  }

  public Classifier[] getMembers() {
    return m_Classifiers;
  }

  public int[] getMemberSeeds() {
    return m_MemberSeeds;
  }

  public long[] getPairCounts() {
    return m_PairCounts;
  }

  public double[] getMemberSeconds() {
    return m_MemberSeconds;
  }

  /**
   * Whether additive members (Logistic, NaiveBayes, linear SMO) answer pairs
   * from their two halves' sums instead of an evaluation a pair, and the
   * tournament of a single such member counts degrees by sorting, in
   * O(n log n), instead of asking every pair; the answers and degrees are the
   * same (tests compare them). On by default.
   */
  public boolean getAdditiveTournament() {
    return m_AdditiveTournament;
  }

  public void setAdditiveTournament(boolean value) {
    m_AdditiveTournament = value;
  }

  public Instances getPairHeader() {
    return m_PairHeader;
  }

  public Instances getTrainingHeader() {
    return m_Header;
  }

  public int getRankFirstIndex() {
    return m_RankFirstIndex;
  }

  public String getTrainingWekaVersion() {
    return m_WekaVersion;
  }

  /** The trained model of its first k members: the same as training with -I k. */
  public RankingReduction subCommittee(int k) throws Exception {
    if (m_Header == null) {
      throw new IllegalStateException("RankingReduction is not trained yet");
    }
    if (k < 1 || k > m_Classifiers.length) {
      throw new IllegalArgumentException("voters must be in 1.." + m_Classifiers.length
          + ", got " + k);
    }
    RankingReduction smaller = (RankingReduction) AbstractClassifier.makeCopy(this);
    smaller.m_NumIterations = k;
    smaller.m_Classifiers = java.util.Arrays.copyOf(m_Classifiers, k);
    smaller.m_MemberSeeds = java.util.Arrays.copyOf(m_MemberSeeds, k);
    smaller.m_PairCounts = java.util.Arrays.copyOf(m_PairCounts, k);
    smaller.m_MemberSeconds = java.util.Arrays.copyOf(m_MemberSeconds, k);
    return smaller;
  }

  @Override
  public String toString() {
    if (m_Header == null) {
      return "RankingReduction: not trained yet";
    }
    StringBuilder text = new StringBuilder();
    text.append("RankingReduction\n================\n\n");
    text.append("Options: ").append(Utils.joinOptions(getOptions())).append("\n");
    String klass = m_Header.classAttribute().isNominal() && m_GroupIndex < 0
        ? m_Header.classAttribute().value(m_RankFirstIndex) : "the higher grade";
    text.append("Ranks first: ").append(klass).append("\n");
    if (m_TrainedPointwise) {
      text.append("Ranker: pointwise (the base learner alone)\n\n");
      text.append(m_Classifiers[0].toString());
      return text.toString();
    }
    text.append("Ranker: ").append(m_Ranker).append(", committee of ")
        .append(m_Classifiers.length).append(m_Classifiers.length == 1 ? " member" : " members")
        .append(" voting on pairs (").append(m_PairHeader.numAttributes() - 1)
        .append(" attributes first_*, second_*; class ").append(PAIR_CLASS).append(")\n");
    for (int i = 0; i < m_Classifiers.length; i++) {
      text.append("\n--- member ").append(i + 1).append(": seed ").append(m_MemberSeeds[i])
          .append(", ").append(m_PairCounts[i]).append(" pairs ---\n\n");
      text.append(m_Classifiers[i].toString()).append("\n");
    }
    return text.toString();
  }

  @Override
  public String getRevision() {
    return RevisionUtils.extract("$Revision: 1 $");
  }

  public static void main(String[] argv) {
    runClassifier(new RankingReduction(), argv);
  }
}
