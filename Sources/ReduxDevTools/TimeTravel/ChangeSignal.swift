import Synchronization

/// Wakes a live inspector after the history changed, without blocking the thread that changed
/// it: many changes in a row cost one wake-up, and the inspector reads them all at once.
@usableFromInline
final class ChangeSignal: Sendable {
  private let pending = Atomic(false)
  private let wakeUps: AsyncStream<Void>.Continuation
  /// Ends when ``finish()`` is called.
  let changes: AsyncStream<Void>

  init() {
    (changes, wakeUps) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// Says that the history changed; cheap when a wake-up is already pending.
  @usableFromInline
  func notify() {
    if !pending.exchange(true, ordering: .acquiringAndReleasing) { wakeUps.yield() }
  }

  /// Called by the inspector before it reads the history, so that a change made while it
  /// reads wakes it again.
  func consume() {
    pending.store(false, ordering: .sequentiallyConsistent)
  }

  func finish() {
    wakeUps.finish()
  }
}
