import Foundation

/// A state kept in a file: read whole, replaced atomically, an unreadable one kept under a new
/// name, and what a killed save left removed. Make one with ``PersistenceStorage/file(_:)``.
///
/// Every failure is a ``PersistenceError`` about the state file (the temporary file is ours,
/// not the user's) with the system's error number. POSIX calls rather than `FileManager`, for
/// that error number and for the file lock that tells a live save's temporary file from an
/// abandoned one.
public struct FileStorage: PersistenceStorage {
  /// The state file.
  public let url: URL

  /// A storage for the file at `url`; its folder must exist.
  public init(url: URL) {
    self.url = url
  }

  /// The state file.
  public var location: PersistenceLocation { .file(url) }

  /// The contents, or `nil` when there is no file.
  ///
  /// Opened without blocking and checked to be a regular file before it is read, so that a
  /// named pipe or a device at the path is an error rather than a read that never returns.
  public func read() throws(PersistenceError) -> Data? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw failure(.read)
    }
    defer { close(descriptor) }
    if let kind = Self.kindIfNotRegular(descriptor) {
      throw PersistenceError(.notAFile(kind), location: location)
    }
    var data = Data()
    var status = stat()
    if fstat(descriptor, &status) == 0 { data.reserveCapacity(Int(status.st_size)) }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { POSIX.read(descriptor, $0) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(.read)
      }
      data.append(contentsOf: buffer[..<count])
    }
  }

  /// Replaces the file with `data` so that a crash at any point leaves either the old file or
  /// the new one: the data goes to a temporary file in the same folder, is flushed to disk,
  /// and is renamed over the file.
  ///
  /// The temporary file is locked (`flock`) from its creation until after the rename, so that
  /// ``removeLeftovers()`` can tell a save in progress, in any process, from one
  /// that was killed; the lock goes with the process.
  public func write(_ data: Data) throws(PersistenceError) {
    let (temporary, descriptor) = try createLockedTemporary()
    defer { close(descriptor) }
    do throws(PersistenceError) {
      var offset = 0
      while offset < data.count {
        let count = data.withUnsafeBytes { POSIX.write(descriptor, $0, from: offset) }
        if count < 0 {
          if errno == EINTR { continue }
          throw failure(.write)
        }
        offset += count
      }
      guard fsync(descriptor) == 0 else { throw failure(.write) }
      guard rename(temporary.path, url.path) == 0 else { throw failure(.write) }
    } catch {
      unlink(temporary.path)
      throw error
    }
    syncFolder()
  }

  /// A new temporary file next to the state file, open for writing and locked. Creating and
  /// locking are two steps, so the name is checked again once locked: a cleanup that took the
  /// file for abandoned in between has removed it, and another name is tried.
  private func createLockedTemporary() throws(PersistenceError) -> (URL, Int32) {
    while true {
      let temporary = folder.appendingPathComponent(
        temporaryPrefix + UUID().uuidString, isDirectory: false)
      let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      guard descriptor >= 0 else { throw failure(.write) }
      guard flock(descriptor, LOCK_EX) == 0 else {
        let error = failure(.write)
        close(descriptor)
        unlink(temporary.path)
        throw error
      }
      var opened = stat()
      var named = stat()
      if fstat(descriptor, &opened) == 0, stat(temporary.path, &named) == 0,
        opened.st_ino == named.st_ino, opened.st_dev == named.st_dev
      {
        return (temporary, descriptor)
      }
      close(descriptor)
    }
  }

  /// Removes the temporary files of saves that were killed before their rename: those whose
  /// lock nobody holds. A save in progress holds its lock, so its file is left alone.
  public func removeLeftovers() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name.hasPrefix(temporaryPrefix) {
      let path = folder.appendingPathComponent(name, isDirectory: false).path
      // Only regular files are ours: anything else under the name is left alone, unopened
      // for reading (a named pipe would block).
      let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      guard descriptor >= 0 else { continue }
      if Self.kindIfNotRegular(descriptor) == nil, flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
        unlink(path)
      }
      close(descriptor)
    }
  }

  /// What the open file is when it is not a regular file ("a named pipe (FIFO)"), or `nil`.
  private static func kindIfNotRegular(_ descriptor: Int32) -> String? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFIFO: return "a named pipe (FIFO)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFDIR: return nil  // reading it fails with EISDIR, which names the fix already
    default: return "not a regular file"
    }
  }

  /// Where the next unreadable file is kept: `<file>.unreadable-N`, with N one more than the
  /// highest number already there, so that the numbers give the order the files were kept in.
  public func nextKeptLocation() -> PersistenceLocation { .file(nextKeptName()) }

  private func nextKeptName() -> URL {
    let prefix = url.lastPathComponent + ".unreadable-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let highest =
      names.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }
      .max() ?? 0
    return folder.appendingPathComponent(prefix + String(highest + 1), isDirectory: false)
  }

  /// Moves the file to `destination`, or to the next free kept name if something is there by
  /// now; never replaces a file. Returns where the file went, or `nil` without a file.
  public func keepAside(at destination: PersistenceLocation) throws(PersistenceError)
    -> PersistenceLocation?
  {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    var destination =
      switch destination {
      case .file(let kept): kept
      case .key: nextKeptName()
      }
    while true {
      // link fails rather than replace; only once the new name exists is the old one removed.
      if link(url.path, destination.path) == 0 {
        unlink(url.path)
        return .file(destination)
      }
      switch errno {
      case EEXIST:
        destination = nextKeptName()
      case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, EXDEV:
        // A volume without hard links: check, then rename (a race only with another process
        // keeping the same file aside at the same moment).
        if access(destination.path, F_OK) == 0 {
          destination = nextKeptName()
          continue
        }
        guard rename(url.path, destination.path) == 0 else {
          throw failure(.keepAside, keptAs: destination)
        }
        return .file(destination)
      default:
        throw failure(.keepAside, keptAs: destination)
      }
    }
  }

  private var folder: URL { url.deletingLastPathComponent() }

  /// Hidden, and named after the state file, so that only this file's leftovers are removed.
  private var temporaryPrefix: String { "." + url.lastPathComponent + ".saving-" }

  /// Makes the rename durable: a crash right after it must not bring the old file back.
  private func syncFolder() {
    let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// The error for the system call that just failed, from `errno`.
  private func failure(_ action: PersistenceError.FileAction, keptAs: URL? = nil)
    -> PersistenceError
  {
    PersistenceError(
      .fileSystem(action, code: errno), location: location, keptAs: keptAs.map { .file($0) })
  }
}

/// `read` and `write` where the names are not ``FileStorage``'s own methods.
private enum POSIX {
  static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    Foundation.read(descriptor, buffer.baseAddress, buffer.count)
  }

  static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, from offset: Int) -> Int {
    Foundation.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
  }
}
