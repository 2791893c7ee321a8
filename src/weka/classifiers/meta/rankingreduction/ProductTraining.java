/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import weka.classifiers.Classifier;
import weka.classifiers.bayes.NaiveBayes;
import weka.classifiers.functions.Logistic;
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
 * <p>A learner whose objective factorises over any pair list (a pair's
 * linear predictor a sum of one term of each of its rows: {@link Logistic};
 * a class's statistics sums over its pairs' rows: {@link NaiveBayes}), or
 * whose splits test one row's value ({@link J48}, all pairs through
 * {@link ProductJ48}), is trained from the rows on sampled pairs too, from
 * the pairs as row numbers ({@link ListBuilder}).
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

  /**
   * A learner's builder from any pair list, all pairs or a member's sample:
   * the same optimisation problem as on the pair instances, solved from the
   * rows, so that its answer is the learner's to the optimiser's tolerance;
   * it may decline after looking at the pairs, where that answer is not
   * determined by the problem.
   */
  interface ListBuilder {
    /**
     * Whether this member, with its options, on this data, is trained from
     * the rows; asked before training, changes nothing.
     *
     * @param member the untrained member, its options set
     * @param training the training data
     * @return true when {@link #train} will try
     */
    boolean accepts(Classifier member, PairTraining training);

    /**
     * Heap bytes a pair costs on this path, beyond the rows.
     *
     * @param training the training data
     * @return the bytes for each pair
     */
    long bytesPerPair(PairTraining training);

    /**
     * The WEKA internals this builder writes into the member: where this
     * WEKA lacks one, the member trains on the pair instances, and the model
     * says why.
     *
     * @return the path
     */
    WekaInternals.Path internals();

    /**
     * Trains the member from the rows on its pairs, or declines.
     *
     * @param member the untrained member, its options set
     * @param training the training data
     * @param random the member's generator for sampled pairs, or null when
     *     only all pairs may be trained from the rows
     * @param threads the most threads the training may use
     * @return null when the member is trained; else why it declined, and the
     *     member must be trained on the pair instances
     * @throws Exception if the learner refuses the data
     */
    String train(Classifier member, PairTraining training, Random random, int threads)
        throws Exception;
  }

  private static final Map<Class<?>, ListBuilder> LIST_BUILDERS = new LinkedHashMap<>();

  static {
    LIST_BUILDERS.put(NaiveBayes.class, new ProductNaiveBayes());
    LIST_BUILDERS.put(Logistic.class, new ProductLogistic());
    LIST_BUILDERS.put(J48.class, new PairListJ48());
  }

  private ProductTraining() {
  }

  /**
   * Whether a member would be trained from the rows: its exact class has a
   * builder, which accepts its options and the data, and the pair set is a
   * product or the builder trains from any pair list (which may still
   * decline after looking at the pairs: {@link ListBuilder}), and this WEKA
   * has the internals it writes. Changes nothing.
   *
   * @param member the untrained member
   * @param training the training data
   * @return true when {@link #train} trains it without pairs
   */
  public static boolean applies(Classifier member, PairTraining training) {
    ListBuilder list = LIST_BUILDERS.get(member.getClass());
    return list != null && training.rowPathDeclined() == null
        && list.internals().declined() == null && list.accepts(member, training);
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
    return LIST_BUILDERS.get(member.getClass()).bytesPerPair(training);
  }

  /**
   * Trains a member on all pairs from the rows when its learner and the pair
   * set allow it.
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
    return train(member, training, null, threads);
  }

  /**
   * Trains a member from the rows on its pairs (all pairs, or the sample
   * its generator draws) when its learner and the pair set allow it.
   *
   * @param member the untrained member
   * @param training the training data
   * @param random the member's generator, {@code new Random(seed + i)}, or
   *     null when only all pairs may be trained from the rows
   * @param threads the most threads the training may use
   * @return true when the member is trained, false when it must be trained
   *     on the pair instances
   * @throws Exception if the learner refuses the data
   */
  public static boolean train(Classifier member, PairTraining training, Random random,
      int threads) throws Exception {
    return train(member, training, random, threads, reason -> { });
  }

  /**
   * Trains a member from the rows on its pairs as {@link #train(Classifier,
   * PairTraining, Random, int)} does, and says why where a builder that
   * applies declines after looking at the pairs (separable pairs, say), or
   * this WEKA lacks an internal it writes ({@link WekaInternals}).
   *
   * @param member the untrained member
   * @param training the training data
   * @param random the member's generator, {@code new Random(seed + i)}, or
   *     null when only all pairs may be trained from the rows
   * @param threads the most threads the training may use
   * @param declined told why, when the member applies but is declined
   * @return true when the member is trained, false when it must be trained
   *     on the pair instances
   * @throws Exception if the learner refuses the data
   */
  public static boolean train(Classifier member, PairTraining training, Random random,
      int threads, Consumer<String> declined) throws Exception {
    ListBuilder list = LIST_BUILDERS.get(member.getClass());
    String internals = list == null ? null : list.internals().declined();
    if (internals != null && training.rowPathDeclined() == null
        && list.accepts(member, training)) {
      declined.accept(internals);
      return false;
    }
    if (!applies(member, training)) {
      return false;
    }
    String reason = LIST_BUILDERS.get(member.getClass()).train(member, training, random,
        threads);
    if (reason != null) {
      declined.accept(reason);
    }
    return reason == null;
  }
}
