/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import weka.core.Attribute;
import weka.core.Instances;

/**
 * What a pair instance's attributes are, read from its two rows a and b: the
 * layout every path that builds, views or scores pairs reads.
 *
 * <ul>
 * <li>{@code concat}: A(a) || A(b), the two rows side by side, {@code first_x}
 * then {@code second_x} for every feature (the monograph's AUC-Train).</li>
 * <li>{@code difference}: a numeric feature (a date too) becomes one
 * attribute {@code diff_x} = a - b; a nominal feature keeps both values,
 * {@code first_x} and {@code second_x}, since a nominal value has no
 * difference and an equal/different flag would not say which of the two holds
 * which value (the one thing a ranking needs). A tree then splits on "a's x
 * exceeds b's by t" at one node.</li>
 * <li>{@code both}: concat's attributes, then the differences of the
 * numeric features.</li>
 * </ul>
 *
 * <p>The attributes are laid out as {@code first_} of the features that have
 * one, {@code second_} of the same, then {@code diff_}, each in the features'
 * order, so that concat is exactly A(a) || A(b). A difference is missing where
 * either value is (a - b is NaN, WEKA's missing value), and where both are
 * the same infinity.
 */
public final class PairFeatures implements Serializable {

  private static final long serialVersionUID = 3390128742361130711L;

  /** Pair features: the two rows side by side. */
  public static final int CONCAT = 0;
  /** Pair features: numeric differences, nominal values of both rows. */
  public static final int DIFFERENCE = 1;
  /** Pair features: the two rows side by side and the numeric differences. */
  public static final int BOTH = 2;

  /** The modes' names, by mode, as {@code -pair-features} names them. */
  public static final String[] NAMES = {"concat", "difference", "both"};

  /** An attribute's source: the first row's value. */
  static final byte FIRST = 0;
  /** An attribute's source: the second row's value. */
  static final byte SECOND = 1;
  /** An attribute's source: the first row's value less the second's. */
  static final byte DIFF = 2;

  private static final String[] PREFIX = {"first_", "second_", "diff_"};

  private final int m_Mode;
  /** Per pair attribute (the class aside), where its value comes from. */
  private final byte[] m_Source;
  /** Per pair attribute, the feature (index into a row) it reads. */
  private final int[] m_Feature;

  private PairFeatures(int mode, byte[] source, int[] feature) {
    m_Mode = mode;
    m_Source = source;
    m_Feature = feature;
  }

  /**
   * The layout of pairs of rows whose features are these attributes.
   *
   * @param mode CONCAT, DIFFERENCE or BOTH
   * @param features the features' attributes, in the rows' order
   * @return the layout
   */
  public static PairFeatures of(int mode, List<Attribute> features) {
    boolean[] numeric = new boolean[features.size()];
    for (int j = 0; j < numeric.length; j++) {
      numeric[j] = features.get(j).isNumeric();
    }
    return of(mode, numeric);
  }

  /**
   * The concat layout of rows of m features: A(a) || A(b).
   *
   * @param m the features of a row
   * @return the layout
   */
  public static PairFeatures concat(int m) {
    return of(CONCAT, new boolean[m]);
  }

  private static PairFeatures of(int mode, boolean[] numeric) {
    List<Integer> sides = new ArrayList<>();
    List<Integer> differences = new ArrayList<>();
    for (int j = 0; j < numeric.length; j++) {
      if (mode != DIFFERENCE || !numeric[j]) {
        sides.add(j);
      }
      if (mode != CONCAT && numeric[j]) {
        differences.add(j);
      }
    }
    int width = 2 * sides.size() + differences.size();
    byte[] source = new byte[width];
    int[] feature = new int[width];
    int k = 0;
    for (byte side : new byte[] {FIRST, SECOND}) {
      for (int j : sides) {
        source[k] = side;
        feature[k++] = j;
      }
    }
    for (int j : differences) {
      source[k] = DIFF;
      feature[k++] = j;
    }
    return new PairFeatures(mode, source, feature);
  }

  /**
   * The mode.
   *
   * @return CONCAT, DIFFERENCE or BOTH
   */
  public int mode() {
    return m_Mode;
  }

  /**
   * Whether a pair is the two rows side by side, a's values then b's: the
   * layout that training from the rows and the tree tournament read.
   *
   * @return true for concat
   */
  public boolean sideBySide() {
    return m_Mode == CONCAT;
  }

  /**
   * The pair's attributes, the class aside.
   *
   * @return the count
   */
  public int width() {
    return m_Source.length;
  }

  /**
   * Whether attribute k of the pair is a difference of the two rows' values.
   *
   * @param k the pair attribute
   * @return true for a {@code diff_} attribute
   */
  public boolean isDifference(int k) {
    return m_Source[k] == DIFF;
  }

  /**
   * The feature (index into a row) that attribute k of the pair reads.
   *
   * @param k the pair attribute
   * @return the feature
   */
  public int feature(int k) {
    return m_Feature[k];
  }

  /**
   * Attribute k of the pair (a, b).
   *
   * @param a the first row's values
   * @param b the second row's values
   * @param k the pair attribute, below {@link #width}
   * @return its value (NaN when missing)
   */
  public double value(double[] a, double[] b, int k) {
    int j = m_Feature[k];
    switch (m_Source[k]) {
      case FIRST:
        return a[j];
      case SECOND:
        return b[j];
      default:
        return a[j] - b[j];
    }
  }

  /**
   * The pair (a, b)'s attributes, the class aside.
   *
   * @param a the first row's values
   * @param b the second row's values
   * @param out receives the {@link #width} values
   */
  public void fill(double[] a, double[] b, double[] out) {
    for (int k = 0; k < m_Source.length; k++) {
      out[k] = value(a, b, k);
    }
  }

  /**
   * The empty dataset of the pair instances: the layout's attributes, named
   * {@code first_x}, {@code second_x} (copies of the feature's attribute)
   * and {@code diff_x} (numeric), then the binary class {@code pairClass}.
   *
   * @param features the features' attributes, in the rows' order
   * @param relation the data's relation name
   * @param pairClass the name of the pairs' class attribute
   * @return the pair header
   */
  public Instances header(List<Attribute> features, String relation, String pairClass) {
    ArrayList<Attribute> attributes = new ArrayList<>();
    for (int k = 0; k < m_Source.length; k++) {
      Attribute feature = features.get(m_Feature[k]);
      String name = PREFIX[m_Source[k]] + feature.name();
      attributes.add(m_Source[k] == DIFF ? new Attribute(name) : feature.copy(name));
    }
    List<String> labels = new ArrayList<>();
    labels.add("0");
    labels.add("1");
    attributes.add(new Attribute(pairClass, labels));
    Instances header = new Instances(relation + "-pairs", attributes, 0);
    header.setClassIndex(header.numAttributes() - 1);
    return header;
  }

  /**
   * Which side of the pair a pair attribute's name (or a name a filter made
   * of it, such as NominalToBinary's {@code first_x=v}) belongs to.
   *
   * @param name the attribute's name
   * @return FIRST, SECOND, DIFF, or -1 for none
   */
  static int sourceOf(String name) {
    for (byte source = FIRST; source <= DIFF; source++) {
      if (name.startsWith(PREFIX[source])) {
        return source;
      }
    }
    return -1;
  }
}
