// Work reporting: how the side-effect modules tell the store what work an action started and
// when it ends, so that `await store.send(action).finish()` (UIs: `.task`, `.refreshable`) and a
// test store (exhaustive tests) can await it without any module importing a sibling.
//
// An action sent with `send` gets a fresh origin. Everything that descends from it carries that
// origin: work a module begins while the store processes it (`processingOrigin`), actions that
// work dispatches (`dispatch(_:origin:listener:)`), and actions queued while it is being
// processed. Plain `dispatch` is untracked and costs nothing here: `beginWork` returns nil for an
// untracked origin unless a test probe asks the store to track everything.

/// Which ``Store/send(_:)`` an action, and the work it started, descend from.
@usableFromInline
package struct ActionOrigin: Hashable, Sendable {
  @usableFromInline package let id: UInt64

  @usableFromInline package init(id: UInt64) {
    self.id = id
  }

  /// The origin of a plain `dispatch`: nobody awaits its work.
  @usableFromInline package static let untracked = ActionOrigin(id: 0)

  /// Whether a `send` awaits this origin's work.
  @usableFromInline package var isTracked: Bool { id != 0 }
}
