import ReduxCore
import ReduxSeam

/// A value behind ReduxCore's lock, in an object generic over the value's own type: for the
/// state of a channel or a helper, whose type depends on a generic parameter, in code that is
/// not specialized for the app's types.
///
/// Stored directly, a `Lock<ChannelState<Element>>` or a `Lock<[Key: SagaTask<Void>]>` asked
/// the runtime for the state type's generic metadata on every access: about 900 instructions
/// more per action-channel round trip and 600 more per `takeLatest` or `takeLeading` action
/// (callgrind, `ModuleProfile`). Here the value's type comes with the object. `withLock` stays
/// out of line: inlined into generic code, it asked for the metadata again. Everywhere else
/// (concrete types, and race and all, whose locked steps return generic tuples that an
/// out-of-line call passes through the runtime) the code holds a `Lock` itself.
final class LockedValue<Value>: Sendable {
  private let lock: Lock<Value>

  init(_ value: sending Value) {
    lock = Lock(value)
  }

  /// Runs `body` with exclusive access to the value.
  @inline(never)
  func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
    lock.withLock { value in body(&value) }
  }
}
