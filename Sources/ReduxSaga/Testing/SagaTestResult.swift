import ReduxCore

/// What a ``SagaTest`` run produced: the saga's value, what it put and called, and the final
/// state.
public struct SagaTestResult<State: Sendable, Value: Sendable>: Sendable {
  /// What the saga returned.
  public let value: Value
  /// Every action the saga and its forks put, in the order they were put.
  public let puts: [any Action]
  /// Every call the saga and its forks made (`call`, `cps`, each try of `retry`), stubbed or
  /// not, in the order they were made.
  public let calls: [SagaCall]
  /// The sagas that still waited for an action when the script ended (END ended their wait),
  /// one line each, such as `test > takeEvery(Ping) waits for Ping`: loops back at their
  /// `take`, and, with ``SagaTest/allowWaitingAtEnd()``, waits that took no action.
  public let waitingAtEnd: [String]
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

  /// The arguments of the calls named `name`, in order, that are `A`s.
  ///
  /// ```swift
  /// #expect(result.arguments(of: "fetchUser", as: Int.self) == [1, 2])
  /// ```
  public func arguments<A>(of name: String, as type: A.Type) -> [A] {
    calls.filter { $0.name == name }.compactMap { $0.argument(as: A.self) }
  }
}
