/// How strictly a ``TestStore`` checks the store.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running piece of work must be asserted; the
  /// default.
  case on
  /// Only what the test asserts is checked: a `send` or `receive` closure checks the fields it
  /// sets; `send` skips the actions received before it; `receive` skips the actions received
  /// before the one it matches (and none when nothing matches); unreceived actions are not
  /// failures. Work still running at `finish()` still fails.
  case off
}
