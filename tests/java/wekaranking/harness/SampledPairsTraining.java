/*
 * A member trained on its sampled pairs both ways, from the rows and on the
 * materialised pair instances: the sampled paths' tests compare them, the
 * studies' benchmarks time them.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.harness;

import java.util.Random;

import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.classifiers.meta.rankingreduction.PairTraining;
import weka.classifiers.meta.rankingreduction.ProductTraining;
import weka.classifiers.meta.rankingreduction.RankingTask;
import weka.core.Instances;

/** One learner trained on a member's sampled pairs from the rows and on the pairs. */
public final class SampledPairsTraining {

  private SampledPairsTraining() {
  }

  /**
   * Trains a copy of the learner both ways on the pairs that member's
   * generator {@code new Random(seed)} draws, and compares the models: their
   * text and every pair's class distribution.
   *
   * @param learner the learner, its options set (left untrained)
   * @param data a binary task, its class set
   * @param rankFirst the class that ranks first, as -rank-first names it
   * @param perInstance pairs drawn per instance (-P), 0 for all
   * @param seed the member's seed
   * @return the comparison
   * @throws Exception if the learner refuses the data
   */
  public static AllPairsTraining.Comparison compare(Classifier learner, Instances data,
      String rankFirst, int perInstance, long seed) throws Exception {
    return compare(learner, data, rankFirst, perInstance, seed, 1);
  }

  /**
   * As {@link #compare(Classifier, Instances, String, int, long)}, the
   * training from the rows on up to {@code threads} threads.
   *
   * @param learner the learner, its options set (left untrained)
   * @param data a binary task, its class set
   * @param rankFirst the class that ranks first, as -rank-first names it
   * @param perInstance pairs drawn per instance (-P), 0 for all
   * @param seed the member's seed
   * @param threads the most threads the training from the rows may use
   * @return the comparison
   * @throws Exception if the learner refuses the data
   */
  public static AllPairsTraining.Comparison compare(Classifier learner, Instances data,
      String rankFirst, int perInstance, long seed, int threads) throws Exception {
    data = new Instances(data);
    data.deleteWithMissingClass();
    RankingTask task = RankingTask.of(data, rankFirst, "");
    PairTraining training = new PairTraining(data, task, perInstance, false);
    Classifier fromRows = AbstractClassifier.makeCopy(learner);
    long started = System.nanoTime();
    boolean trained = ProductTraining.train(fromRows, training, new Random(seed), threads);
    double fromRowsSeconds = (System.nanoTime() - started) / 1e9;
    Classifier onPairs = AbstractClassifier.makeCopy(learner);
    started = System.nanoTime();
    Instances pairs = training.pairs(new Random(seed));
    onPairs.buildClassifier(pairs);
    double onPairsSeconds = (System.nanoTime() - started) / 1e9;
    return AllPairsTraining.comparison(trained, fromRows, onPairs, pairs, fromRowsSeconds,
        onPairsSeconds);
  }
}
