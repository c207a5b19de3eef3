// The state and actions of the round-trip benchmarks (command and saga).
import ReduxCore

/// The action that starts a round trip (a command or a saga answers it with ``Pong``).
public struct Ping: Action {
  /// A ping.
  public init() {}
}

/// The action sent back for each ``Ping``.
public struct Pong: Action {
  /// A pong.
  public init() {}
}

/// Counts both halves of the round trip.
public struct PingPong: Sendable {
  /// ``Ping``s reduced.
  public var pings = 0
  /// ``Pong``s reduced.
  public var pongs = 0

  /// Both counts at zero.
  public init() {}
}

/// Counts ``Ping`` and ``Pong``: the plain reducer of the saga benchmarks.
public let pingPongCountReducer = Reducer<PingPong>
  .on(Ping.self) { state, _ in state.pings &+= 1 }
  .on(Pong.self) { state, _ in state.pongs &+= 1 }
