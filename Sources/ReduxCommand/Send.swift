import ReduxCore
import ReduxSeam

extension Command {
  /// Sends actions from a ``Command/run(_:)`` job to the store.
  ///
  /// ```swift
  /// return .run { send in
  ///   send(Loading())
  ///   send(Loaded(await api.load()))
  /// }
  /// ```
  ///
  /// It may be called from any thread or task, any number of times. Once the command is
  /// cancelled it does nothing.
  public struct Send: Sendable {
    let environment: CommandEnvironment

    /// Dispatches `action` to the store, unless the command has been cancelled.
    public func callAsFunction(_ action: any Action) {
      environment.send(action)
    }
  }

  /// Hands the one action of a ``Command/callback(_:)`` command back to the store.
  ///
  /// The first call wins; later calls are ignored. Call it with `nil` to end the command
  /// without an action. Releasing every copy of it without calling it also ends the command.
  public struct Fulfill: Sendable {
    private let token: FulfillToken

    init(_ token: FulfillToken) {
      self.token = token
    }

    /// Ends the command, dispatching `action` unless it is `nil` or the command was cancelled.
    public func callAsFunction(_ action: (any Action)?) {
      token.callback.resolve(action)
    }

    /// Runs callback-style `body` and waits for the action it fulfils; `nil` when it ends
    /// without one or the waiting task is cancelled.
    static func wait(for body: @Sendable (Fulfill) -> Void) async -> (any Action)? {
      let callback = PendingCallback()
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          callback.install(continuation)
          body(Fulfill(FulfillToken(callback)))
        }
      } onCancel: {
        callback.resolve(nil)
      }
    }
  }
}

/// The shared part of every copy of a ``Command/Fulfill``: when the last copy goes away
/// without having been called, the callback ends with no action, so its command does not wait
/// forever.
final class FulfillToken: Sendable {
  let callback: PendingCallback

  init(_ callback: PendingCallback) {
    self.callback = callback
  }

  deinit {
    callback.resolve(nil)
  }
}

/// The outcome of a callback, resolved once, and the continuation waiting for it.
final class PendingCallback: Sendable {
  private enum Phase {
    case pending
    case waiting(CheckedContinuation<(any Action)?, Never>)
    case resolved((any Action)?)
    case finished
  }

  private let phase = Lock(Phase.pending)

  /// Sets the continuation to resume; resumes it at once if the outcome is already known.
  func install(_ continuation: CheckedContinuation<(any Action)?, Never>) {
    let resolved: (any Action)?? = phase.withLock { phase in
      switch phase {
      case .pending:
        phase = .waiting(continuation)
        return nil
      case .resolved(let action):
        phase = .finished
        return .some(action)
      case .waiting, .finished:
        return nil
      }
    }
    if let resolved { continuation.resume(returning: resolved) }
  }

  /// Records the outcome, the first time only, and resumes the waiting continuation.
  func resolve(_ action: (any Action)?) {
    let waiting: CheckedContinuation<(any Action)?, Never>? = phase.withLock { phase in
      switch phase {
      case .pending:
        phase = .resolved(action)
        return nil
      case .waiting(let continuation):
        phase = .finished
        return continuation
      case .resolved, .finished:
        return nil
      }
    }
    waiting?.resume(returning: action)
  }
}
