// Benchmark 7's dispatcher and stores, shared by ModuleBenchmarks and ModuleProfile.
import ReduxFlux
import Synchronization

/// The Flux action every Flux benchmark dispatches; it carries no payload.
public struct Tick: FluxAction {
  /// No data: the stores count the ticks.
  public typealias Payload = Void

  /// A tick.
  public init() {}

  /// Dispatches the tick.
  public func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {
    try dispatcher.dispatch(self)
  }
}

/// How the stores of a Flux chain wait for each other.
public enum FluxChainOrder: Sendable {
  /// No store waits: ten independent stores.
  case independent
  /// Each store waits for the one registered before it, which has already run: every `waitFor`
  /// finds its store handled and returns.
  case waitForEarlier
  /// Each store waits for the one registered after it: the first store's `waitFor` runs the
  /// second, whose `waitFor` runs the third, and so on, ten deep; the dispatcher's loop then
  /// finds every later store handled.
  case waitForLater
}

/// Benchmark 7's setup: `count` `ReduceStore`s counting ``Tick``s on one dispatcher, each
/// waiting for its neighbour as `order` says before it counts.
///
/// The stores are returned so that they stay registered; the dispatcher holds their callbacks.
public func makeFluxChain(
  stores count: Int = 10, order: FluxChainOrder
) -> (Dispatcher, [ReduceStore<Int>]) {
  let dispatcher = Dispatcher()
  // A store's token exists only once the store does, so the token each store waits for is
  // filled in after all are made; it is read under an uncontended lock on every dispatch.
  let awaited = (0..<count).map { _ in TokenSlot() }
  let stores = (0..<count).map { index in
    let slot = awaited[index]
    return ReduceStore<Int>(initialState: 0, dispatcher: dispatcher)
      // Holding the dispatcher strongly from its own callback keeps both alive for the whole
      // run, as the benchmark wants.
      .reduce(Tick.self) { [dispatcher] count, _ in
        if let token = slot.token.withLock({ $0 }) { try dispatcher.waitFor([token]) }
        count &+= 1
      }
  }
  for index in 0..<count {
    switch order {
    case .independent: break
    case .waitForEarlier where index > 0:
      awaited[index].token.withLock { $0 = stores[index - 1].dispatchToken }
    case .waitForLater where index < count - 1:
      awaited[index].token.withLock { $0 = stores[index + 1].dispatchToken }
    default: break
    }
  }
  return (dispatcher, stores)
}

/// The token a chain store waits for, set once after every store exists.
private final class TokenSlot: Sendable {
  let token = Mutex<DispatchToken?>(nil)
}
