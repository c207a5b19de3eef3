import ReduxCore
import ReduxSeam

extension SagaNode {
  /// Starts `body` in a new Swift task on the saga scheduler, following the tree's rules.
  /// `immediately`: run it up to its first wait before returning, when called while draining.
  ///
  /// The task returns nothing: `body`'s value is kept by the node (``returned``). So the task
  /// is a `Task<Void, any Error>` whatever `Value` is, and the node holds it as it is, to cancel
  /// it: a closure around a `Task<Value, any Error>` was an allocation of its own per saga, and
  /// an existential of one a generic metadata lookup, in this code that is not specialized for
  /// `Value`.
  func launch<State: Sendable, Value: Sendable>(
    runtime: SagaRuntime<State>, immediately: Bool,
    _ body: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> Task<Void, any Error> {
    let scheduler = runtime.scheduler
    let captured = immediately && scheduler.captureNextJob()
    let claimed = immediately && !captured && scheduler.beginDrain()
    // Generic only where it must be: each `Result<Value, _>` or `Value?` this code built asked
    // the runtime for its metadata (about 350 instructions each, three per fork).
    // The context made once, and the task's only capture besides the body: made in the task,
    // it retained the runtime and the node a second time. Consumed into the capture: copied,
    // it was retained for the task and released here, two reference counts each.
    let context = SagaContext(runtime: runtime, node: self)
    let task = Task(executorPreference: self) { [context = consume context] () async throws in
      let node = context.node
      // First thing in the task's first job: the runtime knows this is the slot's task.
      RunningSlot.enter(.of(node))
      do {
        node.returned = try await body(context)
      } catch {
        // END ends a saga of no value quietly: it simply returns.
        try await node.ended(throwing: error, quietlyAtEnd: Value.self == Void.self)
        return
      }
      // Most sagas have no fork left: they end here, asking the lock once.
      if try !node.finish(failure: nil, unlessForksRun: true) {
        try await node.finishAfterForks(failure: nil)
      }
    }
    // Before the task's first job runs: a saga cancelled (or aborted) before its task existed
    // starts with its task cancelled and its slot withdrawn, so its takes need not ask the
    // node.
    let cancelNow = withState { state in
      if !state.isFinished { state.task = task }
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

  /// The end of a saga task whose body threw `error`: rethrows it, unless it is END and
  /// `quietlyAtEnd` (then the saga's value is `()`).
  private nonisolated(nonsending) func ended(throwing error: any Error, quietlyAtEnd: Bool)
    async throws
  {
    if !NodeOutcome.isEnd(error) {
      // The body failed (or was cancelled): its forks stop before it ends, as in redux-saga.
      bodyFailed(error)
    }
    if try !finish(failure: error, unlessForksRun: true) {
      try await finishAfterForks(failure: error)
    }
    // A saga of no value already holds its value, `()`.
    if !quietlyAtEnd { throw error }
  }

  /// The value of this saga, whose task has ended without throwing.
  func value<Value: Sendable>(as type: Value.Type) -> Value {
    guard let value = returned as? Value else {
      preconditionFailure("a saga's task ended without its value")
    }
    return value
  }

  /// How this saga's `task` ended, with the saga's value.
  func result<Value: Sendable>(of task: Task<Void, any Error>, as type: Value.Type) async
    -> Result<Value, any Error>
  {
    switch await task.result {
    case .success: .success(value(as: type))
    case .failure(let error): .failure(error)
    }
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
