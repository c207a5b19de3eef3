/// Why a JSON Lines recording could not be imported, with the line that failed and what was
/// imported before it.
///
/// Nothing is lost: ``imported`` holds every entry read before ``line``, so a truncated file
/// still gives its complete lines.
public struct RecordingImportError<State: Sendable>: Error, CustomStringConvertible {
  /// What is wrong with the line.
  public enum Reason: Sendable, Equatable {
    /// The first line is not a swift-redux recording header.
    case notARecording
    /// The recording was written by a newer format version than this library reads.
    case newerVersion(found: Int, supported: Int)
    /// The header names a format version that no release has written (such as 0): the file is
    /// damaged or was not written by swift-redux.
    case unknownVersion(found: Int, supported: Int)
    /// The line is not valid JSON for an entry (for example, the file was cut off).
    case malformedLine(String)
    /// The line's action type is not in the ``ActionRegistry``.
    case unknownActionType(String)
  }

  /// The 1-based line number in the input.
  public var line: Int
  /// What is wrong with it.
  public var reason: Reason
  /// The recording up to the line before; `nil` when the header itself failed.
  public var imported: Recording<State>?

  /// A sentence that names the line and the fix.
  public var description: String {
    switch reason {
    case .notARecording:
      "line \(line): not a swift-redux recording (expected a header line first)"
    case .newerVersion(let found, let supported):
      "line \(line): recording format \(found) is newer than \(supported); update swift-redux"
    case .unknownVersion(let found, let supported):
      "line \(line): recording format \(found) was never written (this library reads format "
        + "\(supported)); the file is damaged or not a swift-redux recording"
    case .malformedLine(let detail):
      "line \(line): malformed entry (\(detail))"
    case .unknownActionType(let name):
      "line \(line): unknown action type \"\(name)\"; register it in the ActionRegistry"
    }
  }
}
