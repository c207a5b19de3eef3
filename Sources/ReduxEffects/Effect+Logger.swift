import CustomDump
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
  /// // debug app.store: action=Increment changes=["  AppState(", "-   count: 0", "+   count: 2",
  /// //   "  )"] payload=Increment(by: 2) [ReduxEffects] Increment
  /// ```
  ///
  /// Each entry has the action's type name as its message and this metadata:
  /// - `action`: the action's type name, such as `Increment`;
  /// - `payload`: the action as swift-custom-dump's `customDump` prints it, such as
  ///   `Increment(by: 2)` (one line per field when there are several), never cut short;
  /// - `changes` (with `stateChanges`): the lines of swift-custom-dump's `diff` of the state
  ///   before and after the action. Lines starting with `-` hold old values and `+` new ones;
  ///   the diff walks into structs, enums and collections, so a change to one element's field
  ///   shows that field, with unchanged neighbours folded (`… (98 unchanged)`). An empty array
  ///   means the action changed nothing.
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
      entry["payload"] = .string(String(customDumping: action))
      if stateChanges, let previous = scope.previousState {
        let lines = diff(previous, scope.state)?.split(separator: "\n") ?? []
        entry["changes"] = .array(lines.map { .string(String($0)) })
      }
      logger.log(level: level, "\(typeName)", metadata: entry, source: "ReduxEffects")
    }
  }
}
