import ReduxCore
import ReduxSeam

/// What a take gets: the action, and the origin of the dispatch that delivered it, on whose
/// behalf the taking saga's work resumes.
struct TakenAction: Sendable {
  let action: any Action
  let origin: ActionOrigin
}

/// Thrown to a take instead of an action after ``END`` (the take returns nil). A take hears
/// `TakenAction`, not `TakenAction?`: an optional holding an existential is copied and
/// destroyed through the runtime's generic value witnesses, about a hundred instructions each
/// time, three times per take.
struct InputEnded: Error {}

/// The watchers one action matched, to run in registration order with the action's origin
/// once the hub's lock is released. One match (the common case) allocates nothing.
@usableFromInline
struct Delivery: Sendable {
  /// What delivering the action does for one watcher: resume a take, run a persistent
  /// watcher's work, or end a watcher at END.
  enum Job: Sendable {
    case resume(UnsafeContinuation<TakenAction, any Error>)
    case run(@Sendable (ActionOrigin) -> Void)
    case end(Watcher)
  }

  private let action: any Action
  private let first: Job
  private let more: [Job]

  init(action: any Action, first: Job, more: [Job]) {
    self.action = action
    self.first = first
    self.more = more
  }

  /// Runs the matched watchers; call it while draining the saga scheduler.
  @usableFromInline
  func run(origin: ActionOrigin) {
    run(first, origin)
    for job in more { run(job, origin) }
  }

  private func run(_ job: Job, _ origin: ActionOrigin) {
    switch job {
    case .resume(let continuation):
      continuation.resume(returning: TakenAction(action: action, origin: origin))
    case .run(let work):
      work(origin)
    case .end(let watcher):
      watcher.end()
    }
  }
}
