/// A value derived from a state, computed at most once for each distinct set of inputs however
/// many subscribers and views read it: Redux's reselect `createSelector`, NgRx's
/// `createSelector`.
///
/// A selector names its inputs (key paths of the state, or other selectors) and a projector that
/// computes the value from them. Reading it compares the inputs with those of the last
/// computation, with `==`, and returns the value computed then when they are equal; the
/// projector runs only when an input changed.
///
/// ```swift
/// struct Todo: Equatable, Sendable { var title: String; var isDone = false }
/// struct AppState: Sendable { var todos: [Todo] = []; var showsDone = true; var query = "" }
///
/// let visibleTodos = MemoizedSelector(\AppState.todos, \.showsDone) { todos, showsDone in
///   showsDone ? todos : todos.filter { !$0.isDone }
/// }
/// let visibleCount = MemoizedSelector(visibleTodos) { $0.count }
///
/// let subscription = store.subscribe(visibleCount) { print("visible:", $0) }
/// ```
///
/// Composition skips work downstream: when a dispatch changes `query` only, `visibleTodos` finds
/// its inputs unchanged and returns the array it computed before, so `visibleCount` finds its
/// input unchanged too and runs nothing. When `todos` changes but the filtered result is equal,
/// `visibleCount`'s projector does not run either.
///
/// ## Where it is read
/// - ``Store/subscribe(_:_:)`` calls `onChange` with the selected value now and each time it
///   changes; 1,000 subscriptions to one selector compute it once per state change.
/// - ReduxUI's view stores read it as a field (`model[visibleTodos]`), invalidating a view only
///   when the value changes.
/// - Anywhere else: call it with a state (`visibleTodos(store.state)`).
///
/// ## Threads
/// A selector is `Sendable` and safe to read from any thread: subscribers read it on the thread
/// that processes an action, views on the main actor. It keeps its two latest computations, so
/// a reader one state behind another (a view on the main actor while subscribers run on the
/// processing thread) does not compute again. The projector runs under the selector's lock, so
/// two threads never compute the same inputs twice; keep it pure, and do not read the same
/// selector from inside its projector (that stops the program with a message).
///
/// Inputs are compared with `==`: an array input costs one comparison of its storage when it is
/// unchanged, a full comparison only when it was rebuilt.
public final class MemoizedSelector<State, Value: Sendable>: Sendable {
  /// Computes or recalls the value for a state.
  @usableFromInline let select: @Sendable (State) -> Value

  /// A selector of a value computed from values of the state at key paths.
  ///
  /// ```swift
  /// let total = MemoizedSelector(\Cart.items, \Cart.discount) { items, discount in
  ///   items.map(\.price).reduce(0, +) * (1 - discount)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - input: The key paths of the inputs; each input is compared with `==`.
  ///   - projector: Computes the value from the inputs, in the order given. It runs when an
  ///     input differs from both of the last two computations' inputs.
  @inlinable
  public init<each Input: Equatable & Sendable>(
    _ input: repeat KeyPath<State, each Input> & Sendable,
    projector: @escaping @Sendable (repeat each Input) -> Value
  ) {
    let memo = SelectorMemo<SelectorInputs<repeat each Input>, Value> { $0.project(projector) }
    select = { state in memo.value(for: SelectorInputs(repeat state[keyPath: each input])) }
  }

  /// A selector of a value computed from the values of other selectors.
  ///
  /// ```swift
  /// let visibleCount = MemoizedSelector(visibleTodos) { $0.count }
  /// let summary = MemoizedSelector(visibleCount, MemoizedSelector(\AppState.query)) {
  ///   count, query in "\(count) matching \(query)"
  /// }
  /// ```
  ///
  /// Each input selector is read first (computed or recalled), then its value is compared with
  /// `==`, so when an input selector recalls its last value this one recalls its own.
  ///
  /// - Parameters:
  ///   - input: The selectors whose values are the inputs.
  ///   - projector: Computes the value from the inputs, in the order given.
  @inlinable
  public init<each Input: Equatable & Sendable>(
    _ input: repeat MemoizedSelector<State, each Input>,
    projector: @escaping @Sendable (repeat each Input) -> Value
  ) {
    let memo = SelectorMemo<SelectorInputs<repeat each Input>, Value> { $0.project(projector) }
    select = { state in memo.value(for: SelectorInputs(repeat (each input).select(state))) }
  }

  /// A selector of the value at a key path, to use as an input of other selectors next to
  /// selectors (`MemoizedSelector(visibleTodos, MemoizedSelector(\.query)) { ... }`).
  ///
  /// It reads the key path each time, with nothing to remember: reading a stored value costs
  /// less than comparing it.
  ///
  /// - Parameter keyPath: Where the value is in the state.
  @inlinable
  public init(_ keyPath: KeyPath<State, Value> & Sendable) {
    select = { $0[keyPath: keyPath] }
  }

  /// The value for `state`: recalled when the inputs equal those of one of the last two
  /// computations, computed otherwise.
  @inlinable
  public func callAsFunction(_ state: State) -> Value {
    select(state)
  }
}
