/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Random;
import weka.core.Instances;

/**
 * The training data as the committee's members see it: each member's pair
 * instances, views of the training rows (AUC-Train, with the monograph's
 * sampling), and how many there are before any is made.
 */
public final class PairTraining {

  /** Name of the pair instances' class attribute. */
  public static final String PAIR_CLASS = "first_wins";

  /**
   * Bytes of JVM heap a pair instance costs while a member trains on it: the
   * view itself with its index arrays (about 120 bytes), and, for a learner
   * that copies its training data into dense values (WEKA's filters do), 16
   * bytes an attribute and an object's overhead more.
   */
  private static final long VIEW_BYTES = 120;
  private static final long DENSE_OBJECT_BYTES = 56;

  /** Learners known to train on the pair instances as given, without a dense copy. */
  private static final String[] VIEW_LEARNERS = {
    "weka.classifiers.trees.J48",
    "weka.classifiers.bayes.NaiveBayes",
    "weka.classifiers.trees.REPTree",
    "weka.classifiers.trees.RandomTree",
  };

  private final double[][] m_Rows;
  private final double[] m_Grades;
  private final int[] m_Groups;
  private final double[] m_Weights;
  private final Instances m_PairHeader;
  private final int m_PairsPerInstance;
  private final boolean m_OneOrder;

  /**
   * @param data the training data, without missing classes
   * @param task how the data ranks
   * @param pairsPerInstance pairs drawn per instance, 0 for all
   * @param oneOrder keep only the pairs whose first element has the higher grade
   */
  public PairTraining(Instances data, RankingTask task, int pairsPerInstance,
      boolean oneOrder) {
    m_Rows = task.rows(data);
    m_Grades = task.grades(data);
    m_Groups = task.groups(data);
    m_Weights = new double[data.numInstances()];
    for (int i = 0; i < m_Weights.length; i++) {
      m_Weights[i] = data.instance(i).weight();
    }
    m_PairHeader = task.pairHeader(data, PAIR_CLASS);
    m_PairsPerInstance = pairsPerInstance;
    m_OneOrder = oneOrder;
  }

  /**
   * The training rows' feature values.
   *
   * @return one array a row
   */
  public double[][] rows() {
    return m_Rows;
  }

  /**
   * The empty dataset of the pair instances.
   *
   * @return the pair header
   */
  public Instances pairHeader() {
    return m_PairHeader;
  }

  /**
   * Pair instances a member is trained on (the same number for every member).
   *
   * @return the count
   */
  public long pairsPerMember() {
    return Pairs.count(m_Grades, m_Groups, m_PairsPerInstance, m_OneOrder);
  }

  /**
   * Whether any two instances (of one group) differ in grade.
   *
   * @return true when a pair can be formed
   */
  public boolean hasPairs() {
    return Pairs.count(m_Grades, m_Groups, 0, false) > 0;
  }

  /**
   * One member's pair instances, drawn from its own generator.
   *
   * @param random the member's generator, {@code new Random(seed + i)}
   * @return views of the training rows, weighted by the product of their weights
   */
  public Instances pairs(Random random) {
    Pairs pairs = Pairs.build(m_Grades, m_Groups, m_PairsPerInstance, random, m_OneOrder);
    Instances out = new Instances(m_PairHeader, pairs.size());
    for (int k = 0; k < pairs.size(); k++) {
      int a = pairs.left[k];
      int b = pairs.right[k];
      out.add(new PairInstance(m_Rows, a, b, pairs.label[k], m_Weights[a] * m_Weights[b]));
    }
    return out;
  }

  /**
   * The pair set's two sides when it is a product of the rows: every mixed
   * pair of a binary task in both orders, with unit weights. Then the pairs
   * are, in order, S1 x S0 (label 1) and S0 x S1 (label 0), where S1 holds
   * the rows of the class that ranks first and S0 the others, each in data
   * order; a learner whose statistics factorise over such products can be
   * trained from the rows ({@link ProductTraining}).
   *
   * @return {S1, S0} as row indices, or null for sampled, one-order, grouped
   *     or weighted pairs and for grades
   */
  public int[][] productSides() {
    if (m_PairsPerInstance != 0 || m_OneOrder || m_Groups != null) {
      return null;
    }
    int firsts = 0;
    for (int i = 0; i < m_Grades.length; i++) {
      if (m_Weights[i] != 1 || (m_Grades[i] != 0 && m_Grades[i] != 1)) {
        return null;
      }
      firsts += (int) m_Grades[i];
    }
    int[] s1 = new int[firsts];
    int[] s0 = new int[m_Grades.length - firsts];
    for (int i = 0, one = 0, zero = 0; i < m_Grades.length; i++) {
      if (m_Grades[i] == 1) {
        s1[one++] = i;
      } else {
        s0[zero++] = i;
      }
    }
    return new int[][] {s1, s0};
  }

  /**
   * Bytes of JVM heap that a pair instance needs while its member trains on
   * it, roughly: the view, and a dense copy for a learner not known to train
   * on the views as given.
   *
   * @param learner the base learner's classname
   * @return the estimate for one pair
   */
  public long bytesPerPair(String learner) {
    long bytes = VIEW_BYTES;
    for (String view : VIEW_LEARNERS) {
      if (view.equals(learner)) {
        return bytes;
      }
    }
    return bytes + 16L * (m_PairHeader.numAttributes()) + DENSE_OBJECT_BYTES;
  }
}
