// What the side-effect modules wait for: a saga blocked on a `take` is idle, not work in
// flight, yet a test that expected an action needs to know which takes were still waiting
// ("no action arrived; waiting: saga profile for FetchUser"). A module registers a describer
// once, when its middleware is attached; a test store asks for the list only when it reports
// a failure, so nothing is built or locked per action.

extension MiddlewareContext {
  /// Registers `describe`, which lists what this module waits for now (one line each, such as
  /// `saga profile waits for FetchUser`); ``Store/actionWaits()`` calls it. Register once per
  /// module, when its middleware is attached.
  package func reportWaits(_ describe: @escaping @Sendable () -> [String]) {
    engine.ledger.waitDescribers.withLock { $0.append(describe) }
  }
}

extension Store {
  /// What the side-effect modules wait for now, module by module, as they describe it: work
  /// that is idle until an action arrives.
  package func actionWaits() -> [String] {
    let describers = engine.ledger.waitDescribers.withLock { $0 }
    return describers.flatMap { $0() }
  }
}
