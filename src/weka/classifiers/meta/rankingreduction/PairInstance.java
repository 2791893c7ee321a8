/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import weka.core.AbstractInstance;
import weka.core.DenseInstance;
import weka.core.Instance;

/**
 * The pair instance of rows a and b with its label (A(a) || A(b), or another
 * {@link PairFeatures} layout), read from the base rows instead of copied: about 50 bytes a pair whatever the number of attributes,
 * where a DenseInstance costs 16 bytes an attribute. A learner that changes a
 * value (a filter, say) gets a private dense copy of the values first, so the
 * shared rows are never written.
 */
public final class PairInstance extends AbstractInstance {

  private static final long serialVersionUID = 7301982766420153411L;

  private final double[][] m_Rows;
  private final PairFeatures m_Layout;
  private int m_First;
  private int m_Second;
  private double m_Label;

  /**
   * The pair A(a) || A(b): the two rows side by side.
   *
   * @param rows the base rows' non-class values, one array a row
   * @param first row of the first element
   * @param second row of the second element
   * @param label the pair's class index (NaN when unknown)
   * @param weight the pair's weight
   */
  public PairInstance(double[][] rows, int first, int second, double label, double weight) {
    this(rows, PairFeatures.concat(rows.length == 0 ? 0 : rows[0].length), first, second,
        label, weight);
  }

  /**
   * @param rows the base rows' non-class values, one array a row
   * @param layout the pair's features
   * @param first row of the first element
   * @param second row of the second element
   * @param label the pair's class index (NaN when unknown)
   * @param weight the pair's weight
   */
  public PairInstance(double[][] rows, PairFeatures layout, int first, int second,
      double label, double weight) {
    m_Rows = rows;
    m_Layout = layout;
    m_First = first;
    m_Second = second;
    m_Label = label;
    m_Weight = weight;
  }

  /**
   * Points this view at another pair (reused when scoring, never when training).
   *
   * @param first row of the first element
   * @param second row of the second element
   */
  public void setPair(int first, int second) {
    m_First = first;
    m_Second = second;
    m_AttValues = null;
  }

  @Override
  public double value(int attIndex) {
    if (m_AttValues != null) {
      return m_AttValues[attIndex];
    }
    int width = m_Layout.width();
    if (m_Layout.sideBySide() && attIndex < width) { // the common case, without a lookup
      int m = width / 2;
      return attIndex < m ? m_Rows[m_First][attIndex] : m_Rows[m_Second][attIndex - m];
    }
    if (attIndex < width) {
      return m_Layout.value(m_Rows[m_First], m_Rows[m_Second], attIndex);
    }
    if (attIndex == width) {
      return m_Label;
    }
    throw new ArrayIndexOutOfBoundsException(attIndex);
  }

  @Override
  public double valueSparse(int indexOfIndex) {
    return value(indexOfIndex);
  }

  @Override
  public int numAttributes() {
    return m_AttValues != null ? m_AttValues.length : m_Layout.width() + 1;
  }

  @Override
  public int numValues() {
    return numAttributes();
  }

  @Override
  public int index(int position) {
    return position;
  }

  @Override
  public double[] toDoubleArray() {
    if (m_AttValues != null) {
      return m_AttValues.clone();
    }
    double[] values = new double[m_Layout.width() + 1];
    m_Layout.fill(m_Rows[m_First], m_Rows[m_Second], values);
    values[values.length - 1] = m_Label;
    return values;
  }

  @Override
  public Object copy() {
    PairInstance result = new PairInstance(m_Rows, m_Layout, m_First, m_Second, m_Label,
        m_Weight);
    result.m_AttValues = m_AttValues == null ? null : m_AttValues.clone();
    result.m_Dataset = m_Dataset;
    return result;
  }

  @Override
  public Instance copy(double[] values) {
    DenseInstance result = new DenseInstance(m_Weight, values);
    result.setDataset(m_Dataset);
    return result;
  }

  @Override
  public Instance mergeInstance(Instance inst) {
    return new DenseInstance(this).mergeInstance(inst);
  }

  private void ownValues() {
    if (m_AttValues == null) {
      m_AttValues = toDoubleArray();
    }
  }

  @Override
  public void replaceMissingValues(double[] array) {
    if (array == null || array.length != numAttributes()) {
      throw new IllegalArgumentException("Unequal number of attributes!");
    }
    ownValues();
    for (int i = 0; i < m_AttValues.length; i++) {
      if (isMissing(i)) {
        m_AttValues[i] = array[i];
      }
    }
  }

  @Override
  public void setValue(int attIndex, double value) {
    ownValues();
    m_AttValues[attIndex] = value;
  }

  @Override
  public void setValueSparse(int indexOfIndex, double value) {
    setValue(indexOfIndex, value);
  }

  @Override
  public String toStringNoWeight() {
    return toStringNoWeight(AbstractInstance.s_numericAfterDecimalPoint);
  }

  @Override
  public String toStringNoWeight(int afterDecimalPoint) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < numAttributes(); i++) {
      if (i > 0) {
        text.append(",");
      }
      text.append(toString(i, afterDecimalPoint));
    }
    return text.toString();
  }

  @Override
  protected void forceDeleteAttributeAt(int position) {
    double[] values = toDoubleArray();
    double[] fewer = new double[values.length - 1];
    System.arraycopy(values, 0, fewer, 0, position);
    System.arraycopy(values, position + 1, fewer, position, values.length - position - 1);
    m_AttValues = fewer;
  }

  @Override
  protected void forceInsertAttributeAt(int position) {
    double[] values = toDoubleArray();
    double[] more = new double[values.length + 1];
    System.arraycopy(values, 0, more, 0, position);
    more[position] = weka.core.Utils.missingValue();
    System.arraycopy(values, position, more, position + 1, values.length - position);
    m_AttValues = more;
  }

  @Override
  public String getRevision() {
    return "1";
  }
}
