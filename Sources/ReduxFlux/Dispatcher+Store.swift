import ReduxCore

extension Dispatcher {
  /// Makes a ReduxCore `Store` one of this dispatcher's stores: every dispatch is sent to it
  /// as a ``DispatchedAction``, so its reducer (and middleware) see Flux actions with their
  /// results.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Todos(),
  ///   reducer: Reducer<Todos>.onResult(CreateTodo.self) { todos, result in
  ///     if case .success(let todo) = result { todos.items.append(todo) }
  ///   }
  /// )
  /// let token = dispatcher.feed(store)
  /// ```
  ///
  /// Other Flux callbacks may ``waitFor(_:)`` the returned token: once it has run, the store
  /// has reduced the action and notified its subscribers, provided nothing else dispatches to
  /// the store at the same time (then the store queues the action behind the other work; see
  /// `Store.dispatch`). The dispatcher holds the store weakly: after the store is released the
  /// callback does nothing; unregister the token to remove it.
  ///
  /// - Returns: The token of the callback that feeds the store.
  @discardableResult
  public func feed<State: Sendable>(_ store: Store<State>) -> DispatchToken {
    register { [weak store] dispatched in store?.dispatch(dispatched) }
  }
}

extension Reducer {
  /// Creates a reducer that handles Flux dispatches of `A` fed by ``Dispatcher/feed(_:)``,
  /// handing the closure the action's result; every other action leaves the state unchanged.
  public static func onResult<A: FluxAction>(
    _ type: A.Type,
    _ handle:
      @escaping @Sendable (_ state: inout State, _ result: Result<A.Payload, A.Failure>) -> Void
  ) -> Reducer {
    Reducer { state, action in
      if let result = action.as(DispatchedAction.self)?.result(of: A.self) {
        handle(&state, result)
      }
    }
  }

  /// Returns a reducer that runs this reducer and then, for Flux dispatches of `A`, `handle`.
  public func onResult<A: FluxAction>(
    _ type: A.Type,
    _ handle:
      @escaping @Sendable (_ state: inout State, _ result: Result<A.Payload, A.Failure>) -> Void
  ) -> Reducer {
    combined(with: .onResult(type, handle))
  }
}
