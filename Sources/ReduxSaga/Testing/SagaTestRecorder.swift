import ReduxCore
import ReduxSeam

/// What a ``SagaTest`` run did: the actions put (as its monitor saw them), the calls made, and
/// the waits that END ended.
final class SagaTestRecorder: Sendable {
  private struct Records {
    var puts: [any Action] = []
    var calls: [SagaCall] = []
    var endedWaits: [String] = []
    /// How many actions each wait (a saga's take of a pattern, one line) took.
    var taken: [String: Int] = [:]
    /// The script, waiting until some saga would take its next action.
    var takeWaiter: TakeWaiter?
    var isStopped = false
  }

  /// The script's wait: `check` says whether a saga would take the action now (nil: never).
  struct TakeWaiter {
    let id: Int
    let check: @Sendable () -> Bool?
    let continuation: CheckedContinuation<Bool, Never>
  }

  private let records = Lock(Records())

  /// Every action put, in the order the puts were made.
  var puts: [any Action] { records.withLock { $0.puts } }

  /// Every call (`call`, `cps`, each try of `retry`) made, in order.
  var calls: [SagaCall] { records.withLock { $0.calls } }

  /// The names of the calls made, each once, in first-call order.
  var callNames: [String] {
    var names: [String] = []
    for call in calls where !names.contains(call.name) { names.append(call.name) }
    return names
  }

  /// The sagas that were waiting for an action when END ended their wait, one line each.
  var endedWaits: [String] { records.withLock { $0.endedWaits } }

  /// The waits END ended that had taken no action in the run: sagas that waited for an action
  /// the script never dispatched. A loop back at its `take` after taking actions is not one.
  var unmetWaits: [String] {
    records.withLock { records in
      records.endedWaits.filter { records.taken[$0, default: 0] <= 0 }
    }
  }

  /// Records the puts and the takes, from the saga middleware's monitor; every event may be
  /// a new taker the script waits for.
  @Sendable func record(_ event: SagaMonitorEvent) {
    switch (event.effect, event.phase) {
    case (.put(let action), .started):
      records.withLock { $0.puts.append(action) }
    case (.take(let pattern), .resolved), (.takeMaybe(let pattern), .resolved):
      recordTaken(TakerList.describe(event.sagaStack, waitingFor: pattern))
    default:
      break
    }
    checkTakeWaiter()
  }

  /// Waits until `check` says a saga would take the script's next action: true then; false
  /// once it says never (END), or on ``stopWaiting(_:)``. Checked now and after each monitor
  /// event (a saga registers a take, a channel take, or a take helper's take before its event).
  func waitForTaker(_ id: Int, _ check: @escaping @Sendable () -> Bool?) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let isStopped = records.withLock { records in
        if !records.isStopped {
          records.takeWaiter = TakeWaiter(id: id, check: check, continuation: continuation)
        }
        return records.isStopped
      }
      if isStopped { continuation.resume(returning: false) } else { checkTakeWaiter() }
    }
  }

  /// Ends the wait `id` with false; nil: the current one and every later one (the saga
  /// finished).
  func stopWaiting(_ id: Int?) {
    let waiter = records.withLock { records in
      if id == nil { records.isStopped = true }
      guard id == nil || records.takeWaiter?.id == id else { return nil as TakeWaiter? }
      return records.takeWaiter.take()
    }
    waiter?.continuation.resume(returning: false)
  }

  private func checkTakeWaiter() {
    guard let check = records.withLock({ $0.takeWaiter?.check }) else { return }
    // true: a saga takes it; false: not yet; nil: never (END).
    let answer = check()
    if answer == false { return }
    records.withLock { $0.takeWaiter.take() }?.continuation.resume(returning: answer ?? false)
  }

  /// Records that the wait `line` (a saga's take of a pattern) took an action.
  func recordTaken(_ line: String) {
    records.withLock { $0.taken[line, default: 0] += 1 }
  }

  /// Records a call the saga made, stubbed or not.
  func recordCall(_ call: SagaCall) {
    records.withLock { $0.calls.append(call) }
  }

  /// Records that END ended the wait `line`; `wasCountedTaken`: the monitor counted it as a
  /// take that resolved (a `take`, whose END comes as a resolved effect), to be undone.
  func recordEndedWait(_ line: String, wasCountedTaken: Bool) {
    records.withLock { records in
      records.endedWaits.append(line)
      if wasCountedTaken { records.taken[line, default: 0] -= 1 }
    }
  }
}
