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
 * RankingReduction with the three options the monograph's reproduction study asks of it, which are no part of the method: training on one order of each pair (-one-order, a hypothesis about how the monograph's numbers were made), scoring a batch by its rank positions (-positions, the AUC of a ranked list with ties in input order, as the Experimenter then reports it) and counting a batch's tournament degree as first element only (-first-element, Balcan et al.'s degree as the monograph uses it, and weka-ranking 0.8.0's). Everything else is RankingReduction's.
 * <br><br>
 <!-- globalinfo-end -->
 *
 <!-- options-start -->
 * Valid options are: <p>
 * 
 * <pre> -one-order
 *  Train on the pairs whose first element ranks higher only (one order;
 *  the learner then sees one class): a hypothesis about the monograph,
 *  not the method.</pre>
 * 
 * <pre> -positions
 *  A batch's scores are its rank positions, 1 - k / (n - 1) for the
 *  k-th (0-based), equal scores ordered by -ties: what an AUC of the ranked
 *  list sees, in WEKA's own Evaluation.</pre>
 * 
 * <pre> -first-element
 *  A batch's tournament degree counts the pairs a row wins as first
 *  element only (Balcan et al.'s degree, the monograph's), not both orders
 *  of each pair.</pre>
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
    return "RankingReduction with the three options the monograph's reproduction study "
        + "asks of it, which are no part of the method: training on one order of each "
        + "pair (-one-order, a hypothesis about how the monograph's numbers were made), "
        + "scoring a batch by its rank positions (-positions, the AUC of a ranked "
        + "list with ties in input order, as the Experimenter then reports it) and "
        + "counting a batch's tournament degree as first element only (-first-element, "
        + "Balcan et al.'s degree as the monograph uses it, and weka-ranking 0.8.0's). "
        + "Everything else is RankingReduction's.";
  }

  /**
   * Returns an enumeration describing the available options.
   *
   * @return RankingReduction's options and the study's three
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
    options.add(new Option("\tA batch's tournament degree counts the pairs a row wins "
        + "as first\n\telement only (Balcan et al.'s degree, the monograph's), not both "
        + "orders\n\tof each pair.", "first-element", 0, "-first-element"));
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
   * Gets whether a batch's tournament counts each pair for its first element only.
   *
   * @return true for the first element only
   */
  public boolean getFirstElement() {
    return !m_BothOrders;
  }

  /**
   * Sets whether a batch's tournament counts each pair for its first element only.
   *
   * @param value true for the first element only
   */
  public void setFirstElement(boolean value) {
    m_BothOrders = !value;
  }

  /**
   * Returns the tip text for this property.
   *
   * @return tip text for this property suitable for displaying in the GUI
   */
  public String firstElementTipText() {
    return "Count a batch's tournament degree as the pairs a row wins as first element "
        + "only (Balcan et al.'s degree, as the monograph uses it) instead of both orders "
        + "of each pair; off by default.";
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

