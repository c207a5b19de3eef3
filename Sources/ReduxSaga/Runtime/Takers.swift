import ReduxCore
import ReduxSeam
import Synchronization

// redux-saga's channel of takers (`channel.js`): every saga waiting for an action is a taker in
// one list, with a matcher. An action is offered to the takers in registration order; a take
// is removed when it matches, an action channel stays. Matching runs under the list's lock;
// resuming runs after it, in a drain of the scheduler, so the resumed sagas reach their next
// wait before the delivery returns. While a saga's put is processed, the actions delivered
// after it are recorded, and replayed to the takes the saga makes right after (Put.swift).

/// Which actions a taker waits for.
@usableFromInline
enum ActionMatch: Sendable {
  /// Actions of exactly this struct or enum type: one comparison.
  case exactly(Any.Type)
  /// The actions a predicate accepts, and how a test names them.
  case predicate(String, @Sendable (any Action) -> Bool)

  /// Actions of type `A`, as ``ReduxCore/Action/as(_:)`` matches them (a class also matches
  /// its subclasses).
  @inlinable
  static func of<A: Action>(_ type: A.Type) -> ActionMatch {
    if A.self is AnyClass { return .predicate("\(A.self)") { $0.as(A.self) != nil } }
    return .exactly(A.self)
  }

  func matches(_ action: any Action) -> Bool {
    switch self {
    case .exactly(let type): ObjectIdentifier(Swift.type(of: action)) == ObjectIdentifier(type)
    case .predicate(_, let predicate): predicate(action)
    }
  }

  /// The actions it waits for, as a test reports them: a type name, or a predicate's name.
  var pattern: String {
    switch self {
    case .exactly(let type): String(describing: type)
    case .predicate(let name, _): name
    }
  }
}

/// What a take gets: the action, and the origin of the dispatch that delivered it.
struct TakenAction: Sendable {
  let action: any Action
  let origin: ActionOrigin
}

/// Thrown to a take after ``END``: the take returns nil.
struct InputEnded: Error {}
/// One saga waiting for an action, or an action channel.
struct Taker: Sendable {
  let id: UInt64
  /// The waiting saga; nil for an action channel, which buffers rather than waits.
  let node: SagaNode?
  /// The start order of the saga that registered it (see ``SagaNode/order``).
  let order: UInt64
  let match: ActionMatch
  let receiver: Receiver

  enum Receiver: Sendable {
    /// A take, resumed exactly once by whoever removes it from the list.
    case take(UnsafeContinuation<TakenAction, any Error>)
    /// An action channel: fed every match until removed; told at END.
    case channel(feed: @Sendable (any Action, ActionOrigin) -> Void, end: @Sendable () -> Void)
  }

  var isTake: Bool { if case .take = receiver { true } else { false } }

  func deliver(_ action: any Action, origin: ActionOrigin) {
    switch receiver {
    case .take(let continuation):
      continuation.resume(returning: TakenAction(action: action, origin: origin))
    case .channel(let feed, _): feed(action, origin)
    }
  }

  /// END: a take returns nil, a channel closes.
  func end() {
    switch receiver {
    case .take(let continuation): continuation.resume(throwing: InputEnded())
    case .channel(_, let end): end()
    }
  }

  /// A take whose task was cancelled.
  func cancel() {
    if case .take(let continuation) = receiver {
      continuation.resume(throwing: CancellationError())
    }
  }
}

/// The actions delivered while a saga's put was processed, after the put's own.
struct PutRecording {
  let put: ObjectIdentifier
  /// The last taker id registered when the recording began: the putting saga's takes made
  /// after the put have larger ids.
  let mark: UInt64
  var missed: [(action: any Action, origin: ActionOrigin)] = []
}

/// The takers one action matched, run in registration order once the lock is released; one
/// match (the common case) allocates nothing (`saga-sync`).
struct Matched {
  var first: Taker?
  var more: [Taker] = []

  mutating func append(_ taker: Taker) {
    if first == nil { first = taker } else { more.append(taker) }
  }

  func deliver(_ action: any Action, origin: ActionOrigin) {
    first?.deliver(action, origin: origin)
    for taker in more { taker.deliver(action, origin: origin) }
  }
}

/// The takers of one runtime, in registration order.
@usableFromInline
final class TakerList: Sendable {
  private struct State {
    var takers: [Taker] = []
    var isEnded = false
    var recordings: [PutRecording] = []

    var isIdle: Bool { takers.isEmpty && recordings.isEmpty }

    /// Removes the takes that `action` matches (of `node` after `mark` only, for a replay) and
    /// returns what it matched; records it for the puts in flight.
    mutating func match(
      _ action: any Action, origin: ActionOrigin, onlyOf node: SagaNode?, after mark: UInt64 = 0
    ) -> Matched {
      var matched = Matched()
      takers.removeAll { taker in
        if let node, taker.node !== node || taker.id <= mark { return false }
        guard taker.match.matches(action) else { return false }
        matched.append(taker)
        return taker.isTake
      }
      if node == nil {
        for index in recordings.indices { recordings[index].missed.append((action, origin)) }
      }
      return matched
    }
  }

  private let state = Lock(State())
  /// `state.isIdle`, written with it under the lock: a delivery nobody waits for reads only this.
  private let isIdle = Atomic<Bool>(true)
  private let lastID = Atomic<UInt64>(0)

  /// A new taker id; ids grow with registration order.
  func makeID() -> UInt64 {
    lastID.wrappingAdd(1, ordering: .relaxed).newValue
  }

  private func withState<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock { state in
      defer { isIdle.store(state.isIdle, ordering: .releasing) }
      return body(&state)
    }
  }

  /// Registers a taker; false (and nothing registered) after END.
  func add(_ taker: Taker) -> Bool {
    withState { state in
      guard !state.isEnded else { return false }
      state.takers.append(taker)
      return true
    }
  }

  /// Removes a taker; returns it if it was still registered (its remover resumes it).
  @discardableResult
  func remove(_ id: UInt64) -> Taker? {
    withState { state in
      guard let index = state.takers.firstIndex(where: { $0.id == id }) else { return nil }
      return state.takers.remove(at: index)
    }
  }

  /// Delivers an action: the takers it matches run in registration order inside a drain of
  /// `scheduler`, so the sagas they resume reach their next wait before this returns. END ends
  /// every taker, and every take registered later.
  @usableFromInline
  func deliver(_ action: any Action, origin: ActionOrigin, draining scheduler: SagaScheduler) {
    if Self.isEnd(action) { return end(draining: scheduler) }
    guard !isIdle.load(ordering: .acquiring) else { return }
    let matched = withState { $0.match(action, origin: origin, onlyOf: nil) }
    guard matched.first != nil else { return }
    scheduler.withDrain { matched.deliver(action, origin: origin) }
  }

  /// Whether `action` is ``END``, read from the existential's own type (END is a struct), not
  /// by a dynamic cast (`saga-sync`).
  private static func isEnd(_ action: any Action) -> Bool {
    func isEnd<A: Action>(_: A) -> Bool { A.self == END.self }
    return isEnd(action)
  }

  /// END: every taker ends, in the order their sagas started (a loop that took again is still
  /// where its saga is), and the list takes none from now on.
  private func end(draining scheduler: SagaScheduler) {
    let takers = withState { state in
      defer { state.takers = [] }
      state.isEnded = true
      return state.takers.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    }
    scheduler.withDrain {
      for taker in takers { taker.end() }
    }
  }

  /// Whether a taker registered now would take `action`; nil after END.
  func wouldTake(_ action: any Action) -> Bool? {
    state.withLock { state in
      state.isEnded ? nil : state.takers.contains { $0.match.matches(action) }
    }
  }

  /// The sagas waiting for an action now, in registration order, one line each, such as
  /// `profile waits for FetchUser` (an action channel, which buffers, is not listed).
  func waitDescriptions() -> [String] {
    let waits = state.withLock { state in
      state.takers.compactMap { taker in taker.node.map { ($0, taker.match.pattern) } }
    }
    return waits.map { node, pattern in Self.describe(node.stack, waitingFor: pattern) }
  }

  /// One line of ``waitDescriptions()``: the saga stack, and the actions it waits for.
  static func describe(_ stack: [String], waitingFor pattern: String) -> String {
    let actions = pattern == "where" ? "an action its predicate accepts" : pattern
    return "\(stack.joined(separator: " > ")) waits for \(actions)"
  }

  // MARK: Replay after a put

  /// Records the actions delivered from now on for `put`, whose own action has been reduced.
  func startRecording(for put: PutRequest) {
    let mark = lastID.load(ordering: .relaxed)
    withState { $0.recordings.append(PutRecording(put: ObjectIdentifier(put), mark: mark)) }
  }

  /// Stops recording for `put`; returns what it recorded, if anything.
  func stopRecording(for put: PutRequest) -> PutRecording? {
    let id = ObjectIdentifier(put)
    let recording = withState { state -> PutRecording? in
      guard let index = state.recordings.firstIndex(where: { $0.put == id }) else { return nil }
      return state.recordings.remove(at: index)
    }
    guard let recording, !recording.missed.isEmpty else { return nil }
    return recording
  }

  /// Offers the recorded actions, one at a time and in order, to the takes `node` made after
  /// its put, each inside a drain; stops as soon as the saga waits for anything else.
  func replay(_ recording: PutRecording, to node: SagaNode, draining scheduler: SagaScheduler) {
    for (action, origin) in recording.missed {
      let matched: Matched? = withState { state in
        guard state.takers.contains(where: { $0.node === node && $0.id > recording.mark })
        else { return nil }
        return state.match(action, origin: origin, onlyOf: node, after: recording.mark)
      }
      guard let matched else { return }
      if matched.first != nil { scheduler.withDrain { matched.deliver(action, origin: origin) } }
    }
  }
}
