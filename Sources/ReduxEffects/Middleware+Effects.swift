import Logging
import ReduxCore
import ReduxSeam

extension Middleware {
  /// A middleware that runs `effects` after each action has been reduced.
  ///
  /// `Store(initialState:reducer:effects:middleware:onEffectError:)` builds this for you and
  /// puts it last. Build it yourself to place it in a chain: it passes each action on first
  /// and runs the effects when `next` returns, so put it after any middleware that may drop or
  /// replace actions, and effects see exactly the actions that reached the reducer.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: AppState(),
  ///   reducer: appReducer,
  ///   middleware: [.thunks(), .effects([saveOnChange], onError: { print($0) })]
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - effects: Run in array order for each action.
  ///   - onError: Called with each error an effect throws, on the thread that ran it (the
  ///     thread processing the action, or the effect's task). When `nil`, errors are logged at
  ///     `error` level to a `Logger` labelled "ReduxEffects".
  /// - Returns: The middleware; it owns the effects' tasks, and releasing the store that holds
  ///   it cancels them.
  @inlinable
  public static func effects(
    _ effects: [Effect<State>],
    onError: (@Sendable (_ failure: EffectFailure) -> Void)? = nil
  ) -> Middleware {
    let runner = EffectRunner(effects: effects, onError: onError ?? EffectRunner<State>.logError)
    return Middleware { context, action, next in runner.handle(context, action, next) }
  }
}

/// Runs a store's effects around `next`, and owns the tasks of its async effects.
///
/// The middleware's path for each action (``handle(_:_:_:)``) is inlinable, like the effects'
/// closures (Effect.swift): specialized for the app's `State` where the store is made, it asks
/// the runtime for no generic metadata (ModuleProfile's `effects-none` and `effects-typed`).
@usableFromInline
final class EffectRunner<State: Sendable>: Sendable {
  // The closures and names apart, so the loop over effects for each action copies one
  // reference per effect, not a whole `Effect`.
  @usableFromInline let bodies: [@Sendable (any Action, EffectScope<State>) throws -> Void]
  @usableFromInline let names: [String]
  @usableFromInline let filters: [ActionFilter?]
  @usableFromInline let previousStateProbes: [@Sendable () -> Bool]
  @usableFromInline let onError: @Sendable (EffectFailure) -> Void
  private let tasks = TaskBag()

  @usableFromInline
  init(effects: [Effect<State>], onError: @escaping @Sendable (EffectFailure) -> Void) {
    bodies = effects.map(\.run)
    names = effects.map(\.name)
    filters = effects.map(\.filter)
    previousStateProbes = effects.compactMap(\.wantsPreviousState)
    self.onError = onError
  }

  @usableFromInline
  static func logError(_ failure: EffectFailure) {
    Logger(label: "ReduxEffects").error("\(failure)")
  }

  @inlinable
  func handle(
    _ context: MiddlewareContext<State>, _ action: any Action, _ next: Middleware<State>.Next
  ) {
    var previousState: Any?
    if !previousStateProbes.isEmpty && previousStateProbes.contains(where: { $0() }) {
      previousState = context.state
    }
    next(action)
    if bodies.isEmpty { return }
    let actionType = ObjectIdentifier(type(of: action))
    let scope = EffectScope(context: context, runner: self, previousState: previousState)
    for index in bodies.indices {
      if let filter = filters[index], filter.skips(actionType) { continue }
      do {
        try bodies[index](action, scope)
      } catch {
        onError(EffectFailure(error: error, action: action, effect: names[index]))
      }
    }
  }

  /// Runs an async effect's work in a task that is cancelled with the store, and reports it
  /// to the store as work of the action being processed, so `await store.send(action).finish()`
  /// waits for it. The dispatch handed to the work carries that action's origin, so the actions
  /// it sends are awaited too. For a plain `dispatch`, nothing is recorded.
  @usableFromInline
  func spawn(
    effect name: String, action: any Action, context: MiddlewareContext<State>,
    _ operation: @escaping @Sendable (_ dispatch: @escaping DispatchFunction) async throws -> Void
  ) {
    let onError = self.onError
    let work = context.workLedger.beginWork(
      origin: context.workLedger.processingOrigin, "async effect \(name) for \(type(of: action))")
    let dispatch = work.dispatchFunction(context)
    tasks.spawn(reportingTo: work) {
      defer { work?.end() }
      do {
        try await operation(dispatch)
      } catch {
        // Once the store is gone, errors (usually CancellationError) are the cancellation
        // itself, and the hook's owner may be gone too.
        if !Task.isCancelled {
          onError(EffectFailure(error: error, action: action, effect: name))
        }
      }
    }
  }
}

extension WorkHandle? {
  /// A dispatch function for work started by an action: it carries the work's origin when the
  /// work is tracked, and is the plain dispatch otherwise.
  func dispatchFunction<State>(_ context: MiddlewareContext<State>) -> DispatchFunction {
    guard let origin = self?.origin else { return { action in context.dispatch(action) } }
    return { action in context.dispatch(action, origin: origin) }
  }
}
