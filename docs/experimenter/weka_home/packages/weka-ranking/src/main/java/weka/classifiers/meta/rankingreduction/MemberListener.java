/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

/** Told when each committee member has been trained: progress for long work. */
public interface MemberListener {

  /**
   * @param member the member's number, from 0
   * @param members the committee's size
   * @param pairs the pair instances it was trained on
   * @param seconds the time its pairs and its training took
   */
  void trained(int member, int members, long pairs, double seconds);
}
