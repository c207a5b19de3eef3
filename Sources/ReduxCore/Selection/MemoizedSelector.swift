/// A value derived from a state, computed at most once for each distinct set of inputs however
/// many subscribers and views read it: Redux's reselect `createSelector`, NgRx's
/// `createSelector`.
///
/// A selector names its inputs (up to four: key paths of the state, functions of it, or other
/// selectors) and a projector that computes the value from them. Reading it compares the inputs
/// with those of the last computations, with `==`, and returns the value computed then when
/// they are equal; the projector runs only when an input changed.
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
/// `visibleCount`'s projector does not run either. A selector and a key path mix as inputs
/// through a function: `MemoizedSelector({ visibleTodos($0) }, \.query, projector: { ... })`.
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
/// ## Cost
/// Inputs are read on every read of the selector and compared with `==`: keep them cheap to
/// read (stored properties, other selectors), and put the expensive work in the projector. An
/// array input costs one comparison of its storage when it is unchanged, a full comparison only
/// when it was rebuilt.
public final class MemoizedSelector<State, Value: Sendable>: Sendable {
  /// Computes or recalls the value for a state.
  @usableFromInline let select: @Sendable (State) -> Value
  /// The memo's count of projector runs, reset to 0 when asked.
  @usableFromInline let count: @Sendable (_ reset: Bool) -> Int

  @usableFromInline
  init(select: @escaping @Sendable (State) -> Value, count: @escaping @Sendable (Bool) -> Int) {
    self.select = select
    self.count = count
  }

  /// How many times the projector has run, as reselect's `recomputations()`: a test can check
  /// that unrelated changes to the state recompute nothing.
  ///
  /// ```swift
  /// _ = doneCount(state)
  /// state.filter = .all         // not an input
  /// _ = doneCount(state)
  /// #expect(doneCount.recomputations == 1)
  /// ```
  public var recomputations: Int { count(false) }

  /// Sets ``recomputations`` back to 0 (reselect's `resetRecomputations()`); what the selector
  /// remembers is kept.
  public func resetRecomputations() {
    _ = count(true)
  }

  /// The value for `state`: recalled when the inputs equal those of one of the last two
  /// computations, computed otherwise.
  @inlinable
  public func callAsFunction(_ state: State) -> Value {
    select(state)
  }

  /// A selector of a value computed from one input.
  ///
  /// ```swift
  /// let doneCount = MemoizedSelector(\AppState.todos) { $0.filter(\.isDone).count }
  /// ```
  ///
  /// - Parameters:
  ///   - input: Reads the input: a key path (`\AppState.todos`) or a function of the state.
  ///   - projector: Computes the value from the input. It runs when the input differs from
  ///     those of the last two computations.
  @inlinable
  public convenience init<A: Equatable & Sendable>(
    _ input: @escaping @Sendable (State) -> A, projector: @escaping @Sendable (A) -> Value
  ) {
    let memo = SelectorMemo<A, Value>(project: projector)
    self.init(select: { memo.value(for: input($0)) }, count: memo.recomputations)
  }

  /// A selector of a value computed from two inputs.
  ///
  /// ```swift
  /// let total = MemoizedSelector(\Cart.items, \.discount) { items, discount in
  ///   items.map(\.price).reduce(0, +) * (1 - discount)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - a: Reads the first input: a key path or a function of the state.
  ///   - b: Reads the second input.
  ///   - projector: Computes the value from the inputs. It runs when an input differs from
  ///     those of the last two computations.
  @inlinable
  public convenience init<A: Equatable & Sendable, B: Equatable & Sendable>(
    _ a: @escaping @Sendable (State) -> A, _ b: @escaping @Sendable (State) -> B,
    projector: @escaping @Sendable (A, B) -> Value
  ) {
    let memo = SelectorMemo<Inputs2<A, B>, Value> { projector($0.a, $0.b) }
    self.init(select: { memo.value(for: Inputs2(a: a($0), b: b($0))) }, count: memo.recomputations)
  }

  /// A selector of a value computed from three inputs.
  ///
  /// - Parameters:
  ///   - a: Reads the first input: a key path or a function of the state.
  ///   - b: Reads the second input.
  ///   - c: Reads the third input.
  ///   - projector: Computes the value from the inputs. It runs when an input differs from
  ///     those of the last two computations.
  @inlinable
  public convenience init<
    A: Equatable & Sendable, B: Equatable & Sendable, C: Equatable & Sendable
  >(
    _ a: @escaping @Sendable (State) -> A, _ b: @escaping @Sendable (State) -> B,
    _ c: @escaping @Sendable (State) -> C, projector: @escaping @Sendable (A, B, C) -> Value
  ) {
    let memo = SelectorMemo<Inputs3<A, B, C>, Value> { projector($0.a, $0.b, $0.c) }
    self.init(
      select: { memo.value(for: Inputs3(a: a($0), b: b($0), c: c($0))) }, count: memo.recomputations
    )
  }

  /// A selector of a value computed from four inputs.
  ///
  /// - Parameters:
  ///   - a: Reads the first input: a key path or a function of the state.
  ///   - b: Reads the second input.
  ///   - c: Reads the third input.
  ///   - d: Reads the fourth input.
  ///   - projector: Computes the value from the inputs. It runs when an input differs from
  ///     those of the last two computations.
  @inlinable
  public convenience init<
    A: Equatable & Sendable, B: Equatable & Sendable, C: Equatable & Sendable,
    D: Equatable & Sendable
  >(
    _ a: @escaping @Sendable (State) -> A, _ b: @escaping @Sendable (State) -> B,
    _ c: @escaping @Sendable (State) -> C, _ d: @escaping @Sendable (State) -> D,
    projector: @escaping @Sendable (A, B, C, D) -> Value
  ) {
    let memo = SelectorMemo<Inputs4<A, B, C, D>, Value> { projector($0.a, $0.b, $0.c, $0.d) }
    self.init(
      select: { memo.value(for: Inputs4(a: a($0), b: b($0), c: c($0), d: d($0))) },
      count: memo.recomputations)
  }
}
