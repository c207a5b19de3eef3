// Runtime warnings: a reducer that is given an action it cannot apply (an element action for an
// id no longer in the collection, a child action while the child is gone) leaves the state
// unchanged and says so here. Reducers get no store, so the warning finds its way to the store
// that is reducing through a per-thread slot: the store fills the slot around its reducer when
// it has a handler (an app's, or a TestStore's), and a warning reported with the slot empty goes
// to standard error, as TCA's runtime warnings do outside Xcode.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A warning about an action a reducer could not apply: the state was left unchanged.
///
/// The child-feature operators report one when an action is addressed to a part of the state
/// that is gone, most often because the child was removed while its work was still running:
///
/// ```swift
/// let store = Store(
///   initialState: AppState(), reducer: app,
///   onRuntimeWarning: { warning in logger.warning("\(warning)") })
/// ```
///
/// A store without a handler writes each warning to standard error. In a `TestStore` a warning
/// fails the test with its message.
public struct RuntimeWarning: Sendable, CustomStringConvertible {
  /// What happened, the likely cause and the fix.
  public let message: String
  /// The action the reducer could not apply.
  public let action: any Action
  /// Where the reducer that reported it was built (`#fileID`).
  public let fileID: String
  /// The line of ``fileID``.
  public let line: UInt

  /// A warning about `action`.
  public init(message: String, action: any Action, fileID: String, line: UInt) {
    self.message = message
    self.action = action
    self.fileID = fileID
    self.line = line
  }

  /// The message, then where the reporting reducer was built.
  public var description: String { "\(message) (\(fileID):\(line))" }

  /// Reports a warning about `action` from inside a reducer: to the handler of the store that is
  /// reducing on this thread, or to standard error when there is none.
  ///
  /// - Parameters:
  ///   - message: What happened, the likely cause and the fix.
  ///   - action: The action the reducer could not apply.
  ///   - fileID: Where the reporting reducer was built; defaults to the caller.
  ///   - line: The line of `fileID`.
  public static func report(
    _ message: String, action: any Action, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let warning = RuntimeWarning(
      message: message, action: action, fileID: "\(fileID)", line: line)
    if let handler = RuntimeWarningSlot.current {
      handler.receive(warning)
    } else {
      let line = "swift-redux runtime warning: \(warning)\n"
      _ = line.withCString { write(2, $0, strlen($0)) }
    }
  }
}

/// Where a store's reducer sends its warnings: the handler the store was given.
@usableFromInline
final class RuntimeWarningHandler: Sendable {
  let receive: @Sendable (RuntimeWarning) -> Void

  @usableFromInline
  init(_ receive: @escaping @Sendable (RuntimeWarning) -> Void) {
    self.receive = receive
  }
}

/// The per-thread slot that names the handler of the store reducing on this thread.
@usableFromInline
enum RuntimeWarningSlot {
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key, nil)
    precondition(result == 0, "pthread_key_create failed with error \(result)")
    return key
  }()

  /// The handler of the store reducing on this thread, if it has one.
  static var current: RuntimeWarningHandler? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<RuntimeWarningHandler>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `body` (a reducer call) with `handler` in the slot, then puts back what was there.
  ///
  /// The caller keeps `handler` alive for the call, so the slot holds it unretained.
  @inlinable
  static func with<Result>(
    _ handler: RuntimeWarningHandler, _ body: () throws -> Result
  ) rethrows -> Result {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(handler).toOpaque())
    defer { pthread_setspecific(key, previous) }
    return try body()
  }
}

extension StoreCore {
  /// `reducer`'s body, wrapped so that its runtime warnings reach `warnings` when there is a
  /// handler: a store without one pays nothing for warnings.
  @usableFromInline
  static func body(
    of reducer: Reducer<State>, warnings: RuntimeWarningHandler?
  ) -> @Sendable (inout State, any Action) -> Void {
    guard let warnings else { return reducer.body }
    let body = reducer.body
    return { state, action in RuntimeWarningSlot.with(warnings) { body(&state, action) } }
  }
}
