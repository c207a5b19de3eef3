import ReduxCore

/// Decides what the sagas see of each action: called once per action with an `emit` function,
/// it emits the actions the sagas get in its place (redux-saga's `emitter` option).
///
/// Give one to ``SagaMiddleware/init(clock:onError:logger:monitor:emitter:)`` or to
/// ``runSaga(_:input:dispatch:getState:emitter:clock:onError:logger:monitor:context:saga:)``.
/// Emit the action itself to pass it on, nothing to hide it from the sagas, or other actions
/// (for example, the parts of a batch) to show those instead:
///
/// ```swift
/// let sagas = SagaMiddleware<AppState>(emitter: { action, emit in
///   if let batch = action.as(Batch.self) {
///     for part in batch.actions { emit(part) }
///   } else if action.as(Heartbeat.self) == nil {
///     emit(action)  // every action but heartbeats
///   }
/// })
/// ```
///
/// Only the sagas see what it emits: the store's reducer and other middleware get the action
/// as dispatched. The sagas get the emitted actions in the order they are emitted, each one
/// like a dispatched action: the sagas it resumes run up to their next wait before the next
/// one is emitted, so a `take` loop misses none. It runs on the dispatching thread, after the
/// action is reduced; `emit` must be called before it returns. Emitting ``END`` ends the
/// sagas' takes, as dispatching it does.
public typealias SagaEmitter =
  @Sendable (_ action: any Action, _ emit: (any Action) -> Void) -> Void
