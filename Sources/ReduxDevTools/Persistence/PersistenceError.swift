import Foundation

/// Why a state file could not be restored or saved: what went wrong, the file it is about, and,
/// for a file that could not be restored, where the next save keeps it.
///
/// Its ``description`` is a sentence that names the path and says what to do:
///
/// ```
/// the state file /data/app/state.json is version 3, newer than 2; update the app (the next
/// save keeps the file as /data/app/state.json.unreadable-1)
/// ```
public struct PersistenceError: Error, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The file is not a state file this library can read (cut off, not JSON, wrong shape).
    case corruptFile(String)
    /// The file was written by a newer version of the app than this one reads.
    case newerVersion(found: Int, supported: Int)
    /// The file is from an older version and no migration was given for it.
    case noMigration(from: Int)
    /// The migration hook threw for a file of version `from`.
    case migrationFailed(from: Int, String)
    /// The state could not be written as JSON (such as a non-finite number in it).
    case encodingFailed(String)
    /// Something other than a regular file is at the path (its kind, such as "a named pipe
    /// (FIFO)"), so it is neither read nor written over until it is moved away.
    case notAFile(String)
    /// The file system refused `action` on ``PersistenceError/file`` with the POSIX error
    /// number `code` (such as `EACCES`).
    case fileSystem(FileAction, code: Int32)
  }

  /// What ``StatePersistence`` was doing with a file when the file system refused.
  public enum FileAction: String, Sendable, Equatable {
    /// Reading the state file.
    case read
    /// Writing a new state file (its temporary file, then renaming it over the old one).
    case write
    /// Moving a state file that could not be restored to its kept name.
    case keepAside = "move aside"
  }

  /// What went wrong.
  public var reason: Reason
  /// The state file the error is about.
  public var file: URL
  /// Where the next save moves the state file that could not be restored, so that it is never
  /// overwritten or deleted; `nil` for an error that leaves nothing to keep.
  public var keptAs: URL?

  /// Creates an error.
  public init(_ reason: Reason, file: URL, keptAs: URL? = nil) {
    self.reason = reason
    self.file = file
    self.keptAs = keptAs
  }

  /// A sentence that names the file, says what is wrong and what to do.
  public var description: String {
    let path = file.path
    var sentence =
      switch reason {
      case .corruptFile(let detail):
        "the state file \(path) is corrupt (\(detail)); start without it"
      case .newerVersion(let found, let supported):
        "the state file \(path) is version \(found), newer than \(supported); update the app"
      case .noMigration(let version):
        "the state file \(path) is version \(version); pass a migrate: closure to read it"
      case .migrationFailed(let version, let detail):
        "migrating the state file \(path) from version \(version) failed: \(detail); fix the "
          + "migration for that version"
      case .encodingFailed(let detail):
        "the state could not be written to \(path): \(detail); make every value in it encodable"
      case .notAFile(let kind):
        "the state file \(path) is \(kind), not a regular file; remove it, or pass another file:"
      case .fileSystem(let action, let code):
        "could not \(action.rawValue) \(path): \(String(cString: strerror(code))); "
          + Self.advice(action, code: code, file: file)
      }
    if let keptAs { sentence += " (the next save keeps the file as \(keptAs.path))" }
    return sentence
  }

  private static func advice(_ action: FileAction, code: Int32, file: URL) -> String {
    switch code {
    case EACCES, EPERM:
      "give this process permission to \(action.rawValue) it, or pass another file:"
    case ENOENT:
      "create the folder \(file.deletingLastPathComponent().path), or pass another file:"
    case ENOSPC, EDQUOT: "free some disk space"
    case EROFS: "pass a file: on a volume that can be written"
    case EISDIR: "it is a folder; pass the path of a file"
    case ENOTDIR: "a part of the path is a file, not a folder; pass another file:"
    default: "check the path and the volume, then try again"
    }
  }
}
