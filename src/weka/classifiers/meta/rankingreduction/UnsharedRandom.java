/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.Random;

/**
 * {@link Random}'s very sequence for a generator one thread uses: a member's
 * pairs are drawn from {@code new Random(seed + i)}, and must stay those
 * pairs, but {@code Random} keeps its seed in an {@code AtomicLong} and
 * updates it by compare-and-set at every draw, so that threads may share it.
 * A member's draws (tens of thousands a member under the default) are made
 * by its own thread, so this generator keeps the seed in a plain field: the
 * same linear congruence and the same bits: every other method of
 * {@code Random} ({@code nextInt(bound)} with its rejections, {@code
 * nextDouble}, ...) is made of {@link #next}, so gives the same values too.
 * Not safe for threads to share.
 */
public final class UnsharedRandom extends Random {

  private static final long serialVersionUID = 1L;

  private static final long MULTIPLIER = 0x5DEECE66DL;
  private static final long ADDEND = 0xBL;
  private static final long MASK = (1L << 48) - 1;

  /** The generator's 48-bit state, as {@code Random} keeps it. */
  private long m_Seed;

  /**
   * A generator of {@code new Random(seed)}'s sequence.
   *
   * @param seed the seed
   */
  public UnsharedRandom(long seed) {
    super(seed); // Random's constructor calls setSeed, which sets m_Seed
  }

  /**
   * Sets the seed, as {@link Random#setSeed} does.
   *
   * @param seed the seed
   */
  @Override
  public synchronized void setSeed(long seed) {
    super.setSeed(seed); // clears the kept Gaussian
    m_Seed = (seed ^ MULTIPLIER) & MASK;
  }

  /**
   * The next bits of the sequence, as {@link Random#next} makes them.
   *
   * @param bits how many bits
   * @return the bits
   */
  @Override
  protected int next(int bits) {
    m_Seed = (m_Seed * MULTIPLIER + ADDEND) & MASK;
    return (int) (m_Seed >>> (48 - bits));
  }
}
