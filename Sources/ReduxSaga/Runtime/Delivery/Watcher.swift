import ReduxCore
import ReduxSeam

/// A saga's registration in the hub.
///
/// A take is one-shot: removed when it matches, and resumed exactly once, by whoever removed
/// it (a delivery, END, or a cancellation). An action channel or a helper such as `takeEvery`
/// is persistent: it sees every match until removed. A value, stored in the hub's array: as
/// an object it cost a malloc and a free per take.
struct Watcher: Sendable {
  let id: UInt64
  /// The saga that waits, for a test's list of waiting takes; nil for an action channel, which
  /// buffers rather than waits. Unowned: a strong reference cost a retain and a release per
  /// take. The saga outlives its registration (its task is suspended in the wait until the
  /// watcher is removed), so it is alive whenever the hub reads it under its lock, which
  /// retains it there (``ActionHub/waitDescriptions()``).
  unowned(unsafe) let waiter: SagaNode?
  private let kind: Kind

  private enum Kind: Sendable {
    case take(ActionMatch, UnsafeContinuation<TakenAction, any Error>)
    /// An object, made once per helper or channel: inline, its pattern and two closures made
    /// every watcher, takes included, larger to copy.
    case persistent(Persistent)
  }

  private final class Persistent: Sendable {
    let pattern: String
    let offer: @Sendable (any Action) -> (@Sendable (ActionOrigin) -> Void)?
    let end: @Sendable () -> Void

    init(
      pattern: String,
      offer: @escaping @Sendable (any Action) -> (@Sendable (ActionOrigin) -> Void)?,
      end: @escaping @Sendable () -> Void
    ) {
      self.pattern = pattern
      self.offer = offer
      self.end = end
    }
  }

  /// A take by `waiter`: `continuation` gets the matching action and its origin, `nil` at
  /// END, or `CancellationError`.
  init(
    id: UInt64, waiter: SagaNode, take match: ActionMatch,
    _ continuation: UnsafeContinuation<TakenAction, any Error>
  ) {
    self.id = id
    self.waiter = waiter
    kind = .take(match, continuation)
  }

  /// A persistent watcher: `offer` returns the work to do for a matching action (`nil` if it
  /// does not match); `end` is called once at END. `waiter` (a take helper) waits for the
  /// actions `pattern` names.
  init(
    id: UInt64, waiter: SagaNode? = nil, pattern: String = "",
    offer: @escaping @Sendable (any Action) -> (@Sendable (ActionOrigin) -> Void)?,
    end: @escaping @Sendable () -> Void
  ) {
    self.id = id
    self.waiter = waiter
    kind = .persistent(Persistent(pattern: pattern, offer: offer, end: end))
  }

  /// Which actions the watcher waits for: a type name, or a predicate's name.
  var pattern: String {
    switch kind {
    case .take(let match, _): match.pattern
    case .persistent(let persistent): persistent.pattern
    }
  }

  var isOneShot: Bool {
    if case .take = kind { return true }
    return false
  }

  /// Whether `action` would be taken; pure, called under the hub's lock.
  func matches(_ action: any Action) -> Bool {
    switch kind {
    case .take(let match, _): match.matches(action)
    case .persistent(let persistent): persistent.offer(action) != nil
    }
  }

  /// What delivering `action` does, or `nil` if it does not match; called under the hub's
  /// lock, run after it.
  func offer(_ action: any Action, ofType actionType: ObjectIdentifier) -> Delivery.Job? {
    switch kind {
    case .take(let match, let continuation):
      guard match.matches(action, ofType: actionType) else { return nil }
      return .resume(continuation)
    case .persistent(let persistent):
      return persistent.offer(action).map { .run($0) }
    }
  }

  /// END: a take returns `nil`; a persistent watcher ends.
  func end() {
    switch kind {
    case .take(_, let continuation): continuation.resume(throwing: InputEnded())
    case .persistent(let persistent): persistent.end()
    }
  }

  /// Resumes a take removed because its task was cancelled; a persistent watcher's owner
  /// handles its own cancellation.
  func cancel() {
    if case .take(_, let continuation) = kind {
      continuation.resume(throwing: CancellationError())
    }
  }
}
