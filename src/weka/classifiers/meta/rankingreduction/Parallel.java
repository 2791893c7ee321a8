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

/** Tasks 0..count-1 on a pool of threads; the first failure is rethrown. */
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
        task.run(i);
      }
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, count));
    try {
      List<Future<Object>> done = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        final int index = i;
        done.add(pool.submit(() -> {
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
    } finally {
      pool.shutdownNow();
    }
  }
}
