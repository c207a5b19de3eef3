import Foundation

/// Why a state file could not be restored or saved.
///
/// A file that cannot be restored is never overwritten: the next save moves it aside to
/// `<file>.unreadable` first (see ``StatePersistence``).
public enum PersistenceError: Error, Equatable, CustomStringConvertible {
  /// The file is not a state file this library can read (cut off, not JSON, wrong shape).
  case corruptFile(String)
  /// The file was written by a newer version of the app than this one reads.
  case newerVersion(found: Int, supported: Int)
  /// The file is from an older version and no migration was given for it.
  case noMigration(from: Int)
  /// The migration hook threw for a file of version `from`.
  case migrationFailed(from: Int, String)
  /// The file could not be read or written.
  case fileSystem(String)

  /// A sentence that says what is wrong and what to do.
  public var description: String {
    switch self {
    case .corruptFile(let detail):
      "the state file is corrupt (\(detail)); it is kept aside on the next save"
    case .newerVersion(let found, let supported):
      "the state file is version \(found), newer than \(supported); update the app"
    case .noMigration(let version):
      "the state file is version \(version); pass a migrate: closure to read it"
    case .migrationFailed(let version, let detail):
      "migrating the state file from version \(version) failed: \(detail)"
    case .fileSystem(let detail):
      "the state file could not be read or written: \(detail)"
    }
  }
}
