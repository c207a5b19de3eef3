import ReduxCore
import ReduxSeam

/// A Flux store whose state is one value, changed by a reducer per action type, that emits a
/// change only when the new state differs from the old.
///
/// ```swift
/// let todos = ReduceStore<[Todo]>(initialState: [], dispatcher: dispatcher)
///   .reduce(CreateTodo.self) { todos, result in
///     if case .success(let todo) = result { todos.append(todo) }
///   }
/// todos.onChange { [weak todos] in print(todos?.state.count ?? 0, "todos") }
/// ```
///
/// ## Edges
/// - Reducers run on the dispatching thread, in registration order; each gets the state as the
///   previous one left it. After the last one, the store compares the new state with the state
///   before the dispatch and, only if they differ, stores it and emits ``StoreEvent/change``
///   (once per dispatch).
/// - A reducer that throws leaves the state as it was before the dispatch (no reducer's change
///   is kept), and the dispatch throws ``FluxError/callbackFailed(token:error:)``.
/// - ``state`` may be read from any thread at any time; inside a dispatch, call
///   ``Dispatcher/waitFor(_:)`` with another store's ``dispatchToken`` before reading its state.
/// - The store unregisters when released or on ``unregister()``. Reducers must not capture the
///   store strongly.
public final class ReduceStore<State: Equatable & Sendable>: FluxStore {
  // The initializer and `reduce(_:_:)` are inlinable: specialized for the app's state and
  // actions where the store is made, the closures they register ask the runtime for no generic
  // metadata on each dispatch (ModuleProfile's `flux-independent`).
  @usableFromInline let base: StoreBase
  @usableFromInline let cell: StateCell<State>
  @usableFromInline let reducers: StateReducers<State>

  /// Creates a store holding `initialState` and registers it with `dispatcher`.
  @inlinable
  public init(initialState: State, dispatcher: Dispatcher) {
    let cell = StateCell(initialState)
    let reducers = StateReducers<State>()
    base = StoreBase(dispatcher: dispatcher)
    self.cell = cell
    self.reducers = reducers
    base.registerForAll { dispatched in
      // Only the dispatching thread writes the state, so reducing a copy and writing it back
      // cannot lose another writer's update; the lock is there for readers on other threads.
      let old = cell.value.withLock { $0 }
      var state = old
      guard try reducers.reduce(&state, dispatched), state != old else { return .unchanged }
      cell.value.withLock { [state] in $0 = state }
      return .changed
    }
  }

  /// The current state.
  public var state: State { cell.value.withLock { $0 } }

  /// The dispatcher the store is registered with.
  public var dispatcher: Dispatcher { base.dispatcher }

  /// The token of the store's callback, for other stores' ``Dispatcher/waitFor(_:)``.
  public var dispatchToken: DispatchToken { base.dispatchToken }

  /// Emits ``StoreEvent/change`` after a dispatch that changed ``state``.
  public var emitter: EventEmitter<StoreEvent> { base.emitter }

  /// Whether ``state`` changed during the dispatch in progress (Facebook Flux's `hasChanged`).
  ///
  /// ```swift
  /// dispatcher.register(CreateTodo.self) { _ in
  ///   try dispatcher.waitFor([todos.dispatchToken])
  ///   if try todos.hasChanged() { recount(todos.state) }
  /// }
  /// ```
  ///
  /// It is `false` before the store's callback has run in this dispatch, and when the reducers
  /// left the state equal to what it was.
  ///
  /// - Throws: ``FluxError/hasChangedOutsideDispatch`` when the calling thread is not running a
  ///   dispatch of the store's dispatcher.
  public func hasChanged() throws(FluxError) -> Bool {
    try base.hasChanged()
  }

  /// Adds a reducer for actions of type `A`: it changes the state in place using the result.
  ///
  /// - Returns: The store, so reducers can be chained after the initializer.
  @inlinable @discardableResult
  public func reduce<A: FluxAction>(
    _ type: A.Type,
    _ reducer:
      @escaping @Sendable (_ state: inout State, _ result: Result<A.Payload, A.Failure>) throws ->
      Void
  ) -> ReduceStore {
    reducers.add { state, dispatched in
      guard let result = dispatched.result(of: A.self) else { return false }
      try reducer(&state, result)
      return true
    }
    return self
  }

  /// Removes the store from the dispatcher: its reducers stop receiving actions.
  public func unregister() { base.unregister() }
}

/// A store's reducers, shared between the store and its dispatcher callback.
@usableFromInline
final class StateReducers<State: Sendable>: Sendable {
  @usableFromInline typealias Reduce = @Sendable (inout State, DispatchedAction) throws -> Bool
  @usableFromInline let reducers = Lock<[Reduce]>([])

  @inlinable
  init() {}

  @inlinable
  func add(_ reducer: @escaping Reduce) {
    reducers.withLock { $0.append(reducer) }
  }

  /// Runs the reducers for the action in order; returns whether any of them handled it.
  @inlinable
  func reduce(_ state: inout State, _ dispatched: DispatchedAction) throws -> Bool {
    var handled = false
    for reducer in reducers.withLock({ $0 }) {
      if try reducer(&state, dispatched) { handled = true }
    }
    return handled
  }
}

/// A store's state, shared between the store and its reducers.
@usableFromInline
final class StateCell<State: Sendable>: Sendable {
  @usableFromInline let value: Lock<State>

  @inlinable
  init(_ state: State) {
    value = Lock(state)
  }
}
