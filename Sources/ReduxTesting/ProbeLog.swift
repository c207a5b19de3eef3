import ReduxCore

/// Every action a store processed, in order, as its test probe saw it; tasks can await the next.
///
/// The probe appends on the store's draining thread; a ``TestStore`` reads on its actor and
/// waits for entries without polling.
final class ProbeLog<State: Sendable>: Sendable {
  private struct Book {
    var entries: [ProcessedAction<State>] = []
    var waiters: [UInt64: Waiter] = [:]
    var nextWaiter: UInt64 = 0
  }

  private struct Waiter {
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private let book = Lock(Book())

  /// Records a processed action and wakes the tasks that waited for it.
  func append(_ entry: ProcessedAction<State>) {
    let ready: [CheckedContinuation<Void, Never>] = book.withLock { book in
      book.entries.append(entry)
      var ready: [CheckedContinuation<Void, Never>] = []
      for (id, waiter) in book.waiters where waiter.count <= book.entries.count {
        ready.append(waiter.continuation)
        book.waiters.removeValue(forKey: id)
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  var count: Int { book.withLock { $0.entries.count } }

  /// The entries from `index` on (empty when there are none yet).
  func entries(from index: Int) -> [ProcessedAction<State>] {
    book.withLock { book in
      index < book.entries.count ? Array(book.entries[index...]) : []
    }
  }

  /// Waits until at least `count` entries exist; returns early if the task is cancelled.
  func wait(untilCount count: Int) async {
    let id = book.withLock { book in
      defer { book.nextWaiter += 1 }
      return book.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isReady = book.withLock { book in
          if book.entries.count >= count { return true }
          book.waiters[id] = Waiter(count: count, continuation: continuation)
          return false
        }
        if isReady {
          continuation.resume()
        } else if Task.isCancelled {
          stopWaiting(id)
        }
      }
    } onCancel: {
      stopWaiting(id)
    }
  }

  private func stopWaiting(_ id: UInt64) {
    book.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
  }
}
