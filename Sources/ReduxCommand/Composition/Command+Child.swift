import ReduxCore

// How a child feature's command becomes its parent's: run in a scope the child owns, its actions
// addressed back to the child, and tagged with how to find the child in the parent's state, so
// that the store can end it once the child is gone, whichever reducer removed it.

// The functions that build and read a child's presence are inlinable: specialized in the app's
// module, checking a child asks the runtime for no generic metadata (ModuleProfile's
// `command-working64`, benchmark 15e).

/// The child feature a ``Command/Kind/child(_:_:)`` part belongs to.
@usableFromInline
struct ChildOwner: Sendable {
  /// The child's id; its scope is registered under it (the namespace of its cancel ids).
  @usableFromInline let id: ChildFeatureID
  /// Whether the child is still in the state of the reducer that holds the command: a
  /// ``ChildPresence`` of that state's type, raised one level each time an enclosing operator
  /// takes the command, so that at the store it reads the store's state.
  @usableFromInline let presence: any AnyObject & Sendable
  /// The child was gone by the time the action that returned the command was reduced: its
  /// scope is cancelled as soon as the command has started in it.
  @usableFromInline var isGone = false

  @inlinable
  init(id: ChildFeatureID, presence: any AnyObject & Sendable) {
    self.id = id
    self.presence = presence
  }
}

/// Whether a child is in a state of type `Root`.
@usableFromInline
final class ChildPresence<Root>: Sendable {
  @usableFromInline let isPresent: @Sendable (Root) -> Bool

  @inlinable
  init(_ isPresent: @escaping @Sendable (Root) -> Bool) {
    self.isPresent = isPresent
  }

  /// Whether the child whose presence `presence` tells is in `state`; true when `presence`
  /// reads another type of state (a command run outside a store of that state).
  @inlinable
  static func isPresent(_ presence: any AnyObject & Sendable, in state: Root) -> Bool {
    (presence as? ChildPresence<Root>)?.isPresent(state) ?? true
  }
}

extension Command {
  /// This command as the work of `child`: run in a scope the child owns, with each action it
  /// sends addressed back to the child. The child features inside it are re-rooted on the
  /// parent's state.
  @inlinable
  func owned<Parent, Child>(by child: ChildFeature<Parent, Child>) -> Command {
    let presence = ChildPresence<Parent> { child.extract(from: $0) != nil }
    let owner = ChildOwner(id: child.id, presence: presence)
    return Command(.child(rerooted(on: child.extract).map(child.address), owner))
  }

  /// This command, returned by a reducer of `Child`, with the presence of each child feature
  /// inside it read from a `Parent` instead, through `extract`.
  @inlinable
  func rerooted<Parent, Child>(on extract: @escaping @Sendable (Parent) -> Child?) -> Command {
    mappingChildParts { command, owner in
      let inner = owner.presence
      let presence = ChildPresence<Parent> { parent in
        guard let state = extract(parent) else { return false }
        return ChildPresence<Child>.isPresent(inner, in: state)
      }
      let raised = ChildOwner(id: owner.id, presence: presence)
      return Command(.child(command.rerooted(on: extract), raised))
    }
  }

  /// This command with the parts of child features that are no longer in `state`, the state
  /// it was returned for, marked gone: what a removed child asked for in the action that
  /// removed it is cancelled as it starts.
  @inlinable
  func markingChildrenGone<Root>(from state: Root) -> Command {
    // Usually no child is gone: the command is then started as it is, not rebuilt.
    guard hasChildrenGone(from: state) else { return self }
    return mappingChildParts { command, owner in
      guard ChildPresence<Root>.isPresent(owner.presence, in: state) else {
        var gone = owner
        gone.isGone = true
        return Command(.child(command, gone))
      }
      return Command(.child(command.markingChildrenGone(from: state), owner))
    }
  }

  /// Whether a part of this command belongs to a child feature that is no longer in `state`.
  @inlinable
  func hasChildrenGone<Root>(from state: Root) -> Bool {
    switch kind {
    case .none, .action, .run, .cancel:
      return false
    case .batch(let commands), .concatenate(let commands):
      return commands.contains { $0.hasChildrenGone(from: state) }
    case .map(let command, _), .cancellable(let command, _, _), .throttle(let command, _, _):
      return command.hasChildrenGone(from: state)
    case .child(let command, let owner):
      return !ChildPresence<Root>.isPresent(owner.presence, in: state)
        || command.hasChildrenGone(from: state)
    }
  }

  /// This command with each child feature's part replaced by what `transform` makes of its
  /// command and owner; every other part as it is.
  @inlinable
  func mappingChildParts(_ transform: (Command, ChildOwner) -> Command) -> Command {
    switch kind {
    case .none, .action, .run, .cancel:
      return self
    case .batch(let commands):
      return Command(.batch(commands.map { $0.mappingChildParts(transform) }))
    case .concatenate(let commands):
      return Command(.concatenate(commands.map { $0.mappingChildParts(transform) }))
    case .map(let command, let addressing):
      return Command(.map(command.mappingChildParts(transform), addressing))
    case .cancellable(let command, let id, let cancelInFlight):
      return Command(
        .cancellable(command.mappingChildParts(transform), id: id, cancelInFlight: cancelInFlight))
    case .throttle(let command, let id, let decide):
      return Command(.throttle(command.mappingChildParts(transform), id: id, decide: decide))
    case .child(let command, let owner):
      return transform(command, owner)
    }
  }
}
