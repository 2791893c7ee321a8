/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;

/**
 * Tasks 0..count-1 on a pool of threads; the first failure is rethrown. An
 * interrupt of the calling thread stops the tasks not yet started, and
 * interrupts the running ones (shutdownNow), which stop at their next check.
 * Tasks run by {@link #forEachSharing} may share their work out
 * ({@link #share}) to the pool's threads that have no task left.
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
   * Runs every task, on up to {@code threads} threads, as
   * {@link #forEach(int, int, Task)} does, on a work-stealing pool: a task
   * that splits its work into parts ({@link #share}) lends the parts to the
   * pool's threads that have no task left, and runs them itself while every
   * thread is busy. Ten members on two cores end one at a time, and the last
   * one's thread ran alone: a median 0.06-0.11 s of about 0.9-1.6 s (the
   * default's fit at 6,435 x 36, FitPhases, load 4-5.5). Shared, the fit took
   * a median 0.721 against 0.755 s wall and the same CPU (1.360 s), less
   * wall in 13 of 20 runs side by side (FitSideBySide, load 4.7-5.8).
   *
   * @param count the number of tasks
   * @param threads the most threads to use
   * @param task the tasks
   * @throws Exception the first task's failure
   */
  public static void forEachSharing(int count, int threads, Task task) throws Exception {
    if (threads <= 1 || count <= 1) {
      forEach(count, threads, task);
      return;
    }
    ExecutorService pool = new SharingPool(Math.min(threads, count));
    try {
      forEach(count, pool, task);
    } finally {
      pool.shutdownNow();
    }
  }

  /** The pool of {@link #forEachSharing}: the pool whose tasks may share their work. */
  private static final class SharingPool extends ForkJoinPool {
    SharingPool(int threads) {
      super(threads);
    }
  }

  /**
   * The parts a task may share its work in: its pool's threads where it runs
   * in {@link #forEachSharing}, else 1.
   *
   * @return the number of parts worth making
   */
  public static int sharers() {
    ForkJoinPool pool = ForkJoinTask.getPool();
    return pool instanceof SharingPool ? pool.getParallelism() : 1;
  }

  /**
   * Runs the parts of a task's work, lending those not yet started to its
   * pool's idle threads (run in {@link #forEachSharing}; elsewhere, in this
   * thread one after another), and waits for all of them.
   *
   * @param parts the parts, each with its own scratch: which thread runs a
   *     part must not change what it computes
   */
  public static void share(Runnable[] parts) {
    if (!(ForkJoinTask.getPool() instanceof SharingPool)) {
      for (Runnable part : parts) {
        part.run();
      }
      return;
    }
    List<ForkJoinTask<?>> tasks = new ArrayList<>(parts.length);
    for (Runnable part : parts) {
      tasks.add(ForkJoinTask.adapt(part));
    }
    ForkJoinTask.invokeAll(tasks);
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
    // Each task's exception kept as it is: a ForkJoinPool's future would
    // give a checked one wrapped in RuntimeExceptions of its own.
    Exception[] failures = new Exception[count];
    List<Future<?>> done = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      final int index = i;
      done.add(pool.submit(() -> {
        try {
          stopIfInterrupted();
          task.run(index);
        } catch (Exception e) {
          failures[index] = e;
        }
      }));
    }
    for (int i = 0; i < count; i++) {
      try {
        done.get(i).get();
      } catch (ExecutionException e) {
        throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
      }
      if (failures[i] != null) {
        throw failures[i];
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
