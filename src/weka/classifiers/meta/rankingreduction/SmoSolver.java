/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import weka.classifiers.Classifier;
import weka.classifiers.functions.SMO;
import weka.classifiers.functions.supportVector.Kernel;
import weka.classifiers.functions.supportVector.PolyKernel;
import weka.classifiers.functions.supportVector.RBFKernel;

/**
 * How a committee member that is WEKA's SMO is trained, as the
 * meta-classifier's {@code -smo-solver} chooses: on the pair instances as
 * WEKA trains it (the default), by WEKA's own optimiser with its kernel
 * evaluated from the rows ({@link PairPolyKernel}, {@link PairRBFKernel}),
 * or by {@link DifferenceSvm}'s solver of the same problem. A solver that
 * does not apply declines, says why ({@link #declines}), and the member is
 * trained on the pair instances by WEKA's SMO with its own kernel.
 */
public final class SmoSolver {

  /** WEKA's SMO on the pair instances, its own kernel. */
  public static final int PAIRS = 0;
  /** WEKA's SMO on the pair instances, its kernel evaluated from the rows. */
  public static final int ROW_KERNEL = 1;
  /** The linear SVM on the rows' differences, by dual coordinate descent. */
  public static final int DIFFERENCES = 2;

  private SmoSolver() {
  }

  /**
   * Why a solver does not apply to this member and data, or null when it
   * does; changes nothing.
   *
   * @param solver one of {@link #PAIRS}, {@link #ROW_KERNEL}, {@link #DIFFERENCES}
   * @param member the untrained member
   * @param training the training data
   * @return the reason, in words, or null
   */
  public static String declines(int solver, Classifier member, PairTraining training) {
    if (solver != PAIRS && training.layout().mode() != PairFeatures.CONCAT) {
      return "its algebra is that of the rows side by side, and the pair features are "
          + PairFeatures.NAMES[training.layout().mode()];
    }
    if (solver == DIFFERENCES) {
      return DifferenceSvm.declines(member, training);
    }
    if (solver == ROW_KERNEL) {
      if (member.getClass() != SMO.class) {
        return "the learner is not weka.classifiers.functions.SMO";
      }
      Class<?> kernel = ((SMO) member).getKernel().getClass();
      if (kernel != PolyKernel.class && kernel != RBFKernel.class) {
        return "SMO's kernel is neither PolyKernel nor RBFKernel";
      }
    }
    return null;
  }

  /**
   * Trains a member with the solver when it applies, or readies it for the
   * pair instances: with the row kernel in place of its own for
   * {@link #ROW_KERNEL}.
   *
   * @param solver one of {@link #PAIRS}, {@link #ROW_KERNEL}, {@link #DIFFERENCES}
   * @param member the untrained member
   * @param training the training data
   * @return true when the member is trained, false when it is to be trained
   *     on the pair instances
   * @throws Exception if the learner refuses the data
   */
  public static boolean train(int solver, Classifier member, PairTraining training)
      throws Exception {
    if (solver == PAIRS || declines(solver, member, training) != null) {
      return false;
    }
    if (solver == DIFFERENCES) {
      DifferenceSvm.train(member, training);
      return true;
    }
    SMO smo = (SMO) member;
    Kernel kernel = smo.getKernel();
    smo.setKernel(kernel instanceof PolyKernel ? PairPolyKernel.of((PolyKernel) kernel)
        : PairRBFKernel.of((RBFKernel) kernel));
    return false;
  }
}
