// Benchmark 8's command reducers, shared by ModuleBenchmarks and ModuleProfile.
import ReduxCommand

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
