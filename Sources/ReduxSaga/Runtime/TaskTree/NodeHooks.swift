import ReduxCore
import ReduxSeam
import Synchronization

/// What every ``SagaNode`` of one runtime shares: the scheduler, the action hub, the error
/// hook, the monitor, effect ids, and the store's work reporting.
final class NodeHooks: Sendable {
  let scheduler: SagaScheduler
  let hub: ActionHub
  let report: @Sendable (_ error: any Error, _ stack: [String]) -> Void
  let monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  /// The work ledger of the store the runtime is attached to, retained; set once. Read
  /// without a lock or a retain (every take and fork asks it): a starter closure behind a lock
  /// cost two retains and two releases a time.
  private let ledger = Atomic<Unmanaged<WorkLedger>?>(nil)
  private let effectIDs = Atomic<UInt64>(0)

  init(
    scheduler: SagaScheduler, hub: ActionHub,
    report: @escaping @Sendable (_ error: any Error, _ stack: [String]) -> Void,
    monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  ) {
    self.scheduler = scheduler
    self.hub = hub
    self.report = report
    self.monitor = monitor
  }

  /// Queues a job of `node`'s task on the scheduler. Here rather than in the node: called on
  /// the node's `hooks.scheduler`, the scheduler was retained and released around each job.
  func enqueue(_ job: UnownedJob, of node: SagaNode) {
    scheduler.enqueue(job, of: node)
  }

  /// A new id for a monitored effect; ids are unique within the runtime.
  func nextEffectID() -> UInt64 {
    effectIDs.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// Connects work reporting to the store (once, when the middleware is attached).
  func startWork(on ledger: WorkLedger) {
    let retained = Unmanaged.passRetained(ledger)
    let (exchanged, _) = self.ledger.compareExchange(
      expected: nil, desired: retained, ordering: .acquiringAndReleasing)
    if !exchanged { retained.release() }
  }

  /// Begins work on behalf of `origin`; nil before the store is attached, or when the store
  /// does not track that origin.
  func beginWork(_ origin: ActionOrigin, _ description: () -> String) -> WorkHandle? {
    // The flag read first, with nothing called in between: the compiler then needs no retain
    // of the ledger on the common path (untracked work).
    guard let ledger = ledger.load(ordering: .acquiring),
      origin.isTracked || ledger.takeUnretainedValue().tracksAll
    else { return nil }
    return ledger.takeUnretainedValue().record(origin: origin, description: description())
  }

  deinit {
    ledger.load(ordering: .acquiring)?.release()
  }
}
