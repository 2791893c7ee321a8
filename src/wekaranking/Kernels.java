/*
 * JVM side of the weka-ranking bridge: a loop that would cost one bridge
 * crossing per row if written in Python.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking;

import weka.core.DenseInstance;
import weka.core.Instances;

/** Bulk builder of WEKA Instances. */
public final class Kernels {

  private Kernels() {
  }

  /**
   * Rows of a row-major matrix as Instances of the given header.
   *
   * @param header the empty dataset whose attributes the rows follow; the
   *        class is its last attribute
   * @param flat row-major values of the non-class attributes (NaN = missing)
   * @param n number of rows
   * @param classValues one class index per row, or null for missing classes
   */
  public static Instances rows(Instances header, double[] flat, int n, double[] classValues) {
    int m = header.numAttributes() - 1;
    Instances out = new Instances(header, n);
    for (int i = 0; i < n; i++) {
      double[] values = new double[m + 1];
      System.arraycopy(flat, i * m, values, 0, m);
      values[m] = classValues == null ? Double.NaN : classValues[i];
      out.add(new DenseInstance(1.0, values));
    }
    return out;
  }


  /** Every value of every instance, row-major (n x numAttributes), NaN = missing. */
  public static double[] values(Instances data) {
    int m = data.numAttributes();
    double[] out = new double[data.numInstances() * m];
    for (int i = 0; i < data.numInstances(); i++) {
      System.arraycopy(data.instance(i).toDoubleArray(), 0, out, i * m, m);
    }
    return out;
  }

  /** Every instance's weight, in order: one crossing instead of one per row. */
  public static double[] weights(Instances data) {
    double[] out = new double[data.numInstances()];
    for (int i = 0; i < out.length; i++) {
      out[i] = data.instance(i).weight();
    }
    return out;
  }
}
