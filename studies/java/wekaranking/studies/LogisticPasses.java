/*
 * How much arithmetic WEKA's Logistic does on the rows and on a member's
 * pairs: the optimiser's iterations and objective evaluations, and the
 * products one evaluation makes.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.studies;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import weka.classifiers.functions.Logistic;
import weka.classifiers.meta.rankingreduction.PairTraining;
import weka.classifiers.meta.rankingreduction.RankingTask;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

/**
 * Trains WEKA's {@link Logistic} (its defaults) on the rows and on member 1's
 * materialised pair instances (two pairs per instance, {@code new Random(1)},
 * as the default's first member draws them) with its debug output on, and
 * counts in that output the optimiser's iterations (each one gradient) and
 * its line searches' steps (each one objective evaluation). With the rows
 * (or pairs) times the coefficients, this bounds from below what the
 * default's members cost against the learner alone when each must be WEKA's
 * model: an evaluation sums over every pair.
 *
 * <pre>
 * java -cp weka.jar:weka-ranking.jar:weka-ranking-studies.jar \
 *     wekaranking.studies.LogisticPasses train.arff won
 * </pre>
 *
 * Arguments: an ARFF file (its class last), the class value that ranks first.
 */
public final class LogisticPasses {

  private LogisticPasses() {
  }

  /**
   * Prints each training's instances, coefficients, iterations and evaluations.
   *
   * @param args the ARFF file, the class value that ranks first
   * @throws Exception if the data are refused
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("LogisticPasses needs: ARFF rank-first; got "
          + args.length + " arguments");
    }
    Instances data = DataSource.read(args[0]);
    data.setClassIndex(data.numAttributes() - 1);
    RankingTask task = RankingTask.of(data, args[1], "");
    Instances pairs = new PairTraining(data, task, 2, false).pairs(new Random(1));
    report("alone, on the rows", data);
    report("member 1, on its pairs", pairs);
  }

  private static void report(String what, Instances instances) throws Exception {
    Logistic logistic = new Logistic();
    logistic.setDebug(true);
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream out = System.out;
    PrintStream err = System.err;
    PrintStream debug = new PrintStream(captured, true, StandardCharsets.UTF_8);
    System.setOut(debug); // Logistic's descriptives
    System.setErr(debug); // the optimiser's iterations
    try {
      logistic.buildClassifier(instances);
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    int iterations = 0;
    int evaluations = 0;
    for (String line : captured.toString(StandardCharsets.UTF_8).split("\n")) {
      iterations += line.startsWith("Iteration #") ? 1 : 0;
      evaluations += line.startsWith("Line search iteration") ? 1 : 0;
    }
    int coefficients = logistic.coefficients().length; // the intercept's row included
    System.out.printf("%s: %d instances x %d coefficients, %d iterations, "
        + "%d objective evaluations%n", what, instances.numInstances(), coefficients,
        iterations, evaluations);
  }
}
