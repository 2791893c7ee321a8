package wekaranking.harness;

import java.util.Arrays;

import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.core.BatchPredictor;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

/**
 * Trains RankingReduction in a JVM of its own, so that a test can start it
 * with system properties read at class load (WekaInternals' hidden members),
 * and prints the model's text, then each training instance's score at full
 * precision, for two runs to be compared line by line.
 */
public final class TrainAndScore {

  private TrainAndScore() {
  }

  /**
   * Trains on an ARFF file (class last) and prints the model and the scores.
   *
   * @param args the ARFF file, then RankingReduction's options
   * @throws Exception if the file cannot be read or the ranker trained
   */
  public static void main(String[] args) throws Exception {
    Instances data = DataSource.read(args[0]);
    data.setClassIndex(data.numAttributes() - 1);
    Classifier ranker = AbstractClassifier.forName("weka.classifiers.meta.RankingReduction",
        Arrays.copyOfRange(args, 1, args.length));
    ranker.buildClassifier(data);
    System.out.println(ranker);
    System.out.println("=== scores ===");
    for (double[] distribution : ((BatchPredictor) ranker).distributionsForInstances(data)) {
      System.out.println(distribution[0]);
    }
  }
}
