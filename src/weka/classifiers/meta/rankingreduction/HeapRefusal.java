/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

/**
 * Training that will not fit (or did not fit) the JVM's heap, said in one
 * line that names the setting to change. An Exception, not an Error: WEKA's
 * Explorer shows an exception from buildClassifier in a dialog, where an
 * OutOfMemoryError ends the classifier's thread without a word.
 *
 * <p>A refusal, not a fault: it carries no stack trace (WEKA's command line
 * prints the trace of whatever buildClassifier throws, and this one's frames
 * would tell a user nothing). When the heap ran out during training, the
 * OutOfMemoryError is kept ({@link #outOfMemory}) but not made the cause, so
 * that WEKA prints no trace of it either.
 */
public class HeapRefusal extends Exception {

  private static final long serialVersionUID = 4715320917523049117L;

  private final transient OutOfMemoryError m_OutOfMemory;

  /**
   * @param message the one line: what will not fit, and what to change
   * @param outOfMemory the OutOfMemoryError met in training, or null when
   *     refused before
   */
  public HeapRefusal(String message, OutOfMemoryError outOfMemory) {
    super(message, null, false, false);
    m_OutOfMemory = outOfMemory;
  }

  /**
   * Whether the heap ran out during training (rather than being refused before).
   *
   * @return true when training met an OutOfMemoryError
   */
  public boolean ranOut() {
    return m_OutOfMemory != null;
  }

  /**
   * The OutOfMemoryError training met, for a developer's eyes.
   *
   * @return it, or null when refused before training
   */
  public OutOfMemoryError outOfMemory() {
    return m_OutOfMemory;
  }
}
