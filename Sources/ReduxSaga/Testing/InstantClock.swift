import ReduxCore
import ReduxSeam

/// A clock whose sleeps end at once (after checking cancellation), moving its time forward.
final class InstantClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let time = Lock(Duration.zero)

  var now: Instant { Instant(offset: time.withLock { $0 }) }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    time.withLock { now in now = max(now, deadline.offset) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
