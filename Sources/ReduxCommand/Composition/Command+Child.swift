import ReduxCore

// How a child operator returns its child's command: owned by the child and addressed to it,
// beside the parent's command and the cancels of the children that went away.
extension Command {
  /// This command as the work of the child at `key`: run in a scope the child owns, with each
  /// action it sends wrapped by `address`. ``none`` stays ``none``.
  @usableFromInline
  func owned(by key: ChildKey, address: @escaping @Sendable (any Action) -> any Action)
    -> Command
  {
    isNone ? self : Command(.child(map(address), key))
  }

  /// The child's command, then the parent's, then a cancel of the work of each child in
  /// `removed`: last, so that work a child started in the same action is cancelled too.
  @usableFromInline
  static func merging(child: Command, parent: Command, cancelling removed: [ChildKey]) -> Command {
    if child.isNone && removed.isEmpty { return parent }
    return .batch([child, parent] + removed.map { Command(.cancel(id: CancelID($0))) })
  }
}
