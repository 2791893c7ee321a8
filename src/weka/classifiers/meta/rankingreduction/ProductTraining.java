/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.LinkedHashMap;
import java.util.Map;

import weka.classifiers.Classifier;
import weka.classifiers.bayes.NaiveBayes;
import weka.classifiers.trees.J48;

/**
 * Trains a member on all pairs from counts over the rows, without making a
 * pair, when its learner's statistics factorise over the pair set's products
 * ({@link PairTraining#productSides}): the same model, to the bit, that the
 * learner builds on the materialised pairs, in time and memory linear in the
 * rows where the pairs are quadratic. Floating-point sums over the pairs
 * depend on their order: exact from the rows, or in WEKA's order replayed
 * for the bit ({@link PairTraining#setSumsInPairOrder}).
 *
 * <p>A learner is taken by its exact class (a subclass may train otherwise)
 * and only with the options its builder honours; for anything else the
 * builder declines and the member trains on the pair instances as before.
 */
public final class ProductTraining {

  /** A learner's builder from the product's sides. */
  interface Builder {
    /**
     * Whether this member, with its options, on this data, is trained from
     * the rows; asked before training, changes nothing.
     *
     * @param member the untrained member, its options set
     * @param training the training data, whose pair set is a product
     * @return true when {@link #train} will train it
     */
    boolean accepts(Classifier member, PairTraining training);

    /**
     * Heap bytes a pair costs on this path, beyond the rows (0 when the
     * training is linear in the rows).
     *
     * @param training the training data
     * @return the bytes for each pair
     */
    default long bytesPerPair(PairTraining training) {
      return 0;
    }

    /**
     * Trains the member from the rows, or declines.
     *
     * @param member the untrained member, its options set
     * @param training the training data
     * @param first S1, the rows of the class that ranks first, in data order
     * @param second S0, the other rows, in data order
     * @param threads the most threads the training may use
     * @throws Exception if the learner refuses the data
     */
    void train(Classifier member, PairTraining training, int[] first, int[] second,
        int threads) throws Exception;
  }

  private static final Map<Class<?>, Builder> BUILDERS = new LinkedHashMap<>();

  static {
    BUILDERS.put(J48.class, new ProductJ48());
    BUILDERS.put(NaiveBayes.class, new ProductNaiveBayes());
  }

  private ProductTraining() {
  }

  /**
   * Whether a member would be trained from the rows: its exact class has a
   * builder, which accepts its options and the data, and the pair set is a
   * product. Changes nothing.
   *
   * @param member the untrained member
   * @param training the training data
   * @return true when {@link #train} trains it without pairs
   */
  public static boolean applies(Classifier member, PairTraining training) {
    Builder builder = BUILDERS.get(member.getClass());
    return builder != null && training.productSides() != null
        && builder.accepts(member, training);
  }

  /**
   * Heap bytes a pair costs when the member is trained from the rows (0 when
   * its training is linear in the rows).
   *
   * @param member the untrained member, for which {@link #applies} holds
   * @param training the training data
   * @return the bytes for each pair
   */
  public static long bytesPerPair(Classifier member, PairTraining training) {
    return BUILDERS.get(member.getClass()).bytesPerPair(training);
  }

  /**
   * Trains a member from the rows when its learner and the pair set allow it.
   *
   * @param member the untrained member
   * @param training the training data
   * @param threads the most threads the training may use
   * @return true when the member is trained, false when it must be trained
   *     on the pair instances
   * @throws Exception if the learner refuses the data
   */
  public static boolean train(Classifier member, PairTraining training, int threads)
      throws Exception {
    if (!applies(member, training)) {
      return false;
    }
    int[][] sides = training.productSides();
    BUILDERS.get(member.getClass()).train(member, training, sides[0], sides[1], threads);
    return true;
  }
}
