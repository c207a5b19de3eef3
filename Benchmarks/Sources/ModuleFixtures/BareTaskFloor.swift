// The floor for benchmark 6's 1,000 forked sagas: what 1,000 Swift tasks cost that each suspend
// twice and are resumed, and nothing else.
//
// The tasks run on the same kind of executor the sagas do: a serial `TaskExecutor` whose queue
// is drained inline by the thread that started or resumed them (ReduxSaga's scheduler is
// internal, so this is a minimal one of the same shape: a locked FIFO of jobs, run
// synchronously by the caller). A forked saga's take and put are its two suspensions; here each
// is an unsafe continuation kept in a list and resumed by the caller, as the action hub and the
// held puts resume the sagas.
import Synchronization

/// A serial task executor whose jobs run only when ``drain()`` is called, on the calling thread.
final class InlineSerialExecutor: TaskExecutor {
  private let jobs = Mutex<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
  }

  /// Runs the queued jobs, and those they enqueue, until none is left.
  func drain() {
    let executor = asUnownedTaskExecutor()
    while true {
      let batch = jobs.withLock { jobs in
        defer { jobs.removeAll(keepingCapacity: true) }
        return jobs
      }
      if batch.isEmpty { return }
      for job in batch { job.runSynchronously(on: executor) }
    }
  }
}

/// 1,000 (or any number of) bare Swift tasks on an ``InlineSerialExecutor``, each suspending
/// twice on a continuation that the caller resumes: the floor of benchmark 6's forked sagas.
public final class BareTaskFloor: Sendable {
  private let executor = InlineSerialExecutor()
  private let suspended = Mutex<[UnsafeContinuation<Void, Never>]>([])
  private let ended = Atomic<Int>(0)

  /// A floor with its own executor; reuse it across samples.
  public init() {}

  /// Starts `count` tasks, runs each to its first suspension, resumes them all, runs each to its
  /// second, resumes them all again, and runs them to their end. Every task has ended when this
  /// returns.
  public func run(_ count: Int) {
    let before = ended.load(ordering: .relaxed)
    for _ in 0..<count {
      Task(executorPreference: executor) { [self] in
        await suspend()
        await suspend()
        ended.add(1, ordering: .relaxed)
      }
    }
    executor.drain()
    resumeAll(expecting: count)
    executor.drain()
    resumeAll(expecting: count)
    executor.drain()
    precondition(ended.load(ordering: .relaxed) == before + count, "a bare task did not end")
  }

  private nonisolated(nonsending) func suspend() async {
    await withUnsafeContinuation(isolation: #isolation) { continuation in
      suspended.withLock { $0.append(continuation) }
    }
  }

  private func resumeAll(expecting count: Int) {
    let continuations = suspended.withLock { suspended in
      defer { suspended.removeAll(keepingCapacity: true) }
      return suspended
    }
    precondition(continuations.count == count, "a bare task did not suspend")
    for continuation in continuations { continuation.resume() }
  }
}
