/*
 * Takes the Explorer's screenshots in docs/: RankingReduction's options
 * dialog (its drop-downs and tips as the Explorer shows them) and a
 * cross-validation in the Classify tab, from the installed WEKA package.
 * Run under a display (Xvfb will do) by docs/tools/screenshots.sh:
 *
 *   java -cp weka.jar:CLASSES weka.gui.explorer.ExplorerScreenshot DATA.arff \
 *     docs/explorer.png docs/explorer-options.png
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.gui.explorer;

import java.awt.Component;
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
import weka.gui.PropertyDialog;

/** Opens the Explorer, shows RankingReduction's options, runs it, saves two PNGs. */
public final class ExplorerScreenshot {

  private ExplorerScreenshot() {
  }

  /**
   * @param args the ARFF file, the run's PNG, the options dialog's PNG
   * @throws Exception if the Explorer cannot run
   */
  public static void main(String[] args) throws Exception {
    weka.core.WekaPackageManager.loadPackages(false);
    Instances data = DataSource.read(args[0]);
    data.setClassIndex(data.numAttributes() - 1);
    Classifier ranker = AbstractClassifier.forName("weka.classifiers.meta.RankingReduction",
        new String[0]);
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
    PropertyDialog[] dialog = new PropertyDialog[1];
    SwingUtilities.invokeAndWait(() -> {
      explorer[0].getTabbedPane().setSelectedIndex(1);
      classify.m_ClassifierEditor.setValue(ranker);
    });
    // What clicking the classifier's name opens: its options, as WEKA lays
    // them out. The dialog is modal: shown later, so that this thread goes on.
    SwingUtilities.invokeLater(() -> {
      dialog[0] = new PropertyDialog(frame, classify.m_ClassifierEditor, 40, 20);
      dialog[0].setSize(560, 860); // every property in view, ties the last
      dialog[0].setVisible(true);
    });
    Thread.sleep(3000);
    capture(dialog[0], args[2]);
    SwingUtilities.invokeLater(() -> dialog[0].dispose());
    Thread.sleep(1000);
    SwingUtilities.invokeAndWait(() -> classify.m_StartBut.doClick());
    do {
      Thread.sleep(1000);
    } while (classify.m_RunThread != null);
    Thread.sleep(2000);
    capture(frame, args[1]);
    System.exit(0);
  }

  private static void capture(Component window, String path) throws Exception {
    Rectangle bounds = window.getBounds();
    BufferedImage image = new Robot().createScreenCapture(bounds);
    ImageIO.write(image, "png", new File(path));
  }
}
