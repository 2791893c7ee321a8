/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import weka.classifiers.functions.supportVector.RBFKernel;
import weka.core.Instance;
import weka.core.Instances;

/**
 * WEKA's RBF kernel, K(x, y) = exp(-g |x - y|^2), evaluated on pair
 * instances from their rows' Gram matrices ({@link RowGram}): as WEKA does,
 * |x - y|^2 = x.x - 2 x.y + y.y, with x.y of two pairs (a, b), (c, d) read as
 * G1[a,c] + G2[b,d] summed in WEKA's order, and WEKA's kernel cache: the
 * same kernel values to the bit, so SMO's optimiser takes WEKA's steps.
 */
public class PairRBFKernel extends RBFKernel {

  private static final long serialVersionUID = 5930617120924856071L;

  private RowGram m_Gram;

  /**
   * The kernel with an RBFKernel's options.
   *
   * @param kernel the kernel whose gamma and cache size it takes
   * @return the kernel that evaluates them from the rows
   */
  public static PairRBFKernel of(RBFKernel kernel) {
    PairRBFKernel out = new PairRBFKernel();
    out.setGamma(kernel.getGamma());
    out.setCacheSize(kernel.getCacheSize());
    return out;
  }

  @Override
  public String globalInfo() {
    return "The RBF kernel, K(x, y) = exp(-g |x - y|^2), of pair instances evaluated "
        + "from their rows' Gram matrices: x.y of two pairs (a, b), (c, d) is "
        + "G1[a,c] + G2[b,d].";
  }

  @Override
  public void buildKernel(Instances data) throws Exception {
    super.buildKernel(data);
    m_Gram = new RowGram(data);
  }

  /**
   * {@inheritDoc} WEKA's formula, its cross product from the rows; WEKA's
   * cache still decides which of K(i, j) and K(j, i) is computed (their
   * sums are added in another order).
   */
  @Override
  protected double evaluate(int id1, int id2, Instance inst1) throws Exception {
    if (id1 == id2) {
      return 1.0;
    }
    double own = id1 < 0 ? dotProd(inst1, inst1) : m_kernelPrecalc[id1];
    double cross = id1 < 0 ? m_Gram.dot(inst1, id2) : m_Gram.dot(id1, id2);
    return Math.exp(-m_gamma * (own - 2 * cross + m_kernelPrecalc[id2]));
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
