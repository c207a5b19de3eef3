/// How ``SagaContext/supervise(_:restarting:_:)`` restarts a saga that fails: how many times,
/// and how long it waits before each restart.
///
/// The wait before restart `n` (1-based) is `backoff * multiplier^(n-1)`, capped at
/// `maximumBackoff`:
///
/// ```swift
/// // Waits 1 s, 2 s, 4 s, 8 s, 8 s; the sixth failure is thrown.
/// let policy = RestartPolicy(maxRestarts: 5, backoff: .seconds(1), multiplier: 2,
///                            maximumBackoff: .seconds(8))
/// ```
public struct RestartPolicy: Sendable, Equatable {
  /// How many times a failed saga is started again; the failure after the last restart is
  /// thrown. Zero restarts nothing.
  public var maxRestarts: Int
  /// The wait before the first restart, on the runtime's clock.
  public var backoff: Duration
  /// What each later wait is multiplied by; 1 keeps the wait constant.
  public var multiplier: Int
  /// The longest wait; nil for no limit.
  public var maximumBackoff: Duration?

  /// Creates a policy of at most `maxRestarts` restarts, waiting `backoff` before the first.
  ///
  /// - Precondition: `maxRestarts >= 0`, `backoff >= .zero` and `multiplier >= 1`.
  public init(
    maxRestarts: Int, backoff: Duration = .zero, multiplier: Int = 1,
    maximumBackoff: Duration? = nil
  ) {
    precondition(maxRestarts >= 0, "RestartPolicy(maxRestarts:) cannot be negative.")
    precondition(backoff >= .zero, "RestartPolicy(backoff:) cannot be negative.")
    precondition(multiplier >= 1, "RestartPolicy(multiplier:) must be at least 1.")
    self.maxRestarts = maxRestarts
    self.backoff = backoff
    self.multiplier = multiplier
    self.maximumBackoff = maximumBackoff
  }

  /// The wait before restart number `restart` (1 for the first).
  public func delay(beforeRestart restart: Int) -> Duration {
    var wait = backoff
    for _ in 1..<max(restart, 1) {
      if let maximumBackoff, wait >= maximumBackoff { break }
      wait = wait * multiplier
    }
    if let maximumBackoff { return min(wait, maximumBackoff) }
    return wait
  }
}
