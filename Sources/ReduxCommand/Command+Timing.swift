import ReduxCore
import ReduxSeam

// Commands in time, as TCA's effects: `debounce` runs the last of a burst once it has gone
// quiet; `throttle` runs at most one per interval. Both rest on cancellation by id; `throttle`
// also keeps, per id, when its command last ran (the runner's throttle book).

extension Command {
  /// Returns this command delayed until `duration` has passed on `clock` without another
  /// command debounced with the same `id`, as TCA's `debounce(id:for:scheduler:)`: each one
  /// cancels the one still waiting, so only the last of a burst runs.
  ///
  /// ```swift
  /// case let edit as SetQuery:
  ///   state.query = edit.query
  ///   return .attempt({ try await api.search(edit.query) }, then: Results.init)
  ///     .debounce(id: "search", for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// A command already running when the next one arrives is cancelled too: wrap only what
  /// should be replaced.
  public func debounce<C: Clock<Duration>>(
    id: some Hashable & Sendable, for duration: Duration, clock: C
  ) -> Command {
    guard !isNone else { return self }
    // The deadline is read now, when the reducer returns the command, not when its task starts.
    // Once the debounce is cancelled, the sleep ends early and the scope starts nothing more.
    let deadline = clock.now.advanced(by: duration)
    return Command.concatenate(
      .run { _ in try? await clock.sleep(until: deadline, tolerance: nil) }, self
    ).cancellable(id: id, cancelInFlight: true)
  }

  /// Returns this command throttled by `id`, as TCA's `throttle(id:for:scheduler:latest:)`:
  /// the first runs at once; one that arrives less than `interval` (on `clock`) after the last
  /// that ran waits until the interval is over, then runs, in place of any waiting before it
  /// (`latest`), or the first that waited runs (not `latest`).
  ///
  /// ```swift
  /// case is Scrolled:
  ///   return .action(SavePosition())
  ///     .throttle(id: "save", for: .seconds(1), clock: clock, latest: true)
  /// ```
  public func throttle<C: Clock<Duration>>(
    id: some Hashable & Sendable, for interval: Duration, clock: C, latest: Bool
  ) -> Command {
    guard !isNone else { return self }
    let id = CancelID(id)
    return Command(
      .throttle(
        self, id: id,
        decide: { registry, key, command in
          let now = clock.now
          return registry.throttles.withLock { entries in
            guard let last = entries[key]?.lastRun as? C.Instant,
              last.duration(to: now) < interval
            else {
              entries[key] = ThrottleEntry(lastRun: now)
              return command
            }
            let waiting = latest ? command : (entries[key]?.waiting ?? command)
            entries[key]?.waiting = waiting
            let runAt = last.advanced(by: interval)
            let ran = Command.run { _ in
              registry.throttles.withLock { $0[key] = ThrottleEntry(lastRun: clock.now) }
            }
            return Command.concatenate(
              .run { _ in try? await clock.sleep(until: runAt, tolerance: nil) }, ran, waiting
            ).cancellable(id: id, cancelInFlight: true)
          }
        }))
  }
}

/// What a throttle remembers per id: when its command last ran, and the one waiting to run.
@usableFromInline
struct ThrottleEntry: Sendable {
  /// The instant of the throttle's clock, type-erased.
  var lastRun: any Sendable
  var waiting: Command?
}

/// Decides what a throttled command runs now, from the store's throttle book (in `registry`).
@usableFromInline
typealias ThrottleDecision =
  @Sendable (_ registry: CancellationRegistry, _ key: CancelKey, _ command: Command) -> Command
