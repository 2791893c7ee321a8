/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Tasks 0..count-1 on a pool of threads; the first failure is rethrown. An
 * interrupt of the calling thread stops the tasks not yet started, and
 * interrupts the running ones (shutdownNow), which stop at their next check.
 */
public final class Parallel {

  private Parallel() {
  }

  /** One numbered task. */
  public interface Task {
    /**
     * Runs task i.
     *
     * @param i the task's number, from 0
     * @throws Exception if the task fails
     */
    void run(int i) throws Exception;
  }

  /**
   * Runs every task, on up to {@code threads} threads (in this thread, in
   * order, when one is enough), and waits for all of them.
   *
   * @param count the number of tasks
   * @param threads the most threads to use
   * @param task the tasks
   * @throws Exception the first task's failure
   */
  public static void forEach(int count, int threads, Task task) throws Exception {
    if (threads <= 1 || count <= 1) {
      for (int i = 0; i < count; i++) {
        stopIfInterrupted();
        task.run(i);
      }
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, count));
    try {
      forEach(count, pool, task);
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Runs every task on a pool the caller keeps (work asked for again and
   * again, where a pool a call would cost more than the tasks), and waits
   * for all of them.
   *
   * @param count the number of tasks
   * @param pool the threads to run them on
   * @param task the tasks
   * @throws Exception the first task's failure
   */
  public static void forEach(int count, ExecutorService pool, Task task) throws Exception {
    List<Future<Object>> done = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      final int index = i;
      done.add(pool.submit(() -> {
        stopIfInterrupted();
        task.run(index);
        return null;
      }));
    }
    for (Future<Object> future : done) {
      try {
        future.get();
      } catch (ExecutionException e) {
        throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
      }
    }
  }

  /** Checks between units of work: one in this many. */
  public static final int CHECK_EVERY = 1 << 16;

  /**
   * Stops the work if this thread was interrupted: long loops call it
   * between members, pair batches and comparison batches, so that WEKA's
   * Stop button and Ctrl-C in the Python face end the work there instead of
   * when it is done. A base learner's own training is not interrupted.
   *
   * @throws InterruptedException if the thread was interrupted
   */
  public static void stopIfInterrupted() throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException("interrupted");
    }
  }
}
