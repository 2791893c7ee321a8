/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import weka.classifiers.functions.supportVector.PolyKernel;
import weka.core.Instance;
import weka.core.Instances;

/**
 * WEKA's polynomial kernel, K(x, y) = (x.y)^p or (x.y + 1)^p, evaluated on
 * pair instances from their rows' Gram matrices ({@link RowGram}): x.y of
 * two pairs (a, b), (c, d) is G1[a,c] + G2[b,d], so a kernel row costs a
 * look-up an entry instead of a dot product over both rows' attributes, and
 * the cache holds the rows' products instead of the pairs'. SMO takes it for
 * a PolyKernel (a linear machine at exponent 1, as WEKA's own), and its
 * optimiser runs unchanged: the dot products are summed in WEKA's order
 * ({@link RowGram}), and K(x, y) = K(y, x) to the bit, so no cache is needed
 * for the values to be WEKA's, and the model is WEKA's to the bit.
 */
public class PairPolyKernel extends PolyKernel {

  private static final long serialVersionUID = -2702457125164035916L;

  private RowGram m_Gram;

  /**
   * The kernel with a PolyKernel's options.
   *
   * @param kernel the kernel whose exponent, lower-order term and cache size it takes
   * @return the kernel that evaluates them from the rows
   */
  public static PairPolyKernel of(PolyKernel kernel) {
    PairPolyKernel out = new PairPolyKernel();
    out.setExponent(kernel.getExponent());
    out.setUseLowerOrder(kernel.getUseLowerOrder());
    out.setCacheSize(kernel.getCacheSize());
    return out;
  }

  @Override
  public String globalInfo() {
    return "The polynomial kernel, K(x, y) = <x, y>^p or (<x, y>+1)^p, of pair "
        + "instances evaluated from their rows' Gram matrices: <x, y> of two pairs "
        + "(a, b), (c, d) is G1[a,c] + G2[b,d].";
  }

  @Override
  public void buildKernel(Instances data) throws Exception {
    super.buildKernel(data);
    m_Gram = new RowGram(data);
  }

  @Override
  public double eval(int id1, int id2, Instance inst1) throws Exception {
    m_kernelEvals++;
    double result = id1 < 0 ? m_Gram.dot(inst1, id2) : m_Gram.dot(id1, id2);
    if (m_lowerOrder) {
      result += 1.0;
    }
    if (m_exponent != 1.0) {
      result = Math.pow(result, m_exponent);
    }
    return result;
  }

  @Override
  public void clean() {
    super.clean();
    if (m_Gram != null) {
      m_Gram.clean();
    }
  }

  @Override
  public String toString() {
    return "Pair " + super.toString() + " (from the rows)";
  }
}
