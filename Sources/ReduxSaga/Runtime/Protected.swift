import ReduxCore

/// A value shared between tasks, read and written only under a lock.
final class Protected<Value>: @unchecked Sendable {
  // @unchecked: `lock` guards `Value`; it is never touched outside `withLock`.
  private let lock: Lock<Value>

  init(_ value: sending Value) {
    lock = Lock(value)
  }

  func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
    lock.withLock { value in body(&value) }
  }
}
