/*
 * Logistic trained on a training fold's pairs from the rows and on the
 * materialised pair instances, and the test fold ranked by each, for the
 * tests and the benchmarks.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.harness;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.Random;

import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.classifiers.functions.Logistic;
import weka.classifiers.meta.rankingreduction.Committee;
import weka.classifiers.meta.rankingreduction.PairFeatures;
import weka.classifiers.meta.rankingreduction.PairInstance;
import weka.classifiers.meta.rankingreduction.PairTraining;
import weka.classifiers.meta.rankingreduction.ProductTraining;
import weka.classifiers.meta.rankingreduction.Rankers;
import weka.classifiers.meta.rankingreduction.RankingTask;
import weka.core.Instances;
import weka.core.Utils;

/** One Logistic member trained both ways on a fold, its models and rankings side by side. */
public final class LogisticBothWays {

  /** The two models, their rankings of the test rows and their costs. */
  public static final class Comparison {
    /** Whether the member was trained from the rows (false: it declined). */
    public final boolean fromRows;
    /** Pair instances the member is trained on. */
    public final long pairs;
    /** Coefficients from the rows, intercept first (empty when declined). */
    public final double[] fromRowsCoefficients;
    /** WEKA's coefficients on the pairs, intercept first. */
    public final double[] onPairsCoefficients;
    /** Log-likelihood from the rows (NaN when declined). */
    public final double fromRowsLogLikelihood;
    /** WEKA's log-likelihood on the pairs. */
    public final double onPairsLogLikelihood;
    /** Tournament scores of the test rows by the model from the rows (empty when declined). */
    public final double[] fromRowsScores;
    /** Tournament scores of the test rows by WEKA's model. */
    public final double[] onPairsScores;
    /**
     * Ordered pairs of test rows of different values on which the two models
     * vote differently (-1 when declined). Pairs of identical rows are left
     * out: on all pairs both ways the optimum's vote there is the sign of c +
     * s_a + t_a, which is 0 in exact arithmetic (the pair set is symmetric, so
     * c = 0 and the halves are opposite), and either model's vote is rounding.
     */
    public final long differingVotes;
    /**
     * The largest difference of the two models' probabilities over the
     * ordered pairs of test rows (NaN when declined): their answers, which
     * stay determined where coefficients are not (a nominal attribute's
     * indicators sum to the intercept's 1; a value seen in one class only
     * lets its coefficient drift towards infinity, held by the ridge alone).
     */
    public final double probabilityError;
    /** Whether WEKA's model puts every training pair on its label's side (separable pairs). */
    public final boolean onPairsSeparates;
    /** Seconds of training from the rows. */
    public final double fromRowsSeconds;
    /** Seconds of training on the pairs, making them included. */
    public final double onPairsSeconds;

    Comparison(boolean fromRows, long pairs, double[][] coefficients, double[] logLikelihoods,
        double[][] scores, long differingVotes, double probabilityError, boolean onPairsSeparates,
        double[] seconds) {
      this.fromRows = fromRows;
      this.pairs = pairs;
      this.fromRowsCoefficients = coefficients[0];
      this.onPairsCoefficients = coefficients[1];
      this.fromRowsLogLikelihood = logLikelihoods[0];
      this.onPairsLogLikelihood = logLikelihoods[1];
      this.fromRowsScores = scores[0];
      this.onPairsScores = scores[1];
      this.differingVotes = differingVotes;
      this.probabilityError = probabilityError;
      this.onPairsSeparates = onPairsSeparates;
      this.fromRowsSeconds = seconds[0];
      this.onPairsSeconds = seconds[1];
    }
  }

  private LogisticBothWays() {
  }

  /**
   * Trains a copy of the learner on the training rows' pairs both ways (the
   * member of seed {@code seed}: its pairs are those {@code new Random(seed)}
   * draws) and ranks the test rows by each with the tournament.
   *
   * @param learner a Logistic, its options set (left untrained)
   * @param train the training rows, their class set
   * @param test the rows to rank, of the same header
   * @param rankFirst the class that ranks first, as -rank-first names it
   * @param pairsPerInstance pairs drawn per instance, 0 for all
   * @param seed the member's seed
   * @param threads the most threads the training from the rows may use
   * @return the comparison
   * @throws Exception if WEKA refuses the data
   */
  public static Comparison compare(Classifier learner, Instances train, Instances test,
      String rankFirst, int pairsPerInstance, int seed, int threads) throws Exception {
    train = labelled(train);
    RankingTask task = RankingTask.of(train, rankFirst, "");
    PairTraining training = new PairTraining(train, task, pairsPerInstance, false);
    Classifier fromRows = AbstractClassifier.makeCopy(learner);
    double fromRowsSeconds = trainFromRows(fromRows, training, seed, threads);
    boolean trained = fromRowsSeconds >= 0;
    Classifier onPairs = AbstractClassifier.makeCopy(learner);
    long started = System.nanoTime();
    Instances pairs = training.pairs(new Random(seed));
    onPairs.buildClassifier(pairs);
    double onPairsSeconds = (System.nanoTime() - started) / 1e9;
    double[][] rows = task.rows(test);
    Instances header = training.pairHeader();
    return new Comparison(trained, pairs.numInstances(),
        new double[][] {trained ? coefficients(fromRows) : new double[0],
            coefficients(onPairs)},
        new double[] {trained ? logLikelihood(fromRows) : Double.NaN, logLikelihood(onPairs)},
        new double[][] {trained ? scores(fromRows, header, rows) : new double[0],
            scores(onPairs, header, rows)},
        trained ? differingVotes(fromRows, onPairs, header, rows) : -1,
        trained ? probabilityError(fromRows, onPairs, header, rows) : Double.NaN,
        separates(onPairs, pairs),
        new double[] {fromRowsSeconds, onPairsSeconds});
  }

  /**
   * Seconds of training a copy of the learner on the training rows' pairs
   * from the rows alone.
   *
   * @param learner a Logistic, its options set (left untrained)
   * @param train the training rows, their class set
   * @param rankFirst the class that ranks first
   * @param pairsPerInstance pairs drawn per instance, 0 for all
   * @param seed the member's seed
   * @param threads the most threads the training may use
   * @return the seconds, or -1 when the row path declines
   * @throws Exception if WEKA refuses the data
   */
  public static double fromRowsSeconds(Classifier learner, Instances train, String rankFirst,
      int pairsPerInstance, int seed, int threads) throws Exception {
    train = labelled(train);
    RankingTask task = RankingTask.of(train, rankFirst, "");
    PairTraining training = new PairTraining(train, task, pairsPerInstance, false);
    return trainFromRows(AbstractClassifier.makeCopy(learner), training, seed, threads);
  }

  /** A copy of the rows without those whose class is missing. */
  private static Instances labelled(Instances train) {
    Instances copy = new Instances(train);
    copy.deleteWithMissingClass();
    return copy;
  }

  /** Trains the member from the rows: the seconds it took, or -1 when the path declines. */
  private static double trainFromRows(Classifier member, PairTraining training, int seed,
      int threads) throws Exception {
    long started = System.nanoTime();
    boolean trained = ProductTraining.train(member, training, new Random(seed), threads);
    return trained ? (System.nanoTime() - started) / 1e9 : -1;
  }

  /** Logistic's coefficients of its one modelled class, intercept first. */
  private static double[] coefficients(Classifier model) {
    double[][] par = ((Logistic) model).coefficients();
    double[] out = new double[par.length];
    for (int j = 0; j < par.length; j++) {
      out[j] = par[j][0];
    }
    return out;
  }

  private static double logLikelihood(Classifier model) throws Exception {
    Field field = Logistic.class.getDeclaredField("m_LL");
    field.setAccessible(true);
    return field.getDouble(model);
  }

  /** Whether the model gives every pair's own class the greater probability. */
  private static boolean separates(Classifier model, Instances pairs) throws Exception {
    for (int k = 0; k < pairs.numInstances(); k++) {
      double[] p = model.distributionForInstance(pairs.instance(k));
      int label = (int) pairs.instance(k).classValue();
      if (!(p[label] > p[1 - label])) {
        return false;
      }
    }
    return true;
  }

  /** The largest difference of the models' probabilities over the ordered pairs. */
  private static double probabilityError(Classifier one, Classifier other, Instances header,
      double[][] rows) throws Exception {
    PairInstance pair = new PairInstance(rows, 0, 0, Utils.missingValue(), 1.0);
    pair.setDataset(header);
    double difference = 0;
    for (int a = 0; a < rows.length; a++) {
      for (int b = 0; b < rows.length; b++) {
        if (a != b) {
          pair.setPair(a, b);
          double ours = one.distributionForInstance(pair)[1];
          double theirs = other.distributionForInstance(pair)[1];
          difference = Math.max(difference, Math.abs(ours - theirs));
        }
      }
    }
    return difference;
  }

  /** Ordered pairs of rows of different values on which the two models' votes differ. */
  private static long differingVotes(Classifier one, Classifier other, Instances header,
      double[][] rows) throws Exception {
    int n = rows.length;
    int[] left = new int[n * n];
    int[] right = new int[n * n];
    int k = 0;
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        if (!Arrays.equals(rows[a], rows[b])) {
          left[k] = a;
          right[k++] = b;
        }
      }
    }
    int count = k;
    boolean[] ours = new boolean[count];
    boolean[] theirs = new boolean[count];
    new Committee(new Classifier[][] {{one}}, header, concat(rows), rows, true).beats(left, right, count,
        ours);
    new Committee(new Classifier[][] {{other}}, header, concat(rows), rows, true).beats(left, right, count,
        theirs);
    long differing = 0;
    for (int i = 0; i < count; i++) {
      differing += ours[i] != theirs[i] ? 1 : 0;
    }
    return differing;
  }

  /** The rows side by side, the layout the comparison's members were trained on. */
  private static PairFeatures concat(double[][] rows) {
    return PairFeatures.concat(rows.length == 0 ? 0 : rows[0].length);
  }

  /** The tournament's scores of the rows, the member's own votes (exact additive form). */
  private static double[] scores(Classifier model, Instances header, double[][] rows)
      throws Exception {
    Committee committee = new Committee(new Classifier[][] {{model}}, header, concat(rows), rows, true);
    return Rankers.tournament(rows.length, committee).scores;
  }
}
