/*
 * A member trained on all pairs both ways, from the rows and on the
 * materialised pair instances: the product's tests compare them, the
 * studies' benchmarks time them.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.harness;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.classifiers.meta.rankingreduction.PairTraining;
import weka.classifiers.meta.rankingreduction.ProductTraining;
import weka.classifiers.meta.rankingreduction.RankingTask;
import weka.core.Instances;

/** One learner trained on all pairs of a binary task from the rows and on the pairs. */
public final class AllPairsTraining {

  /** The two models and what separates them. */
  public static final class Comparison {
    /** Whether the learner was trained from the rows (false: it declined). */
    public final boolean fromRows;
    /** The model trained from the rows, as its toString says it. */
    public final String fromRowsModel;
    /** WEKA's model on the materialised pairs, as its toString says it. */
    public final String onPairsModel;
    /** Pair instances. */
    public final long pairs;
    /** Pairs whose class distributions differ in any bit. */
    public final long differing;
    /** The largest difference of a class probability between the two, over all pairs. */
    public final double largestDifference;
    /** Seconds of training from the rows. */
    public final double fromRowsSeconds;
    /** Seconds of training on the pairs, making them included. */
    public final double onPairsSeconds;

    Comparison(boolean fromRows, String fromRowsModel, String onPairsModel, long pairs,
        long differing, double largestDifference, double fromRowsSeconds,
        double onPairsSeconds) {
      this.fromRows = fromRows;
      this.fromRowsModel = fromRowsModel;
      this.onPairsModel = onPairsModel;
      this.pairs = pairs;
      this.differing = differing;
      this.largestDifference = largestDifference;
      this.fromRowsSeconds = fromRowsSeconds;
      this.onPairsSeconds = onPairsSeconds;
    }
  }

  /** A J48 leaf's printed weights: (weight) or (weight/errors), two decimals. */
  private static final Pattern LEAF_WEIGHTS =
      Pattern.compile("\\((\\d+\\.?\\d*)(?:/(\\d+\\.?\\d*))?\\)");

  private AllPairsTraining() {
  }

  /**
   * Whether two J48 texts are one tree, to the printed rounding of its weights.
   * Where values are missing, C4.5 sends a pair down every branch with a
   * fraction of its weight; WEKA adds the fractions a pair at a time, the rows
   * a side at a time, so a leaf's weight may differ in its last bits and print
   * a hundredth apart when it lies on a half. Everything else (every split,
   * split point and leaf class) must be the same text.
   *
   * @param ours the tree trained from the rows, as J48 prints it
   * @param wekas WEKA's tree on the pairs, as J48 prints it
   * @return whether they are one tree
   */
  public static boolean sameTree(String ours, String wekas) {
    if (!LEAF_WEIGHTS.matcher(ours).replaceAll("()")
        .equals(LEAF_WEIGHTS.matcher(wekas).replaceAll("()"))) {
      return false;
    }
    Matcher a = LEAF_WEIGHTS.matcher(ours);
    Matcher b = LEAF_WEIGHTS.matcher(wekas);
    while (a.find() && b.find()) {
      for (int group = 1; group <= 2; group++) {
        String x = a.group(group);
        String y = b.group(group);
        if ((x == null) != (y == null)) {
          return false;
        }
        if (x != null && Math.abs(Double.parseDouble(x) - Double.parseDouble(y)) > 0.0100001) {
          return false;
        }
      }
    }
    return true;
  }

  private static PairTraining training(Instances data, String rankFirst) {
    data = new Instances(data);
    data.deleteWithMissingClass();
    RankingTask task = RankingTask.of(data, rankFirst, "");
    return new PairTraining(data, task, 0, false);
  }

  /**
   * Trains a copy of the learner both ways on all pairs and compares the
   * models: their text and every pair's class distribution. From the rows,
   * floating-point sums come in WEKA's order over the pairs
   * ({@link PairTraining#setSumsInPairOrder}), so that the models can be the
   * same to the bit.
   *
   * @param learner the learner, its options set (left untrained)
   * @param data a binary task, its class set
   * @param rankFirst the class that ranks first, as -rank-first names it
   * @return the comparison
   * @throws Exception if the learner refuses the data
   */
  public static Comparison compare(Classifier learner, Instances data, String rankFirst)
      throws Exception {
    PairTraining training = training(data, rankFirst);
    training.setSumsInPairOrder(true);
    Classifier fromRows = AbstractClassifier.makeCopy(learner);
    long started = System.nanoTime();
    boolean trained = ProductTraining.train(fromRows, training, 1);
    double fromRowsSeconds = (System.nanoTime() - started) / 1e9;
    Classifier onPairs = AbstractClassifier.makeCopy(learner);
    started = System.nanoTime();
    Instances pairs = training.pairs(new Random(1));
    onPairs.buildClassifier(pairs);
    double onPairsSeconds = (System.nanoTime() - started) / 1e9;
    return comparison(trained, fromRows, onPairs, pairs, fromRowsSeconds, onPairsSeconds);
  }

  /**
   * Two models of one learner on the same pairs compared: their text and
   * every pair's class distribution.
   *
   * @param trained whether the learner was trained from the rows (false: it declined)
   * @param fromRows the model trained from the rows
   * @param onPairs WEKA's model on the pairs
   * @param pairs the pair instances
   * @param fromRowsSeconds seconds of training from the rows
   * @param onPairsSeconds seconds of training on the pairs
   * @return the comparison
   * @throws Exception if a model cannot classify a pair
   */
  static Comparison comparison(boolean trained, Classifier fromRows, Classifier onPairs,
      Instances pairs, double fromRowsSeconds, double onPairsSeconds) throws Exception {
    if (!trained) {
      return new Comparison(false, "", onPairs.toString(), pairs.numInstances(), 0,
          0, fromRowsSeconds, onPairsSeconds);
    }
    long differing = 0;
    double largestDifference = 0;
    for (int i = 0; i < pairs.numInstances(); i++) {
      double[] p = fromRows.distributionForInstance(pairs.instance(i));
      double[] q = onPairs.distributionForInstance(pairs.instance(i));
      boolean differs = false;
      for (int k = 0; k < p.length; k++) {
        differs |= Double.doubleToLongBits(p[k]) != Double.doubleToLongBits(q[k]);
        largestDifference = Math.max(largestDifference, Math.abs(p[k] - q[k]));
      }
      differing += differs ? 1 : 0;
    }
    return new Comparison(true, fromRows.toString(), onPairs.toString(), pairs.numInstances(),
        differing, largestDifference, fromRowsSeconds, onPairsSeconds);
  }

  /**
   * A copy of the learner trained from the rows on all pairs.
   *
   * @param learner the learner, its options set (left untrained)
   * @param data a binary task, its class set
   * @param rankFirst the class that ranks first
   * @param threads the most threads the training may use
   * @return the trained copy, or null when the learner declines
   * @throws Exception if the learner refuses the data
   */
  public static Classifier fromRows(Classifier learner, Instances data, String rankFirst,
      int threads) throws Exception {
    Classifier fromRows = AbstractClassifier.makeCopy(learner);
    return ProductTraining.train(fromRows, training(data, rankFirst), threads) ? fromRows
        : null;
  }

  /**
   * Seconds of training a copy of the learner from the rows on all pairs
   * (the pairs' sides found included).
   *
   * @param learner the learner, its options set (left untrained)
   * @param data a binary task, its class set
   * @param rankFirst the class that ranks first
   * @param threads the most threads the training may use
   * @return the seconds, or -1 when the learner declines
   * @throws Exception if the learner refuses the data
   */
  public static double fromRowsSeconds(Classifier learner, Instances data, String rankFirst,
      int threads) throws Exception {
    long started = System.nanoTime();
    Classifier trained = fromRows(learner, data, rankFirst, threads);
    return trained == null ? -1 : (System.nanoTime() - started) / 1e9;
  }
}
