import Foundation

/// Why a stored state could not be restored or saved: what went wrong, where it is stored, the
/// part of the app's state it holds, and, for one that could not be restored, where the next
/// save keeps it.
///
/// Its ``description`` is a sentence that names the part and the path and says what to do:
///
/// ```
/// part "settings": the state file /data/app/settings.json is version 3, newer than 2; update
/// the app (the next save keeps it as /data/app/settings.json.unreadable-1)
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
    /// The file system refused `action` on the ``PersistenceError/location`` file with the
    /// POSIX error number `code` (such as `EACCES`).
    case fileSystem(FileAction, code: Int32)
    /// A key-value store refused the write, with its error's description; it keeps its
    /// previous value.
    case refused(String)
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
  /// Where the state is stored.
  public var location: PersistenceLocation
  /// The name of the part of the app's state it holds, for a ``PersistedState`` part.
  public var part: String?
  /// Where the next save keeps the stored state that could not be restored, so that it is
  /// never overwritten or deleted; `nil` for an error that leaves nothing to keep.
  public var keptAs: PersistenceLocation?

  /// Creates an error.
  public init(
    _ reason: Reason, location: PersistenceLocation, part: String? = nil,
    keptAs: PersistenceLocation? = nil
  ) {
    self.reason = reason
    self.location = location
    self.part = part
    self.keptAs = keptAs
  }

  /// The file the error is about, for a state stored in a file.
  public var file: URL? { location.file }

  /// A sentence that names the part and the place, says what is wrong and what to do.
  public var description: String {
    let place = location.description
    var sentence =
      switch reason {
      case .corruptFile(let detail):
        "\(place) is corrupt (\(detail)); start without it"
      case .newerVersion(let found, let supported):
        "\(place) is version \(found), newer than \(supported); update the app"
      case .noMigration(let version):
        "\(place) is version \(version); pass a migrate: closure to read it"
      case .migrationFailed(let version, let detail):
        "migrating \(place) from version \(version) failed: \(detail); fix the migration for "
          + "that version"
      case .encodingFailed(let detail):
        "the state could not be written to \(place): \(detail); make every value in it "
          + "encodable"
      case .notAFile(let kind):
        "\(place) is \(kind), not a regular file; remove it, or pass another file:"
      case .fileSystem(let action, let code):
        "could not \(action.rawValue) \(location.name): \(String(cString: strerror(code))); "
          + Self.advice(action, code: code, file: file)
      case .refused(let detail):
        "\(location.description) refused the write (\(detail)); it keeps the previous value, "
          + "and the next save tries again"
      }
    if let part { sentence = "part \"\(part)\": " + sentence }
    if let keptAs { sentence += " (the next save keeps it as \(keptAs.name))" }
    return sentence
  }

  private static func advice(_ action: FileAction, code: Int32, file: URL?) -> String {
    switch code {
    case EACCES, EPERM:
      "give this process permission to \(action.rawValue) it, or pass another file:"
    case ENOENT:
      "create the folder \(file?.deletingLastPathComponent().path ?? "it is in"), or pass another "
        + "file:"
    case ENOSPC, EDQUOT: "free some disk space"
    case EROFS: "pass a file: on a volume that can be written"
    case EISDIR: "it is a folder; pass the path of a file"
    case ENOTDIR: "a part of the path is a file, not a folder; pass another file:"
    default: "check the path and the volume, then try again"
    }
  }
}
