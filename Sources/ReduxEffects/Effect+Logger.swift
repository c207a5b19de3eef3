import Logging
import ReduxCore

extension Effect {
  /// An effect that logs each action, its type and payload, to your `Logger`; optionally with
  /// the state change as a list of what changed.
  ///
  /// ```swift
  /// var logger = Logger(label: "app.store")
  /// logger.logLevel = .debug
  /// let store = Store(
  ///   initialState: AppState(),
  ///   reducer: appReducer,
  ///   effects: [.logger(logger, level: .debug, stateChanges: true)]
  /// )
  /// store.dispatch(Increment(by: 2))
  /// // debug app.store: action=Increment changes=["count: 0 → 2"] payload=Increment(by: 2)
  /// //   [ReduxEffects] Increment
  /// ```
  ///
  /// Each entry has the action's type name as its message and this metadata:
  /// - `action`: the action's type name, such as `Increment`;
  /// - `payload`: the action's fields, such as `Increment(by: 2)`: like `String(describing:)`,
  ///   but nested types lose their module prefix and collections show at most 10 elements;
  /// - `changes` (with `stateChanges`): one string per changed value, `path: old → new`, where
  ///   the path walks stored properties of structs, classes and tuples (`posts.request`); other
  ///   values (collections, enums, optionals) are compared by their description. An empty
  ///   array means the action changed nothing.
  ///
  /// When `logger.logLevel` is above `level` the effect returns at once: it describes nothing,
  /// and does not read the state before the action. Describing a state for `changes` walks it
  /// with `Mirror`, which is slow for large states; keep `stateChanges` for debugging.
  ///
  /// - Parameters:
  ///   - logger: Where entries go; its handler and level are yours.
  ///   - level: The level of each entry.
  ///   - stateChanges: Whether to add the `changes` metadata.
  ///   - metadata: Added to every entry.
  public static func logger(
    _ logger: Logger,
    level: Logger.Level = .info,
    stateChanges: Bool = false,
    metadata: Logger.Metadata = [:]
  ) -> Effect {
    var wantsPreviousState: (@Sendable () -> Bool)?
    if stateChanges {
      wantsPreviousState = { logger.logLevel <= level }
    }
    return Effect(name: "logger", wantsPreviousState: wantsPreviousState) { action, scope in
      guard logger.logLevel <= level else { return }
      let typeName = String(describing: type(of: action))
      var entry = metadata
      entry["action"] = .string(typeName)
      entry["payload"] = .string(ValueDescription.describe(action))
      if stateChanges, let previous = scope.previousState {
        let changes = StateDiff.changes(from: previous, to: scope.state)
        entry["changes"] = .array(changes.map { .string($0) })
      }
      logger.log(level: level, "\(typeName)", metadata: entry, source: "ReduxEffects")
    }
  }
}
