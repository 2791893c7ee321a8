/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import weka.core.Instances;

/**
 * One training of a meta-classifier, prepared before it runs: the options
 * checked, the data without its missing classes, what it ranks, and the pair
 * training the members will draw from, made once. What the training will
 * cost is asked of it, and the same object is then trained on, so that the
 * estimate and the training cannot describe two different pair sets.
 */
public final class PreparedTraining {

  private final Object m_Owner;
  private final String m_Options;
  private final Instances m_Data;
  private final RankingTask m_Task;
  private final PairTraining m_Pairs;
  private volatile boolean m_HeapChecked;

  /**
   * @param owner the meta-classifier that prepared it, and alone may train on it
   * @param options that meta-classifier's options when it prepared it
   * @param data the training data, without missing classes
   * @param task how the data ranks
   * @param pairs the members' pair training; null for the base learner alone
   */
  public PreparedTraining(Object owner, String options, Instances data, RankingTask task,
      PairTraining pairs) {
    m_Owner = owner;
    m_Options = options;
    m_Data = data;
    m_Task = task;
    m_Pairs = pairs;
  }

  /**
   * Whether this training was prepared by this meta-classifier with these
   * options: training on it with others would train what was not estimated.
   *
   * @param owner the meta-classifier about to train
   * @param options its options now
   * @return true when it may train on this
   */
  public boolean preparedBy(Object owner, String options) {
    return m_Owner == owner && m_Options.equals(options);
  }

  /**
   * The training data, without missing classes.
   *
   * @return the data
   */
  public Instances data() {
    return m_Data;
  }

  /**
   * What the data ranks, and how its rows are read.
   *
   * @return the task
   */
  public RankingTask task() {
    return m_Task;
  }

  /**
   * The pair training the members draw from.
   *
   * @return it, or null when the base learner alone is trained
   */
  public PairTraining pairs() {
    return m_Pairs;
  }

  /**
   * Says that the caller has compared this training's footprint with the
   * heap (the Python face's memory.check_heap), so that training on it does
   * not check again in other words: each check has one owner.
   */
  public void heapCheckedByCaller() {
    m_HeapChecked = true;
  }

  /**
   * Whether the caller has checked the heap for this training.
   *
   * @return true after {@link #heapCheckedByCaller}
   */
  public boolean heapChecked() {
    return m_HeapChecked;
  }
}
