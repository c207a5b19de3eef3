import ReduxCore
import ReduxSeam

/// Every action a store processed, in order, as its test probe saw it; tasks can await the next.
///
/// The probe appends on the store's draining thread; a ``TestStore`` reads on its actor and
/// waits for entries without polling.
final class ProbeLog<State: Sendable>: Sendable {
  private struct Book {
    var entries: [ProcessedAction<any Action, State>] = []
    /// Each waits for the log to reach a count of entries.
    var waiters = Waiters<Int>()
  }

  private let book = Lock(Book())

  /// Records a processed action and wakes the tasks that waited for it.
  func append(_ entry: ProcessedAction<any Action, State>) {
    let ready: [CheckedContinuation<Void, Never>] = book.withLock { book in
      book.entries.append(entry)
      let count = book.entries.count
      return book.waiters.takeReady { $0 <= count }
    }
    for continuation in ready { continuation.resume() }
  }

  var count: Int { book.withLock { $0.entries.count } }

  /// The entry at `position`, which must exist.
  func entry(at position: Int) -> ProcessedAction<any Action, State> {
    book.withLock { $0.entries[position] }
  }

  /// The entries at `positions`, in that order; each must exist.
  func entries(at positions: [Int]) -> [ProcessedAction<any Action, State>] {
    book.withLock { book in positions.map { book.entries[$0] } }
  }

  /// Whether the store has processed a `Dismiss` of its own (not one addressed to a child).
  var hasDismiss: Bool { book.withLock { $0.entries.contains { $0.action is Dismiss } } }

  /// The state after the last entry, or nil while the log is empty.
  var lastState: State? { book.withLock { $0.entries.last?.state } }

  /// Waits until at least `count` entries exist; returns early if the task is cancelled.
  func wait(untilCount count: Int) async {
    let id = book.withLock { $0.waiters.reserveID() }
    await waitCancellably(
      register: { continuation in
        book.withLock { book in
          if book.entries.count >= count { return true }
          book.waiters.add(id, waitingFor: count, continuation)
          return false
        }
      },
      cancel: { [self] in book.withLock { $0.waiters.take(id) } })
  }
}
