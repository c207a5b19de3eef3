import ReduxCore
import Synchronization

/// Begins work on the store the runtime is attached to; the description is built only when
/// the work is tracked.
typealias WorkStarter =
  @Sendable (_ origin: ActionOrigin, _ description: () -> String) ->
  WorkHandle?

/// What every ``SagaNode`` of one runtime shares: the scheduler, the action hub, the error
/// hook, the monitor, effect ids, and the store's work reporting.
final class NodeHooks: Sendable {
  let scheduler: SagaScheduler
  let hub: ActionHub
  let report: @Sendable (_ error: any Error, _ stack: [String]) -> Void
  let monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  // In a struct: a closure stored directly as a generic lock's value would be re-wrapped in a
  // reabstraction thunk on every access.
  private struct Starter {
    let start: WorkStarter
  }
  private let workStarter = Lock<Starter?>(nil)
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
  func startWork(with starter: @escaping WorkStarter) {
    workStarter.withLock { $0 = Starter(start: starter) }
  }

  /// Begins work on behalf of `origin`; nil before the store is attached, or when the store
  /// does not track that origin.
  func beginWork(_ origin: ActionOrigin, _ description: () -> String) -> WorkHandle? {
    // Called under the lock: copying the closure out cost a retain and a release per resumed
    // take. The store's side takes only the store's work ledger, never this lock.
    workStarter.withLock { $0?.start(origin, description) }
  }
}
