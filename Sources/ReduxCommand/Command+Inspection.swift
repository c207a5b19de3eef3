import ReduxCore

// What a command would do, read without running it: tests of a command reducer look at the
// command it returns instead of standing up a store.
extension Command {
  /// Whether this command does nothing at all: no action, no job, no cancel.
  ///
  /// ```swift
  /// var state = Counter()
  /// #expect(counter(&state, Step()).isNone)
  /// ```
  public var isNone: Bool {
    switch kind {
    case .none: return true
    case .action, .run, .cancel: return false
    case .batch(let commands), .concatenate(let commands): return commands.allSatisfy(\.isNone)
    case .map(let command, _), .child(let command, _), .throttle(let command, _, _):
      return command.isNone
    case .cancellable(let command, _, let cancelInFlight): return !cancelInFlight && command.isNone
    }
  }

  /// The actions this command dispatches as soon as it starts, without waiting for any job, in
  /// the order it dispatches them, with ``map(_:)`` applied.
  ///
  /// For a ``concatenate(_:)-([Command])`` that is its leading run of actions, up to the first
  /// part that has asynchronous work; actions sent by jobs are not included (run the command
  /// with ``collectActions()`` to get those).
  ///
  /// ```swift
  /// let command = Command.batch(.action(Saved()), .action(Close()))
  /// #expect(command.synchronousActions.count == 2)
  /// ```
  public var synchronousActions: [any Action] {
    switch kind {
    case .none, .run, .cancel: return []
    case .action(let action): return [action]
    case .batch(let commands): return commands.flatMap(\.synchronousActions)
    case .concatenate(let commands): return Self.leadingPart(of: commands, \.synchronousActions)
    case .map(let command, let transform): return command.synchronousActions.map(transform)
    // A throttled command is read as if it ran now.
    case .cancellable(let command, _, _), .child(let command, _), .throttle(let command, _, _):
      return command.synchronousActions
    }
  }

  /// The ids whose in-flight work this command cancels as soon as it starts: those of
  /// ``cancel(id:)``, and of ``cancellable(id:cancelInFlight:)`` with `cancelInFlight: true`.
  ///
  /// ```swift
  /// #expect(counter(&state, StopAuto()).cancelledIDs == ["auto"])
  /// ```
  public var cancelledIDs: [AnyHashable] {
    switch kind {
    case .none, .run, .action: return []
    case .cancel(let id): return [id.anyHashable]
    case .batch(let commands): return commands.flatMap(\.cancelledIDs)
    case .concatenate(let commands): return Self.leadingPart(of: commands, \.cancelledIDs)
    case .map(let command, _), .child(let command, _), .throttle(let command, _, _):
      return command.cancelledIDs
    case .cancellable(let command, let id, let cancelInFlight):
      return (cancelInFlight ? [id.anyHashable] : []) + command.cancelledIDs
    }
  }

  /// Whether this command runs asynchronous work (``run(_:)``, ``callback(_:)``,
  /// ``perform(_:then:)`` or ``attempt(_:then:)``), and so may send actions later.
  public var hasAsyncWork: Bool {
    switch kind {
    case .none, .action, .cancel: return false
    case .run: return true
    case .batch(let commands), .concatenate(let commands):
      return commands.contains(where: \.hasAsyncWork)
    case .map(let command, _), .cancellable(let command, _, _), .child(let command, _),
      .throttle(let command, _, _):
      return command.hasAsyncWork
    }
  }

  /// What the parts of a concatenation do before the first one that has to wait.
  private static func leadingPart<Element>(
    of commands: [Command], _ part: (Command) -> [Element]
  ) -> [Element] {
    var result: [Element] = []
    for command in commands {
      result += part(command)
      if command.hasAsyncWork { break }
    }
    return result
  }
}
