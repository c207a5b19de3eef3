import ReduxCore

extension ViewStore {
  /// The value of a memoized selector for the latest published state, tracked as a field of
  /// its own: `model[visibleTodos]`.
  ///
  /// ```swift
  /// let visibleTodos = MemoizedSelector(\AppState.todos, \.showsDone) { todos, showsDone in
  ///   showsDone ? todos : todos.filter { !$0.isDone }
  /// }
  ///
  /// // In a SwiftUI body:
  /// List(model[visibleTodos]) { TodoRow(todo: $0) }
  /// ```
  ///
  /// Reading it inside a SwiftUI `body` or `withObservationTracking` tracks the selector's
  /// value: a publish invalidates the reader only when the value differs from the one it read
  /// (with `==` when the value is `Equatable`, else by its bits, as for
  /// ``subscript(dynamicMember:)-9o36v``). The selector is computed once per published state
  /// (while a view observes it, by the publish itself), and every read of that state, in any
  /// view store, recalls that value; see `MemoizedSelector`.
  @inlinable
  public subscript<Value>(selector: MemoizedSelector<State, Value>) -> Value {
    let id = ObjectIdentifier(selector)
    let last: SelectionBox<Value>
    if let box = selections[id] as? SelectionBox<Value> {
      last = box
    } else {
      last = SelectionBox()
      selections[id] = last
    }
    track(.selection(id), bits: nil) {
      let equal = equality(of: Value.self) ?? { sameBits($0, $1) }
      return { _, new in
        guard let value = last.value else { return false }
        return equal(value, selector(new))
      }
    }
    let value = selector(current)
    last.value = value
    return value
  }
}

/// The value of a selector a view store last returned, to compare the next state's with.
@usableFromInline
final class SelectionBox<Value> {
  @usableFromInline var value: Value?

  @inlinable init() {}
}
