import ReduxCore

/// A Flux store whose state is one value, changed by a reducer per action type, that emits a
/// change only when the new state differs from the old.
///
/// ```swift
/// let todos = ReduceStore<[Todo]>(initialState: [], dispatcher: dispatcher)
///   .reduce(CreateTodo.self) { todos, result in
///     if case .success(let todo) = result { todos.append(todo) }
///   }
/// todos.onChange { print(todos.state.count, "todos") }
/// ```
///
/// ## Edges
/// - Reducers run on the dispatching thread, in registration order; each gets the state as the
///   previous one left it. The store compares the state after each reducer with the state
///   before it and emits ``StoreEvent/change`` once, after the last reducer, if any of them
///   changed it.
/// - A reducer that throws leaves the state as it was before that reducer, and the dispatch
///   throws ``FluxError/callbackFailed(token:error:)``.
/// - ``state`` may be read from any thread at any time; inside a dispatch, call
///   ``Dispatcher/waitFor(_:)`` with another store's ``dispatchToken`` before reading its state.
/// - The store unregisters when released or on ``unregister()``. Reducers must not capture the
///   store strongly.
public final class ReduceStore<State: Equatable & Sendable>: FluxStore {
  private let base: StoreBase
  private let cell: StateCell<State>

  /// Creates a store holding `initialState` and registers it with `dispatcher`.
  public init(initialState: State, dispatcher: Dispatcher) {
    base = StoreBase(dispatcher: dispatcher)
    cell = StateCell(initialState)
  }

  /// The current state.
  public var state: State { cell.value.withLock { $0 } }

  /// The dispatcher the store is registered with.
  public var dispatcher: Dispatcher { base.dispatcher }

  /// The token of the store's callback, for other stores' ``Dispatcher/waitFor(_:)``.
  public var dispatchToken: DispatchToken { base.dispatchToken }

  /// Emits ``StoreEvent/change`` after a dispatch that changed ``state``.
  public var emitter: EventEmitter<StoreEvent> { base.emitter }

  /// Adds a reducer for actions of type `A`: it changes the state in place using the result.
  ///
  /// - Returns: The store, so reducers can be chained after the initializer.
  @discardableResult
  public func reduce<A: FluxAction>(
    _ type: A.Type,
    _ reducer:
      @escaping @Sendable (_ state: inout State, _ result: Result<A.Payload, A.Failure>) throws ->
      Void
  ) -> ReduceStore {
    let cell = self.cell
    base.register(type) { result in
      // Only the dispatching thread writes the state, so reading, reducing a copy and writing
      // back cannot lose another writer's update; the lock is there for readers.
      var state = cell.value.withLock { $0 }
      let old = state
      try reducer(&state, result)
      if state == old { return .unchanged }
      cell.value.withLock { [state] in $0 = state }
      return .changed
    }
    return self
  }

  /// Removes the store from the dispatcher: its reducers stop receiving actions.
  public func unregister() { base.unregister() }
}

/// A store's state, shared between the store and its reducers.
final class StateCell<State: Sendable>: Sendable {
  let value: Lock<State>

  init(_ state: State) {
    value = Lock(state)
  }
}
