/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */

import java.io.BufferedReader;
import java.io.FileReader;
import java.lang.reflect.Constructor;

import weka.classifiers.Classifier;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.OptionHandler;

/**
 * One fold of one cell of the monograph's study on any WEKA jar (3.6 or 3.9).
 *
 * <p>The reproduction study's harness for readings the package cannot give
 * itself: a WEKA of another version, or the pairs in another order. It builds
 * the pair instances of Algorithm 1 (all pairs) itself, in the order asked,
 * trains the learner on them and prints each test instance's tournament degree;
 * or trains the learner alone and prints each test instance's class
 * distribution. Compiled against the jar it runs with (WEKA 3.6's {@code
 * Instance} is a class, 3.9's an interface), it uses only what both versions
 * have, and builds an instance by reflection.
 *
 * <p>Usage: {@code MonographCell alone|blocks|interleaved CLASSNAME POSITIVE
 * TRAIN.arff TEST.arff [PAIRS-HEADER.arff] [-- learner options]}: POSITIVE is
 * the class value index that ranks first (the pair label is 1 when the first
 * element is of that class); blocks pairs every instance of that class, in
 * data order, with every other-class instance, then the other class's
 * instances likewise (the package's order); interleaved follows each
 * (alpha, beta) by (beta, alpha), alpha of the class that ranks first (the
 * monograph's combinar).
 */
public final class MonographCell {

  private MonographCell() {
  }

  private static Instances read(String path) throws Exception {
    try (BufferedReader reader = new BufferedReader(new FileReader(path))) {
      Instances data = new Instances(reader);
      data.setClassIndex(data.numAttributes() - 1);
      return data;
    }
  }

  private static Instance instance(double[] values) throws Exception {
    Class<?> kind;
    try {
      kind = Class.forName("weka.core.DenseInstance");
    } catch (ClassNotFoundException oldWeka) {
      kind = Class.forName("weka.core.Instance");
    }
    Constructor<?> make = kind.getConstructor(double.class, double[].class);
    return (Instance) make.newInstance(1.0, values);
  }

  private static double[] pair(Instance a, Instance b, int features, double label) {
    double[] values = new double[2 * features + 1];
    for (int j = 0; j < features; j++) {
      values[j] = a.value(j);
      values[features + j] = b.value(j);
    }
    values[2 * features] = label;
    return values;
  }

  /**
   * Entry point.
   *
   * @param args see the class comment
   * @throws Exception on bad data or a learner that fails
   */
  public static void main(String[] args) throws Exception {
    String mode = args[0];
    Classifier learner = (Classifier) Class.forName(args[1]).newInstance();
    int positive = Integer.parseInt(args[2]);
    Instances train = read(args[3]);
    Instances test = read(args[4]);
    int rest = mode.equals("alone") ? 5 : 6;
    if (args.length > rest + 1 && args[rest].equals("--")) {
      String[] options = new String[args.length - rest - 1];
      System.arraycopy(args, rest + 1, options, 0, options.length);
      ((OptionHandler) learner).setOptions(options);
    }
    StringBuilder out = new StringBuilder();
    if (mode.equals("alone")) {
      learner.buildClassifier(train);
      for (int i = 0; i < test.numInstances(); i++) {
        double[] p = learner.distributionForInstance(test.instance(i));
        out.append(Double.toString(p[0])).append(' ').append(Double.toString(p[1]))
            .append('\n');
      }
      System.out.print(out);
      return;
    }
    Instances header = read(args[5]);
    int features = train.numAttributes() - 1;
    Instances pairs = new Instances(header, 0);
    int n = train.numInstances();
    for (int a = 0; a < n; a++) {
      if ((int) train.instance(a).classValue() != positive) {
        continue;
      }
      for (int b = 0; b < n; b++) {
        if ((int) train.instance(b).classValue() == positive) {
          continue;
        }
        pairs.add(instance(pair(train.instance(a), train.instance(b), features, 1)));
        if (mode.equals("interleaved")) {
          pairs.add(instance(pair(train.instance(b), train.instance(a), features, 0)));
        }
      }
    }
    if (mode.equals("blocks")) {
      for (int a = 0; a < n; a++) {
        if ((int) train.instance(a).classValue() == positive) {
          continue;
        }
        for (int b = 0; b < n; b++) {
          if ((int) train.instance(b).classValue() == positive) {
            pairs.add(instance(pair(train.instance(a), train.instance(b), features, 0)));
          }
        }
      }
    } else if (!mode.equals("interleaved")) {
      throw new IllegalArgumentException("mode: alone, blocks or interleaved, not " + mode);
    }
    learner.buildClassifier(pairs);
    int m = test.numInstances();
    for (int x = 0; x < m; x++) {
      int degree = 0;
      for (int y = 0; y < m; y++) {
        if (y == x) {
          continue;
        }
        Instance probe = instance(pair(test.instance(x), test.instance(y), features,
            Double.NaN)); // a missing class, in WEKA 3.6 and 3.9 alike
        probe.setDataset(pairs);
        if (learner.classifyInstance(probe) == 1.0) {
          degree++;
        }
      }
      out.append(degree).append('\n');
    }
    System.out.print(out);
  }
}
