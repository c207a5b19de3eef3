// Benchmark 8's command reducers, shared by ModuleBenchmarks and ModuleProfile.
import CoreFixtures
import ReduxCommand
import ReduxCore

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

/// Starts a row's work that stays in flight until the store goes (benchmark 15e).
public struct StartRowWork: Action {
  /// The action.
  public init() {}
}

/// 10,000 rows in an `IdentifiedArray` whose rows start work that stays in flight; `Ping` is
/// an action no row handles (benchmark 15e, `command-working64`).
public let workingRowsReducer = CommandReducer<RowTable>.on(Ping.self) { _, _ in .none }
  .forEach(
    \.identified,
    element: CommandReducer<Row>.on(StartRowWork.self) { _, _ in
      .run { _ in try? await Task.sleep(for: .seconds(86_400)) }
    })
