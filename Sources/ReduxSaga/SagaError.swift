/// An error that ended a root or spawned saga, with the chain of saga names it came through.
///
/// The runtime passes it to the `onError` hook of ``SagaMiddleware``. The store and the other
/// root sagas keep running.
public struct SagaError: Error, Sendable, CustomStringConvertible {
  /// The error the saga threw.
  public let error: any Error
  /// The saga names from the root to the saga that threw, outermost first.
  public let sagaStack: [String]

  /// Creates a report of `error` thrown by the last saga in `sagaStack`.
  public init(error: any Error, sagaStack: [String]) {
    self.error = error
    self.sagaStack = sagaStack
  }

  /// The error followed by the saga stack, innermost saga first, one per line.
  public var description: String {
    var lines = ["\(error)"]
    for name in sagaStack.reversed() { lines.append("    at \(name)") }
    return lines.joined(separator: "\n")
  }
}
