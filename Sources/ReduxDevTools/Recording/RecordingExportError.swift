/// Why a recording could not be written as JSON Lines.
public enum RecordingExportError: Error, Equatable {
  /// The action at `entry` has a type that is not in the ``ActionRegistry``.
  case unregisteredActionType(String, entry: Int)
  /// The state or an action failed to encode; `entry` is `nil` for the initial state.
  case encodingFailed(entry: Int?, String)
}
