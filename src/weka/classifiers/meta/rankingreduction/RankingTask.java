/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weka.core.Attribute;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.SingleIndex;

/**
 * What a data set asks to rank: which class value ranks first (a binary
 * class) or which attribute groups the instances into queries (a graded
 * class), and so each instance's grade, group and features.
 *
 * <p>Resolved once from the options and the training header, and kept with
 * the model: the data to rank is read through the same layout.
 */
public final class RankingTask implements Serializable {

  private static final long serialVersionUID = 4120839011387466122L;

  private final int m_RankFirstIndex;
  private final int m_GroupIndex;
  private final int[] m_Features;

  private RankingTask(int rankFirstIndex, int groupIndex, int[] features) {
    m_RankFirstIndex = rankFirstIndex;
    m_GroupIndex = groupIndex;
    m_Features = features;
  }

  /**
   * The task of this data under the options {@code -rank-first} and
   * {@code -G}.
   *
   * @param data the data, its class set
   * @param rankFirst minority, first, last, a 1-based index or a label of the class
   * @param groupAttribute first, last, a 1-based index, or empty for none
   * @return the task
   * @throws OptionException when an option names nothing in this data
   */
  public static RankingTask of(Instances data, String rankFirst, String groupAttribute) {
    int first = data.classAttribute().isNominal()
        ? rankFirstIndex(data, rankFirst) : -1;
    int group = groupIndex(data, groupAttribute);
    List<Integer> features = new ArrayList<>();
    for (int j = 0; j < data.numAttributes(); j++) {
      if (j != data.classIndex() && j != group) {
        features.add(j);
      }
    }
    return new RankingTask(first, group, features.stream().mapToInt(Integer::intValue)
        .toArray());
  }

  private static int rankFirstIndex(Instances data, String rankFirst) {
    Attribute klass = data.classAttribute();
    int index = klass.indexOfValue(rankFirst);
    if (index < 0) {
      if ("minority".equals(rankFirst)) {
        index = minority(data);
      } else if ("first".equals(rankFirst)) {
        index = 0;
      } else if ("last".equals(rankFirst)) {
        index = klass.numValues() - 1;
      } else if (rankFirst.matches("[0-9]+")) {
        index = Integer.parseInt(rankFirst) - 1;
      }
    }
    if (index < 0 || index >= klass.numValues()) {
      throw new OptionException("-rank-first", rankFirst, "is not a value of the class "
          + klass.name() + " " + values(klass) + ": give a label, a 1-based index, "
          + "minority, first or last");
    }
    return index;
  }

  /**
   * The class value of the fewest training instances, the first on a tie: the
   * class that ranks first when nothing is said, as the Python face chooses it.
   */
  private static int minority(Instances data) {
    int[] counts = new int[data.classAttribute().numValues()];
    for (int i = 0; i < data.numInstances(); i++) {
      if (!data.instance(i).classIsMissing()) {
        counts[(int) data.instance(i).classValue()]++;
      }
    }
    int fewest = 0;
    for (int v = 1; v < counts.length; v++) {
      if (counts[v] < counts[fewest]) {
        fewest = v;
      }
    }
    return fewest;
  }

  private static String values(Attribute nominal) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < nominal.numValues(); i++) {
      out.add(nominal.value(i));
    }
    return "{" + String.join(",", out) + "}";
  }

  private static int groupIndex(Instances data, String groupAttribute) {
    if (groupAttribute.isEmpty()) {
      if (data.classAttribute().isNumeric() || data.classAttribute().numValues() > 2) {
        throw new OptionException("-G", groupAttribute, "a class with more than two "
            + "values ranks only within groups: name the group attribute with -G");
      }
      return -1;
    }
    SingleIndex index = new SingleIndex(groupAttribute);
    index.setUpper(data.numAttributes() - 1);
    int group = index.getIndex();
    if (group == data.classIndex()) {
      throw new OptionException("-G", groupAttribute, "names the class attribute");
    }
    checkGrades(data.classAttribute(), groupAttribute);
    checkQueryIds(data, group, groupAttribute);
    return group;
  }

  /**
   * Refuses a class that has no order of grades: within a group a higher
   * class value ranks first, so a nominal class of more than two values must
   * say its order as numbers declared in increasing order ({0,1,2}).
   */
  private static void checkGrades(Attribute klass, String groupAttribute) {
    if (!klass.isNominal() || klass.numValues() <= 2) {
      return;
    }
    double previous = Double.NEGATIVE_INFINITY;
    for (int v = 0; v < klass.numValues(); v++) {
      double grade;
      try {
        grade = Double.parseDouble(klass.value(v));
      } catch (NumberFormatException e) {
        grade = Double.NaN;
      }
      if (!(grade > previous)) {
        throw new OptionException("-G", groupAttribute, "ranks by grades, and the class "
            + klass.name() + " " + values(klass) + " has no order of grades: make its "
            + "values the grades, numbers in increasing order ({0,1,2}: a higher one "
            + "ranks first), or make the class numeric");
      }
      previous = grade;
    }
  }

  /** Refuses a group attribute whose values cannot be query ids: a continuous one. */
  private static void checkQueryIds(Instances data, int group, String groupAttribute) {
    Attribute attribute = data.attribute(group);
    if (attribute.isNominal()) {
      return;
    }
    if (!attribute.isNumeric()) {
      throw new OptionException("-G", groupAttribute, "names " + attribute.name()
          + ", which is neither nominal nor numeric: name the attribute of query ids");
    }
    for (int i = 0; i < data.numInstances(); i++) {
      double id = data.instance(i).value(group);
      if (!Double.isNaN(id) && id != Math.rint(id)) {
        throw new OptionException("-G", groupAttribute, "names " + attribute.name()
            + ", a continuous attribute (" + id + " is no query id): name the "
            + "attribute of query ids, nominal or whole numbers");
      }
    }
  }

  /**
   * The class value that ranks first.
   *
   * @return its index; -1 for a numeric class
   */
  public int rankFirstIndex() {
    return m_RankFirstIndex;
  }

  /**
   * The group attribute.
   *
   * @return its index; -1 for none
   */
  public int groupIndex() {
    return m_GroupIndex;
  }

  /**
   * Whether instances are ranked within groups, by grade.
   *
   * @return true with a group attribute
   */
  public boolean grouped() {
    return m_GroupIndex >= 0;
  }

  /**
   * Each instance's grade: 1 for the class that ranks first, else 0; with
   * groups, the class value itself.
   *
   * @param data the data
   * @return one grade an instance
   */
  public double[] grades(Instances data) {
    double[] grades = new double[data.numInstances()];
    for (int i = 0; i < grades.length; i++) {
      double value = data.instance(i).classValue();
      grades[i] = grouped() ? value : value == m_RankFirstIndex ? 1 : 0;
    }
    return grades;
  }

  /**
   * Each instance's group, numbered from 0 in order of appearance.
   *
   * @param data the data
   * @return one group an instance, or null without groups
   */
  public int[] groups(Instances data) {
    if (!grouped()) {
      return null;
    }
    Map<Double, Integer> ids = new HashMap<>();
    int[] groups = new int[data.numInstances()];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = ids.computeIfAbsent(data.instance(i).value(m_GroupIndex), k -> ids.size());
    }
    return groups;
  }

  /**
   * The values pairs are made of: every attribute but the class and the group.
   *
   * @param data the data
   * @return one array an instance
   */
  public double[][] rows(Instances data) {
    double[][] rows = new double[data.numInstances()][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = row(data.instance(i));
    }
    return rows;
  }

  /**
   * One instance's values that pairs are made of.
   *
   * @param instance the instance
   * @return its feature values
   */
  public double[] row(Instance instance) {
    double[] row = new double[m_Features.length];
    for (int j = 0; j < row.length; j++) {
      row[j] = instance.value(m_Features[j]);
    }
    return row;
  }

  /**
   * The layout of this data's pair instances under a pair-features mode.
   *
   * @param data the training data
   * @param mode {@link PairFeatures#CONCAT}, DIFFERENCE or BOTH
   * @return the layout
   */
  public PairFeatures pairFeatures(Instances data, int mode) {
    return PairFeatures.of(mode, featureAttributes(data));
  }

  /**
   * The empty dataset of pair instances: the layout's attributes and the
   * binary class {@code pairClass}.
   *
   * @param data the training data
   * @param layout the pairs' features
   * @param pairClass the name of the pairs' class attribute
   * @return the pair header
   */
  public Instances pairHeader(Instances data, PairFeatures layout, String pairClass) {
    return layout.header(featureAttributes(data), data.relationName(), pairClass);
  }

  private List<Attribute> featureAttributes(Instances data) {
    List<Attribute> attributes = new ArrayList<>();
    for (int j : m_Features) {
      attributes.add(data.attribute(j));
    }
    return attributes;
  }

  /**
   * The first difference between the training data's features and the
   * data's, in the words a user can act on ("attribute 3 is 'x' numeric
   * where the training data has 'x' {a,b}"), or null when they match.
   *
   * @param training the training data's header
   * @param data the data to rank, with its class set
   * @return the difference, or null
   */
  public String headerDifference(Instances training, Instances data) {
    List<Attribute> theirs = new ArrayList<>();
    for (int j = 0; j < data.numAttributes(); j++) {
      if (j != data.classIndex() && j != m_GroupIndex) {
        theirs.add(data.attribute(j));
      }
    }
    if (theirs.size() != m_Features.length) {
      return theirs.size() + " attributes where the training data has " + m_Features.length;
    }
    for (int i = 0; i < m_Features.length; i++) {
      Attribute mine = training.attribute(m_Features[i]);
      if (!describe(mine).equals(describe(theirs.get(i)))) {
        return "attribute " + (i + 1) + " is " + describe(theirs.get(i))
            + " where the training data has " + describe(mine);
      }
    }
    if (!describe(training.classAttribute()).equals(describe(data.classAttribute()))) {
      return "the class is " + describe(data.classAttribute())
          + " where the training data has " + describe(training.classAttribute());
    }
    return null;
  }

  private static String describe(Attribute attribute) {
    String kind = attribute.isNominal() ? values(attribute)
        : Attribute.typeToString(attribute);
    return "'" + attribute.name() + "' " + kind;
  }

  /**
   * The class probabilities of a ranking score in [0, 1] under this task.
   *
   * @param klass the class attribute
   * @param score the probability of the class that ranks first (the last grade)
   * @return the class distribution
   */
  public double[] distribution(Attribute klass, double score) {
    if (klass.isNumeric()) {
      return new double[] {score};
    }
    double[] out = new double[klass.numValues()];
    if (grouped()) {
      // grades: the last value is the most relevant
      out[out.length - 1] = score;
      out[0] += 1 - score;
    } else {
      out[m_RankFirstIndex] = score;
      out[1 - m_RankFirstIndex] = 1 - score;
    }
    return out;
  }
}
