import ReduxCore
import ReduxSeam

/// The tasks started for one store (async effects, async thunks), cancelled together when the
/// owner, and so the store, is released.
///
/// A task never holds the bag strongly: the store's middleware owns the bag, so releasing the
/// store runs `deinit`, which cancels every task still running.
@usableFromInline
final class TaskBag: Sendable {
  private struct Running {
    var nextID = 0
    var tasks: [Int: Task<Void, Never>] = [:]
  }

  private let running = Lock(Running())

  @usableFromInline
  init() {}

  /// Starts `operation` in a new task that is cancelled when the bag is released, and tells
  /// `work` (when tracked) how to cancel it.
  func spawn(reportingTo work: WorkHandle?, _ operation: @escaping @Sendable () async -> Void) {
    let task = running.withLock { running in
      let id = running.nextID
      running.nextID += 1
      // Registered under the lock, so the task's own `finish` (which takes the lock) always
      // runs after it was added.
      let task = Task { [weak self] in
        await operation()
        self?.finish(id)
      }
      running.tasks[id] = task
      return task
    }
    work?.onCancel { task.cancel() }
  }

  private func finish(_ id: Int) {
    _ = running.withLock { $0.tasks.removeValue(forKey: id) }
  }

  deinit {
    let tasks = running.withLock { Array($0.tasks.values) }
    for task in tasks { task.cancel() }
  }
}
