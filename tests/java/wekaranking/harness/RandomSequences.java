/*
 * A generator's draws as numbers, many at once: a test compares two
 * generators' sequences without a call across the bridge for each draw.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking.harness;

import java.util.Random;

/** Draws of a generator, in order, as arrays. */
public final class RandomSequences {

  private RandomSequences() {
  }

  /**
   * {@code nextInt(bound)} for each bound in turn.
   *
   * @param random the generator
   * @param bounds the bounds, each positive
   * @return the draws
   */
  public static int[] bounded(Random random, int[] bounds) {
    int[] out = new int[bounds.length];
    for (int i = 0; i < bounds.length; i++) {
      out[i] = random.nextInt(bounds[i]);
    }
    return out;
  }

  /**
   * Every kind of draw {@code Random} makes, in a cycle, and a new seed half
   * way: each as the bits of a long (a double's raw bits).
   *
   * @param random the generator
   * @param draws how many draws
   * @return the draws
   */
  public static long[] mixed(Random random, int draws) {
    long[] out = new long[draws];
    byte[] bytes = new byte[7];
    for (int i = 0; i < draws; i++) {
      if (i == draws / 2) {
        random.setSeed(i);
      }
      switch (i % 8) {
        case 0:
          out[i] = random.nextInt();
          break;
        case 1:
          out[i] = random.nextLong();
          break;
        case 2:
          out[i] = Double.doubleToRawLongBits(random.nextDouble());
          break;
        case 3:
          out[i] = Double.doubleToRawLongBits(random.nextGaussian());
          break;
        case 4:
          out[i] = Float.floatToRawIntBits(random.nextFloat());
          break;
        case 5:
          out[i] = random.nextBoolean() ? 1 : 0;
          break;
        case 6:
          random.nextBytes(bytes);
          for (byte b : bytes) {
            out[i] = out[i] << 8 | (b & 0xFF);
          }
          break;
        default:
          out[i] = random.nextInt(1 + i);
      }
    }
    return out;
  }
}
