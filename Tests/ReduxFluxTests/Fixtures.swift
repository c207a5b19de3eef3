import Foundation
import ReduxCore
import ReduxFlux
import ReduxSeam

/// Adds `amount` to a counter.
struct Increment: FluxAction {
  typealias Payload = Int
  var amount = 1

  func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {
    try dispatcher.dispatch(self, payload: amount)
  }
}

/// An action with no payload.
struct Ping: FluxAction {
  typealias Payload = Void

  func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {
    try dispatcher.dispatch(self)
  }
}

enum TodoError: Error, Equatable {
  case emptyTitle
}

/// Creates a todo, or fails with a typed error when the title is empty.
struct CreateTodo: FluxAction {
  typealias Payload = String
  typealias Failure = TodoError
  let title: String

  func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {
    await Task.yield()  // stands in for real async work
    if title.isEmpty {
      try dispatcher.dispatch(self, error: .emptyTitle)
    } else {
      try dispatcher.dispatch(self, payload: title)
    }
  }
}

/// Carries which task sent it and its sequence number in that task.
struct Numbered: FluxAction {
  typealias Payload = Int
  let task: Int

  func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {}
}

struct Boom: Error, Equatable {}

/// A thread-safe list of what happened, in order.
final class Log<Entry: Sendable>: Sendable {
  private let entries = Lock<[Entry]>([])

  func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
  var all: [Entry] { entries.withLock { $0 } }
  var count: Int { entries.withLock { $0.count } }
}

/// Runs `body` and returns the ``FluxError`` it threw, or `nil` if it did not throw.
func fluxError(_ body: () throws(FluxError) -> Void) -> FluxError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

/// Runs `body` on a new thread of its own (outside the Swift concurrency pool and the Dispatch
/// pool, so it may block without starving either) and returns its result.
func onWorkerThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
