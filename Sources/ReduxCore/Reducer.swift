/// A function that applies an action to a state in place.
///
/// A reducer is a value: build it once and compose it. It gets the state by `inout`, so a large
/// part of the state that an action does not touch is never copied.
///
/// ```swift
/// struct Counter { var count = 0 }
/// struct Increment: Action { var by = 1 }
/// struct Reset: Action {}
///
/// let counter = Reducer<Counter>
///   .on(Increment.self) { state, action in state.count += action.by }
///   .on(Reset.self) { state, _ in state.count = 0 }
/// ```
///
/// Reducers run synchronously while the store holds its lock, in the order the actions were
/// accepted. They get no store, so they cannot dispatch; do side effects in middleware or one of
/// the side-effect modules, and never read a store's state from inside its own reducer.
public struct Reducer<State>: InPlaceReducible, Sendable {
  @usableFromInline let body: @Sendable (inout State, any Action) -> Void

  /// Creates a reducer from a closure that changes the state in place.
  ///
  /// It is the initializer a trailing closure picks when the closure could be either form, such
  /// as one that does not touch the state: `Reducer { _, action in log(action) }`.
  ///
  /// ```swift
  /// let counter = Reducer<Int> { count, action in
  ///   switch action {
  ///   case let increment as Increment: count += increment.by
  ///   case is Reset: count = 0
  ///   default: break
  ///   }
  /// }
  /// ```
  public init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: any Action) -> Void) {
    body = reduce
  }

  /// Applies `action` to `state`; a store does this for each dispatched action, and tests can
  /// call it directly.
  @inlinable
  public func callAsFunction(_ state: inout State, _ action: any Action) {
    body(&state, action)
  }

  /// Applies `action` to a copy of `state` and returns the result.
  @inlinable
  public func reduce(_ state: State, _ action: any Action) -> State {
    var next = state
    body(&next, action)
    return next
  }
}

extension Reducer {
  /// Returns a reducer for a parent state that runs this reducer on the part of the parent at
  /// `keyPath`, in place.
  ///
  /// ```swift
  /// struct App { var counter = Counter(); var todos = Todos() }
  /// let app = Reducer.combine(
  ///   counterReducer.lift(\App.counter),
  ///   todosReducer.lift(\App.todos)
  /// )
  /// ```
  public func lift<Parent>(
    _ keyPath: WritableKeyPath<Parent, State> & Sendable
  ) -> Reducer<Parent> {
    let body = self.body
    return Reducer<Parent> { parent, action in body(&parent[keyPath: keyPath], action) }
  }
}

/// A type created from a closure that changes a state in place; ``Reducer`` is the one that
/// conforms.
///
/// It carries ``Reducer``'s `(State, Action) -> State` initializer, ``init(returning:)``, as a
/// default implementation. Swift prefers a type's own initializer to a protocol's default one
/// when both fit a trailing closure, so `Reducer { _, action in ... }` (a closure that neither
/// changes nor returns the state) means the in-place ``Reducer/init(_:)``, while a closure that
/// returns a state, `Reducer<Int> { count, _ in count + 1 }`, still means the returning form.
public protocol InPlaceReducible {
  /// The state the reducer changes.
  associatedtype State

  /// Creates a reducer from a closure that changes the state in place.
  init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: any Action) -> Void)
}

extension InPlaceReducible {
  /// Creates a reducer from a closure that returns the next state, for reducers written as
  /// `(State, Action) -> State` functions.
  ///
  /// The returned state replaces the old one; prefer the in-place ``Reducer/init(_:)`` when the
  /// state holds large collections, because building a new state can copy them.
  ///
  /// ```swift
  /// func counter(_ state: Int, _ action: any Action) -> Int {
  ///   action is Increment ? state + 1 : state
  /// }
  /// let reducer = Reducer(returning: counter)
  /// ```
  public init(
    returning reduce: @escaping @Sendable (_ state: State, _ action: any Action) -> State
  ) {
    self.init { state, action in state = reduce(state, action) }
  }
}
