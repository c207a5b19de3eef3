// How an action addressed to a child reaches it, written once for `Reducer` and
// `CommandReducer`: each helper runs the child's reducer in place and returns what it returns,
// or reports a runtime warning and returns nil when the addressed child is not there. They are
// inlinable so that the operators built on them are specialized where they are used.

extension Optional {
  /// Runs `reduce` in place on the wrapped child with the child's own action; reports a warning
  /// and returns nil while the optional is nil. (A ``Dismiss`` goes to `dismiss` instead.)
  @inlinable @discardableResult
  mutating func reduceChild<Wrapper: ChildActionWrapper, Result>(
    _ wrapper: Wrapper, at keyPath: AnyKeyPath, fileID: StaticString, line: UInt,
    _ reduce: (inout Wrapped, any Action) -> Result
  ) -> Result? {
    guard self != nil else {
      ChildActionWarning.childAbsent(wrapper, at: keyPath, fileID: fileID, line: line)
      return nil
    }
    return reduce(&self!, wrapper.action)
  }
}

extension Optional where Wrapped: Sendable {
  /// Ends the child that was `presented` when a dismiss arrived, once the parent's reducer has
  /// run: unless the parent removed it itself or presented another child with another id; a
  /// dismiss for a child already gone is reported.
  @inlinable
  mutating func dismiss<Wrapper: ChildActionWrapper>(
    _ presented: Wrapped?, by wrapper: Wrapper, at keyPath: AnyKeyPath, fileID: StaticString,
    line: UInt
  ) {
    guard let presented else {
      return ChildActionWarning.childAbsent(wrapper, at: keyPath, fileID: fileID, line: line)
    }
    guard let current = self else { return }
    if let identity = PresentedIdentity(of: presented), !identity.matches(current) { return }
    self = nil
  }
}

extension EnumCase {
  /// Runs `reduce` in place on the value of this case in `root`, with the child's own action;
  /// reports a warning and returns nil when `root` is in another case.
  @inlinable @discardableResult
  func reduceCase<Wrapper: ChildActionWrapper, Result>(
    _ root: inout Enum, _ wrapper: Wrapper, fileID: StaticString, line: UInt,
    _ reduce: (inout Value, any Action) -> Result
  ) -> Result? {
    if let result = modify(&root, { reduce(&$0, wrapper.action) }) {
      return result
    }
    ChildActionWarning.caseMismatch(wrapper, state: root, fileID: fileID, line: line)
    return nil
  }
}

extension StackState {
  /// Carries out `stackAction`: pushes, pops, or runs `reduce` in place on the addressed screen
  /// (a ``Dismiss`` for a screen pops from it instead). Returns the screen's id and what
  /// `reduce` returned when it ran; reports a warning for an id that no screen has: a dismiss or
  /// a pop for it, that the screen is already gone.
  @inlinable @discardableResult
  mutating func reduce<Result>(
    _ stackAction: StackAction<Screen>, at keyPath: AnyKeyPath, fileID: StaticString, line: UInt,
    _ reduce: (inout Screen, any Action) -> Result
  ) -> (id: StackElementID, result: Result)? {
    let gone: StackElementID
    switch stackAction {
    case .element(let id, let action):
      if action.as(Dismiss.self) == nil {
        if let result = updateElement(id: id, { reduce(&$0, action) }) { return (id, result) }
        ChildActionWarning.screenMissing(
          stackAction, id: id, isRemoval: false, at: keyPath, fileID: fileID, line: line)
        return nil
      }
      if pop(from: id) { return nil }
      gone = id
    case .push(let screen, nil):
      append(screen)
      return nil
    case .push(let screen, let id?):
      if !append(screen, id: id) {
        ChildActionWarning.pushRefused(stackAction, id: id, at: keyPath, fileID: fileID, line: line)
      }
      return nil
    case .popFrom(let id):
      if pop(from: id) { return nil }
      gone = id
    case .popTo(let id):
      if pop(to: id) { return nil }
      gone = id
    }
    ChildActionWarning.screenMissing(
      stackAction, id: gone, isRemoval: true, at: keyPath, fileID: fileID, line: line)
    return nil
  }
}
