import ReduxSeam

/// The work one ``Store/send(_:)`` started: await ``finish()`` to wait until it has all ended.
///
/// ```swift
/// // SwiftUI: the refresh indicator stays until the effects of `Refresh` have finished.
/// .refreshable { await store.send(Refresh()).finish() }
/// ```
///
/// The work counted is what the side-effect modules report for the action and for every action
/// that descends from it: async effects and thunks (ReduxEffects), command jobs
/// (ReduxCommand), and sagas resumed by these actions until they wait for an action again,
/// with their forks (ReduxSaga). Actions queued while one of them is processed count too.
public struct StoreTask: Sendable {
  let ledger: WorkLedger
  /// The `send` whose work this is.
  package let origin: ActionOrigin

  /// Waits until every piece of work the sent action started has ended.
  ///
  /// Returns at once if nothing is running. If the waiting task is cancelled, it returns
  /// without waiting further; the work itself goes on.
  public func finish() async {
    await ledger.wait(for: origin)
  }

  /// Whether every piece of work the sent action started has ended.
  public var isFinished: Bool { ledger.isIdle(for: origin) }
}

extension Store {
  /// Dispatches an action and resumes once it has been processed: it went through the
  /// middleware and the reducer, and every subscriber was notified.
  ///
  /// ```swift
  /// await store.send(Increment())
  /// print(store.state.count)   // includes Increment
  ///
  /// await store.send(Load()).finish()   // also waits for the work Load started
  /// ```
  ///
  /// Unlike ``dispatch(_:)``, `send` waits its turn even when another thread is processing:
  /// the action is queued in order and the call resumes after it was processed. The returned
  /// ``StoreTask`` waits for the work the action started. If the store is released before the
  /// action was processed, `send` resumes anyway.
  ///
  /// - Parameter action: The action to process.
  /// - Returns: A handle on the work the action started.
  @discardableResult
  public func send(_ action: any Action) async -> StoreTask {
    let origin = engine.ledger.makeOrigin()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      dispatch(
        TrackedAction(
          action: action, origin: origin, isSent: true, listener: ResumeWhenProcessed(continuation))
      )
    }
    return StoreTask(ledger: engine.ledger, origin: origin)
  }
}
