import ReduxCore

/// What a ``SagaTest`` run produced.
public struct SagaTestResult<State: Sendable>: Sendable {
  /// Every action the saga and its forks put, in the order they were put.
  public let puts: [any Action]
  /// The store's state after the run.
  public let state: State

  /// The put actions of type `A`, in order.
  public func puts<A: Action>(of type: A.Type) -> [A] {
    puts.compactMap { $0.as(A.self) }
  }

  /// Whether the saga put any action of type `A`; `#expect(!result.didPut(Failed.self))`
  /// asserts that it did not.
  public func didPut<A: Action>(_ type: A.Type) -> Bool {
    puts.contains { $0.as(A.self) != nil }
  }

  /// Whether the saga put an action equal to `action`.
  public func didPut<A: Action & Equatable>(_ action: A) -> Bool {
    puts.contains { $0.as(A.self) == action }
  }
}
