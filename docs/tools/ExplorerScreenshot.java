/*
 * Takes docs/explorer.png: WEKA's Explorer cross-validating RankingReduction
 * from the installed WEKA package. Run under a display (Xvfb will do):
 *
 *   javac -cp weka.jar -d /tmp/shot docs/tools/ExplorerScreenshot.java
 *   WEKA_HOME=... xvfb-run -s "-screen 0 1280x900x24" java \
 *     --add-opens java.base/java.lang=ALL-UNNAMED -cp weka.jar:/tmp/shot \
 *     weka.gui.explorer.ExplorerScreenshot arff_data/breast-cancer.arff docs/explorer.png
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.gui.explorer;

import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.ImageIO;
import javax.swing.JFrame;
import javax.swing.SwingUtilities;
import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

/** Opens the Explorer, runs RankingReduction in its Classify tab, saves a PNG. */
public final class ExplorerScreenshot {

  private ExplorerScreenshot() {
  }

  public static void main(String[] args) throws Exception {
    weka.core.WekaPackageManager.loadPackages(false);
    Instances data = DataSource.read(args[0]);
    data.setClassIndex(data.numAttributes() - 1);
    Classifier ranker = AbstractClassifier.forName("weka.classifiers.meta.RankingReduction",
        weka.core.Utils.splitOptions("-P 1 -I 10 -R quicksort -S 1 -rank-first 2 "
            + "-W weka.classifiers.trees.J48"));
    Explorer[] explorer = new Explorer[1];
    JFrame frame = new JFrame("Weka Explorer");
    SwingUtilities.invokeAndWait(() -> {
      explorer[0] = new Explorer();
      frame.getContentPane().add(explorer[0]);
      frame.setSize(1200, 860);
      frame.setVisible(true);
      explorer[0].getPreprocessPanel().setInstances(data);
    });
    Thread.sleep(3000);
    ClassifierPanel panel = null;
    for (Explorer.ExplorerPanel p : explorer[0].getPanels()) {
      if (p instanceof ClassifierPanel) {
        panel = (ClassifierPanel) p;
      }
    }
    ClassifierPanel classify = panel;
    SwingUtilities.invokeAndWait(() -> {
      explorer[0].getTabbedPane().setSelectedIndex(1);
      classify.m_ClassifierEditor.setValue(ranker);
      classify.m_StartBut.doClick();
    });
    do {
      Thread.sleep(1000);
    } while (classify.m_RunThread != null);
    Thread.sleep(2000);
    Rectangle bounds = frame.getBounds();
    BufferedImage image = new Robot().createScreenCapture(bounds);
    ImageIO.write(image, "png", new File(args[1]));
    System.exit(0);
  }
}
