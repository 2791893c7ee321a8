/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.core.Instances;

/**
 * The committee's vote on pairs of rows: c(x, x') = 1 on a strict majority of
 * members predicting "x beats x'" (a tied vote says 0, the monograph's
 * {@code votacao}).
 *
 * <p>With several threads each scores a contiguous share of a batch with its
 * own copy of the committee (WEKA does not promise that a model predicts
 * safely from several threads at once), so the answers do not depend on the
 * number of threads.
 */
public final class Committee implements PairComparator {

  private final Classifier[][] m_Copies;
  private final Instances m_PairHeader;
  private final double[][] m_Rows;

  /**
   * @param copies one copy of the committee per thread to score on
   *        ({@link #copies})
   * @param pairHeader the empty pair dataset they were trained on
   * @param rows the non-class values of the rows to compare
   */
  public Committee(Classifier[][] copies, Instances pairHeader, double[][] rows) {
    m_Copies = copies;
    m_PairHeader = pairHeader;
    m_Rows = rows;
  }

  /** The members themselves for the first thread, and a copy for each other. */
  public static Classifier[][] copies(Classifier[] members, int threads) throws Exception {
    Classifier[][] copies = new Classifier[Math.max(1, threads)][];
    copies[0] = members;
    for (int t = 1; t < copies.length; t++) {
      copies[t] = new Classifier[members.length];
      for (int i = 0; i < members.length; i++) {
        copies[t][i] = AbstractClassifier.makeCopy(members[i]);
      }
    }
    return copies;
  }

  /** Votes for "left beats right" per pair, from all members. */
  public int[] votes(int[] left, int[] right, int count) throws Exception {
    int[] out = new int[count];
    run(count, (members, from, to) -> count(members, left, right, from, to, out));
    return out;
  }

  @Override
  public void beats(int[] left, int[] right, int count, boolean[] out) throws Exception {
    int[] votes = votes(left, right, count);
    int members = m_Copies[0].length;
    for (int k = 0; k < count; k++) {
      out[k] = 2 * votes[k] > members;
    }
  }

  private void count(Classifier[] members, int[] left, int[] right, int from, int to, int[] out)
      throws Exception {
    PairInstance pair = new PairInstance(m_Rows, 0, 0, weka.core.Utils.missingValue(), 1.0);
    pair.setDataset(m_PairHeader);
    for (int k = from; k < to; k++) {
      pair.setPair(left[k], right[k]);
      int votes = 0;
      for (Classifier member : members) {
        if (member.classifyInstance(pair) == 1.0) {
          votes++;
        }
      }
      out[k] = votes;
    }
  }

  private interface Share {
    void score(Classifier[] members, int from, int to) throws Exception;
  }

  private void run(int count, Share share) throws Exception {
    int threads = count < 2 * m_Copies.length ? 1 : m_Copies.length;
    int size = (count + threads - 1) / threads;
    Parallel.forEach(threads, threads, t -> {
      int from = Math.min(count, t * size);
      share.score(m_Copies[t], from, Math.min(count, from + size));
    });
  }
}
