import Dispatch
import ReduxSeam

// The work a test store's actions start (a command's job) runs on this executor instead of
// the global one. The test store runs it right after each `send` and `receive`, on its own
// thread, until every job waits: so a job has reached its first suspension (a clock's sleep, a
// server call) when the step returns, and a test advances its clock at once, however busy the
// global executor is. Jobs resumed later (by a clock's advance, a reply) run on a serial queue
// of the executor's own.

/// The executor a test store's work runs on.
final class WorkExecutor: TaskExecutor, Sendable {
  /// The jobs waiting to run, in order, and whether a run on the queue is scheduled.
  private struct Jobs {
    var waiting: [UnownedJob] = []
    var isRunScheduled = false
  }

  private let jobs = Lock(Jobs())
  /// Where jobs run, one at a time: a background run, or the test's thread in `runUntilIdle`.
  private let queue = DispatchQueue(label: "ReduxTesting.WorkExecutor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let schedule = jobs.withLock { jobs in
      jobs.waiting.append(job)
      defer { jobs.isRunScheduled = true }
      return !jobs.isRunScheduled
    }
    if schedule { queue.async { self.runWaiting() } }
  }

  /// Runs the jobs waiting now and those they enqueue, until none is left: every job then
  /// waits for something outside this executor. Waits for a background run in progress.
  func runUntilIdle() {
    queue.sync { runWaiting() }
  }

  /// Runs waiting jobs until there are none; on `queue` only.
  private func runWaiting() {
    while let job = next() { job.runSynchronously(on: asUnownedTaskExecutor()) }
  }

  private func next() -> UnownedJob? {
    jobs.withLock { jobs in
      guard !jobs.waiting.isEmpty else {
        jobs.isRunScheduled = false
        return nil
      }
      return jobs.waiting.removeFirst()
    }
  }
}
