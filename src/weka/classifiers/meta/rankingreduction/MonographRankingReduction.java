/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Collections;
import java.util.Enumeration;
import java.util.Vector;
import weka.classifiers.meta.RankingReduction;
import weka.core.Option;
import weka.core.RevisionUtils;

/**
 <!-- globalinfo-start -->
 * RankingReduction with the two options the monograph's reproduction study asks of it, which are no part of the method: training on one order of each pair (-one-order, a hypothesis about how the monograph's numbers were made) and scoring a batch by its rank positions (-positions, the AUC of a ranked list with ties in input order, as the Experimenter then reports it). Everything else is RankingReduction's.
 * <br><br>
 <!-- globalinfo-end -->
 *
 <!-- options-start -->
 <!-- options-end -->
 *
 * <p>{@code RankingReduction} itself still reads both options in a stored
 * option text or model file, so that the study's results keep their
 * meaning; it neither lists nor shows them.
 */
public class MonographRankingReduction extends RankingReduction {

  private static final long serialVersionUID = 5238794471085561218L;

  /**
   * Returns a string describing this classifier.
   *
   * @return a description suitable for displaying in the Explorer
   */
  @Override
  public String globalInfo() {
    return "RankingReduction with the two options the monograph's reproduction study "
        + "asks of it, which are no part of the method: training on one order of each "
        + "pair (-one-order, a hypothesis about how the monograph's numbers were made) "
        + "and scoring a batch by its rank positions (-positions, the AUC of a ranked "
        + "list with ties in input order, as the Experimenter then reports it). "
        + "Everything else is RankingReduction's.";
  }

  /**
   * Returns an enumeration describing the available options.
   *
   * @return RankingReduction's options and the study's two
   */
  @Override
  public Enumeration<Option> listOptions() {
    Vector<Option> options = new Vector<>();
    options.add(new Option("\tTrain on the pairs whose first element ranks higher only "
        + "(one order;\n\tthe learner then sees one class): a hypothesis about the "
        + "monograph,\n\tnot the method.", "one-order", 0, "-one-order"));
    options.add(new Option("\tA batch's scores are its rank positions, 1 - k / (n - 1) "
        + "for the\n\tk-th (0-based), equal scores ordered by -ties: what an AUC of the "
        + "ranked\n\tlist sees, in WEKA's own Evaluation.", "positions", 0, "-positions"));
    options.addAll(Collections.list(super.listOptions()));
    return options.elements();
  }

  /**
   * Gets whether only one order of each pair is trained on.
   *
   * @return true for one order
   */
  public boolean getOneOrder() {
    return m_OneOrder;
  }

  /**
   * Sets whether only one order of each pair is trained on.
   *
   * @param value true for one order
   */
  public void setOneOrder(boolean value) {
    m_OneOrder = value;
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String oneOrderTipText() {
    return "Train on one order of each pair only (first element ranks higher): a "
        + "hypothesis about the monograph's numbers, not the method; off by default.";
  }

  /**
   * Gets whether a batch is scored by rank positions.
   *
   * @return true for positions
   */
  public boolean getPositions() {
    return m_Positions;
  }

  /**
   * Sets whether a batch is scored by rank positions.
   *
   * @param value true for positions
   */
  public void setPositions(boolean value) {
    m_Positions = value;
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String positionsTipText() {
    return "Score a batch by rank positions (equal scores ordered by the ties rule) "
        + "instead of the ranker's scores: WEKA's AUC then sees the ranked list, as "
        + "an AUC computed from the list would; off by default.";
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
}
