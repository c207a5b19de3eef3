/// Why a recording could not be written as JSON Lines, naming the step at fault (0 is the
/// initial state, `i` the `i`th entry, as ``Recording/state(atStep:)`` counts).
public enum RecordingExportError: Error, Equatable {
  /// The action at `step` has a type that is not in the ``ActionRegistry``.
  case unregisteredActionType(String, step: Int)
  /// The state or the action at `step` failed to encode; step 0 is the initial state.
  case encodingFailed(step: Int, String)
}
