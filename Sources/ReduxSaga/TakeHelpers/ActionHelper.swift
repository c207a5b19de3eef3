import ReduxCore
import ReduxSeam

extension SagaContext {
  /// What every take helper shares: an attached fork named `name` that watches for actions
  /// `match` accepts (the actions `pattern` names) and hands each, on the thread that delivers it, to `onAction` with its
  /// origin, the helper's context and a function that forks `worker` for a value on behalf of
  /// an origin. At END the helper stops watching, calls `onEnd`, and waits for its forks. Names
  /// are built here once, not per action.
  func actionHelper<Value: Sendable>(
    name: String, pattern: String, match: @escaping @Sendable (any Action) -> Value?,
    worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void,
    onEnd: (@Sendable () -> Void)? = nil,
    _ onAction:
      @escaping @Sendable (
        _ value: Value, _ origin: ActionOrigin, _ helper: SagaContext<State>,
        _ startWorker: @escaping @Sendable (Value, ActionOrigin) -> SagaTask<Void>
      ) -> Void
  ) -> SagaTask<Void> {
    let workerName = "\(name) worker"
    return fork(name, origin: node.currentOrigin, immediately: true) { helper in
      let startWorker: @Sendable (Value, ActionOrigin) -> SagaTask<Void> = { value, origin in
        helper.fork(workerName, origin: origin, immediately: false) { try await worker($0, value) }
      }
      // In a SagaTest run, each action the helper takes is recorded (see SagaTestRecorder).
      let recorder = helper.runtime.recorder
      let taking = recorder.map { _ in ActionHub.describe(helper.sagaStack, waitingFor: pattern) }
      try await helper.watch(pattern, match) { value, origin in
        if let recorder, let taking { recorder.recordTaken(taking) }
        onAction(value, origin, helper, startWorker)
      }
      // END ended the watch: the helper was still waiting for its actions.
      helper.endedWaiting(for: pattern)
      onEnd?()
    }
  }
}
