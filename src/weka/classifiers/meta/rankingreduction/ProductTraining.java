/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.LinkedHashMap;
import java.util.Map;

import weka.classifiers.Classifier;

/**
 * Trains a member on all pairs from counts over the rows, without making a
 * pair, when its learner's statistics factorise over the pair set's products
 * ({@link PairTraining#productSides}): the same model, to the bit, that the
 * learner builds on the materialised pairs, in time and memory linear in the
 * rows where the pairs are quadratic.
 *
 * <p>A learner is taken by its exact class (a subclass may train otherwise)
 * and only with the options its builder honours; for anything else the
 * builder declines and the member trains on the pair instances as before.
 */
public final class ProductTraining {

  /** A learner's builder from the product's sides. */
  interface Builder {
    /**
     * Trains the member from the rows, or declines.
     *
     * @param member the untrained member, its options set
     * @param training the training data
     * @param first S1, the rows of the class that ranks first, in data order
     * @param second S0, the other rows, in data order
     * @return false when the member's options or the data are not honoured
     *     this way (nothing is changed then)
     * @throws Exception if the learner refuses the data
     */
    boolean train(Classifier member, PairTraining training, int[] first, int[] second)
        throws Exception;
  }

  private static final Map<Class<?>, Builder> BUILDERS = new LinkedHashMap<>();

  private ProductTraining() {
  }

  /**
   * Trains a member from the rows when its learner and the pair set allow it.
   *
   * @param member the untrained member
   * @param training the training data
   * @return true when the member is trained, false when it must be trained
   *     on the pair instances
   * @throws Exception if the learner refuses the data
   */
  public static boolean train(Classifier member, PairTraining training) throws Exception {
    Builder builder = BUILDERS.get(member.getClass());
    if (builder == null) {
      return false;
    }
    int[][] sides = training.productSides();
    return sides != null && builder.train(member, training, sides[0], sides[1]);
  }
}
