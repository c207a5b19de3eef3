import Foundation
import ReduxCore
import ReduxSeam

// Saving: the debounced save and the pending task that writes it, the immediate save, flush, and
// the write every save ends in (one at a time, the newest winning).
extension StatePersistence {
  /// Saves `state` once the clock has run the debounce interval with no newer call, or once
  /// `maxWait` has run since the first change not yet saved, whichever comes first.
  ///
  /// Returns at once. An error while writing is kept and thrown by the next ``flush()``,
  /// unless a newer save has been asked for since.
  @inlinable
  public func save(_ state: State) {
    saving.withLock { saving in
      saving.generation += 1
      saving.latest = state
      saving.deadline = deadlineFromNow(&saving.writeBy)
      guard saving.pending == nil else { return }
      saving.pendingNumber += 1
      let number = saving.pendingNumber
      saving.pending = Task { [self] in await self.writeWhenDue(number) }
    }
  }

  /// What the pending task does next.
  enum PendingStep {
    case sleep(any Sendable)
    case write(State, generation: Int)
    case stop
  }

  /// The pending task: sleeps until the deadline, again if a newer save moved it meanwhile,
  /// then writes the latest state. Ends without writing once `saveNow` has replaced it.
  @usableFromInline
  func writeWhenDue(_ number: Int) async {
    while true {
      let next: PendingStep = saving.withLock { saving in
        guard saving.pendingNumber == number, let deadline = saving.deadline,
          let latest = saving.latest
        else { return .stop }
        guard clock.hasPassed(deadline) else { return .sleep(deadline) }
        saving.pending = nil
        saving.latest = nil
        return .write(latest, generation: saving.generation)
      }
      switch next {
      case .stop:
        return
      case .sleep(let deadline):
        do { try await clock.sleep(untilStored: deadline) } catch { return }
      case .write(let state, let generation):
        try? write(state, generation: generation, keepsFailure: true)
        return
      }
    }
  }

  /// Writes `state` now, cancelling a pending debounced save.
  public func saveNow(_ state: State) throws(PersistenceError) {
    let generation = saving.withLock { saving in
      saving.pending?.cancel()
      saving.pending = nil
      saving.pendingNumber += 1
      saving.latest = nil
      saving.generation += 1
      return saving.generation
    }
    try write(state, generation: generation)
  }

  /// Waits for the pending debounced save, if any, and throws the error of the latest save
  /// if it failed: once a later save has succeeded, an earlier failure is not reported.
  ///
  /// The pending save waits for the clock: with a test clock, advance it past the debounce
  /// interval first.
  public func flush() async throws(PersistenceError) {
    let pending = saving.withLock { $0.pending }
    await pending?.value
    let error = saving.withLock { saving in
      defer { saving.error = nil }
      return saving.error
    }
    if let error { throw error }
  }

  /// Saves the store's state each time it changes, debounced; the returned subscription
  /// stops it.
  ///
  /// The state the store starts with is not saved, and neither is any state while the store
  /// is time travelling (see "Time travel" above).
  public func persist(_ store: Store<State>) -> Subscription {
    persist(store, part: { $0 })
  }

  /// Writes `state` unless a newer save was requested since `generation` was taken; the check
  /// and the write happen under one lock, so an older state never lands after a newer one.
  /// Records the outcome for ``flush()``: a success clears an earlier failure; a failure is
  /// kept when `keepsFailure` (a debounced save, whose caller has returned) and no newer save
  /// was asked for. ``saveNow(_:)`` throws its failure to its caller instead.
  func write(
    _ state: State, generation: Int, keepsFailure: Bool = false
  ) throws(PersistenceError) {
    let written = Result { () throws(PersistenceError) in
      let data = try encode(state)
      try writing.withLock { _ -> Result<Void, PersistenceError> in
        let (isLatest, keepAsideAt, removedLeftovers) = saving.withLock { saving in
          let isLatest = saving.generation == generation
          if isLatest { saving.writeBy = nil }
          return (isLatest, saving.keepAsideAt, saving.removedLeftovers)
        }
        guard isLatest else { return .success(()) }
        return Result { () throws(PersistenceError) in
          if !removedLeftovers {
            storage.removeLeftovers()
            saving.withLock { $0.removedLeftovers = true }
          }
          if let keepAsideAt { _ = try storage.keepAside(at: keepAsideAt) }
          saving.withLock { $0.keepAsideAt = nil }
          try storage.write(data)
        }
      }.get()
    }
    saving.withLock { saving in
      switch written {
      case .success: saving.error = nil
      case .failure(let error) where keepsFailure && saving.generation == generation:
        saving.error = error
      case .failure: break
      }
    }
    try written.get()
  }
}

extension StatePersistence {
  /// Makes deadlines on `clock`, opened once here rather than on every save. The default
  /// clock gets code of its own: generic code would look up the clock's types on every save.
  static func deadlines<C: Clock<Duration>>(
    on clock: C, debounce: Duration, maxWait: Duration?
  ) -> @Sendable (_ writeBy: inout (any Sendable)?) -> any Sendable {
    if let continuous = clock as? ContinuousClock {
      return { writeBy in continuous.deadline(after: debounce, maxWait: maxWait, writeBy: &writeBy)
      }
    }
    return { writeBy in clock.deadline(after: debounce, maxWait: maxWait, writeBy: &writeBy) }
  }
}

extension Clock {
  /// The instant `interval` after now, or `writeBy` if that comes first, taken when this is
  /// called, so that a task that starts late still wakes at the right time. With `maxWait`,
  /// the first call of a burst sets `writeBy` to `maxWait` after now; the write that ends the
  /// burst clears it.
  @inline(__always)
  fileprivate func deadline(
    after interval: Duration, maxWait: Duration?, writeBy: inout (any Sendable)?
  ) -> any Sendable {
    var deadline = now.advanced(by: interval)
    if let maxWait {
      let cap = (writeBy as? Instant) ?? now.advanced(by: maxWait)
      writeBy = cap
      deadline = Swift.min(deadline, cap)
    }
    return deadline
  }

  /// Whether the clock has reached `deadline`, an instant that
  /// `deadline(after:maxWait:writeBy:)` made.
  fileprivate func hasPassed(_ deadline: any Sendable) -> Bool {
    guard let deadline = deadline as? Instant else { return true }
    return now >= deadline
  }

  /// Sleeps until `deadline`, an instant of this clock that `deadline(after:maxWait:writeBy:)`
  /// made.
  fileprivate func sleep(untilStored deadline: any Sendable) async throws {
    guard let deadline = deadline as? Instant else { return }
    try await sleep(until: deadline, tolerance: nil)
  }
}
