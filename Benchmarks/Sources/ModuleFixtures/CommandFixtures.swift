// Benchmark 8's states, actions and command reducers, shared by ModuleBenchmarks and
// ModuleProfile.
import ReduxCommand
import ReduxCore

/// The action that starts a command round trip.
public struct Ping: Action {
  /// A ping.
  public init() {}
}

/// The action a command sends back for each ``Ping``.
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

/// Counts ``Ping`` and returns no command: what a command store costs when nothing comes back.
public let pingOnlyReducer = CommandReducer<PingPong>.on(Ping.self) { state, _ in
  state.pings &+= 1
  return .none
}

/// Answers each ``Ping`` with `.action(Pong())`, delivered before the dispatch returns.
public let pingPongReducer = CommandReducer<PingPong>
  .on(Ping.self) { state, _ in
    state.pings &+= 1
    return .action(Pong())
  }
  .on(Pong.self) { state, _ in
    state.pongs &+= 1
    return .none
  }

/// Answers each ``Ping`` with a `.run` command (a task) that sends ``Pong``.
public let asyncPingPongReducer = CommandReducer<PingPong>
  .on(Ping.self) { state, _ in
    state.pings &+= 1
    return .run { send in send(Pong()) }
  }
  .on(Pong.self) { state, _ in
    state.pongs &+= 1
    return .none
  }
