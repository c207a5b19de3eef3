import ReduxCore

extension SagaNode {
  /// Starts `body` in a new Swift task on the saga scheduler, following the tree's rules.
  /// `immediately`: run it up to its first wait before returning, when called while draining.
  func launch<State: Sendable, Value: Sendable>(
    runtime: SagaRuntime<State>, immediately: Bool,
    _ body: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> Task<Value, any Error> {
    let scheduler = runtime.scheduler
    let captured = immediately && scheduler.captureNextJob()
    let claimed = immediately && !captured && scheduler.beginDrain()
    // Generic only where it must be: this code is not specialized for `Value`, and each
    // `Result<Value, _>` or `Value?` it built asked the runtime for its metadata (about 350
    // instructions each, three per fork).
    // The context made once, and the task's only capture besides the body: made in the task,
    // it retained the runtime and the node a second time.
    let context = SagaContext(runtime: runtime, node: self)
    let task = Task(executorPreference: self) { () async throws -> Value in
      let node = context.node
      // First thing in the task's first job: the runtime knows this is the slot's task.
      RunningSlot.enter(.of(node))
      let value: Value
      do {
        value = try await body(context)
      } catch {
        return try await node.ended(throwing: error)
      }
      // Most sagas have no fork left: they end here, asking the lock once.
      if try !node.finish(failure: nil, unlessForksRun: true) {
        try await node.finishAfterForks(failure: nil)
      }
      return value
    }
    // Before the task's first job runs: a saga cancelled (or aborted) before its task existed
    // starts with its task cancelled and its slot withdrawn, so its takes need not ask the
    // node.
    let cancelNow = withState { state in
      if !state.isFinished {
        // Capturing only the task: a closure over one reference needs no context allocated.
        state.cancelTask = { task.cancel() }
      }
      return !state.isFinished && (state.isCancelled || state.scope.abort != nil)
    }
    if cancelNow {
      task.cancel()
      TakeSlot.of(self).withdraw()
    }
    if captured { scheduler.runCapturedJob() }
    if claimed { scheduler.endDrain() }
    return task
  }

  /// The end of a saga task whose body threw `error`; out of line, so the common path needs
  /// no `Value?` (its metadata is looked up at run time).
  private nonisolated(nonsending) func ended<Value>(throwing error: any Error) async throws
    -> Value
  {
    if !NodeOutcome.isEnd(error) {
      // The body failed (or was cancelled): its forks stop before it ends, as in redux-saga.
      bodyFailed(error)
    }
    if try !finish(failure: error, unlessForksRun: true) {
      try await finishAfterForks(failure: error)
    }
    // END ended the saga quietly: a `Void` saga simply returns.
    if let done = () as? Value { return done }
    throw error
  }
}

extension SagaContext {
  /// Starts an attached saga on behalf of `origin`; `immediately` runs it up to its first wait
  /// now (from saga code), otherwise the current drain runs it next (from an action delivery).
  func fork<Value: Sendable>(
    _ name: String, origin: ActionOrigin, immediately: Bool,
    _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let child = node.makeChild(name: name)
    child.beginWork(origin: origin, isCancellable: true)
    return SagaTask(
      node: child, task: child.launch(runtime: runtime, immediately: immediately, saga))
  }
}
