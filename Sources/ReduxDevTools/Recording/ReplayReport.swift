/// The outcome of replaying a recording: how many steps matched, and the first that did not.
public struct ReplayReport<State: Sendable>: Sendable {
  /// How many recorded states were compared and matched, the initial state included.
  public var matchedSteps: Int
  /// The first step whose state differs from the recording; `nil` when every state matched.
  public var divergence: ReplayDivergence<State>?

  /// Whether the replay reproduced every recorded state.
  public var isExact: Bool { divergence == nil }
}
