import ReduxCore

/// The effect a ``SagaMonitorEvent`` is about.
public enum SagaEffect: Sendable, CustomStringConvertible {
  /// Waiting for an action; the payload names the pattern.
  case take(String)
  /// Waiting for an action or END; the payload names the pattern.
  case takeMaybe(String)
  /// Taking from a channel.
  case takeChannel
  /// Dispatching an action to the store.
  case put(any Action)
  /// Calling an async function; the payload is the call's name.
  case call(String)
  /// Calling a callback-style function; the payload is the call's name.
  case cps(String)
  /// Waiting on the runtime's clock.
  case delay(Duration)
  /// Starting an attached saga; the payload is its name.
  case fork(String)
  /// Starting a detached saga; the payload is its name.
  case spawn(String)
  /// Waiting for a saga to finish; the payload is its name.
  case join(String)
  /// Cancelling a saga; the payload is its name.
  case cancel(String)
  /// Racing branches; the payload is how many.
  case race(Int)
  /// Running branches together; the payload is how many.
  case all(Int)
  /// Reading the state; its `resolved` event follows its `started` one at once.
  case select
  /// A root saga started (redux-saga's `rootSagaStarted`); the payload is its name. Reported
  /// once, as `started`, before the saga's first effect; there is no ending event.
  case rootSaga(String)
  /// An action reached the sagas (redux-saga's `actionDispatched`): each action the store
  /// reduced, or each one sent to a ``SagaInput``, before the sagas see it (and before an
  /// emitter routes it). Reported once, as `resolved`, with an empty saga stack.
  case actionDispatched(any Action)

  /// A short readable form, such as `take(FetchUser)` or `call(fetchUser)`.
  public var description: String {
    switch self {
    case .take(let pattern): "take(\(pattern))"
    case .takeMaybe(let pattern): "takeMaybe(\(pattern))"
    case .takeChannel: "take(channel)"
    case .put(let action): "put(\(action))"
    case .call(let name): "call(\(name))"
    case .cps(let name): "cps(\(name))"
    case .delay(let duration): "delay(\(duration))"
    case .fork(let name): "fork(\(name))"
    case .spawn(let name): "spawn(\(name))"
    case .join(let name): "join(\(name))"
    case .cancel(let name): "cancel(\(name))"
    case .race(let count): "race(\(count))"
    case .all(let count): "all(\(count))"
    case .select: "select"
    case .rootSaga(let name): "rootSaga(\(name))"
    case .actionDispatched(let action): "actionDispatched(\(action))"
    }
  }
}

/// One step in an effect's life, reported to the monitor hook of ``SagaMonitorEvent``'s
/// runtime (see ``SagaMiddleware/init(clock:onError:logger:monitor:emitter:)``).
public struct SagaMonitorEvent: Sendable {
  /// Where an effect is in its life.
  public enum Phase: Sendable {
    /// The effect began. For a `take`, the saga is already registered: an action dispatched
    /// after this event reaches it.
    case started
    /// The effect produced its result.
    case resolved
    /// The effect threw this error.
    case rejected(any Error)
    /// The effect was cancelled before it finished.
    case cancelled
  }

  /// Identifies one effect; its events share it.
  public let effectID: UInt64
  /// The names of the sagas from the root to the one that ran the effect.
  public let sagaStack: [String]
  /// The effect.
  public let effect: SagaEffect
  /// What happened to it.
  public let phase: Phase
}
