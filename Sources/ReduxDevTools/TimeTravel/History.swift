import Foundation
import ReduxCore

/// What a ``DevTools`` keeps behind its lock: the bounded history, where time travel is, and
/// what a live inspector needs to tell what changed.
///
/// The entries live in a ring: once `capacity` entries are kept, each new one overwrites the
/// oldest, whose state becomes the base (the state before the oldest kept entry), as Redux
/// DevTools' `maxAge` commits the oldest action. Entries are numbered by step: step 0 is the
/// base state, step `i` the state after the `i`th kept entry (`self[i - 1]`).
@usableFromInline
struct History<State: Sendable> {
  @usableFromInline var capacity: Int
  /// Re-reduces the entries when one is skipped, moved or the reducer is replaced.
  var reducer: Reducer<State>
  /// Set when the middleware is attached to its store.
  var context: MiddlewareContext<State>?
  /// The store's state when the middleware was attached; ``DevTools/reset()`` returns to it.
  var initialState: State?
  /// The state before the oldest kept entry.
  @usableFromInline var baseState: State?
  @usableFromInline var ring: [RecordedAction<State>] = []
  @usableFromInline var head = 0
  /// The step the store shows; `nil` while it shows the latest state.
  @usableFromInline var position: Int?
  /// The sequence number of the last entry recorded; each entry gets the next one, so that an
  /// inspector can name an entry that keeps its identity while the ring moves.
  @usableFromInline var lastSequence = 0
  /// Counts every change other than recording an entry (time travel, imports, commits), so
  /// that an inspector knows to send the whole history rather than the new entries.
  var revision = 0
  /// The last operation a live inspector shows in its status line.
  var lastEvent = ""
  /// Set by ``DevTools/load(_:)`` until a commit or reset: the store shows another session's
  /// states.
  var showsLoadedRecording = false
  /// Told after each change, if an inspector is listening.
  @usableFromInline var listener: ChangeSignal?

  init(capacity: Int, reducer: Reducer<State>) {
    self.capacity = capacity
    self.reducer = reducer
  }

  var count: Int { ring.count }

  subscript(index: Int) -> RecordedAction<State> {
    get { ring[physical(index)] }
    set { ring[physical(index)] = newValue }
  }

  private func physical(_ index: Int) -> Int {
    let slot = head + index
    return slot < ring.count ? slot : slot - ring.count
  }

  var entries: [RecordedAction<State>] { Array(ring[head...] + ring[..<head]) }

  var currentStep: Int { position ?? count }

  /// Whether the store shows a state the app did not reach by its own actions: a past step, a
  /// state recomputed without a skipped action, or a loaded recording's.
  var isAway: Bool {
    position != nil || showsLoadedRecording || ring.contains { $0.isSkipped }
  }

  /// Whether the store still shows such a state once an action starts a new branch at the
  /// current step.
  var isAwayAfterBranching: Bool {
    showsLoadedRecording || entries.prefix(currentStep).contains { $0.isSkipped }
  }

  func state(atStep step: Int) -> State? {
    step == 0 ? baseState : self[step - 1].state
  }

  /// The step of the entry with sequence number `sequence`, if it is still kept.
  func step(ofSequence sequence: Int) -> Int? {
    guard count > 0 else { return nil }
    let first = self[0].sequence
    // Recorded entries have consecutive numbers; a moved or imported history may not.
    if sequence >= first, sequence - first < count, self[sequence - first].sequence == sequence {
      return sequence - first + 1
    }
    return (0..<count).first { self[$0].sequence == sequence }.map { $0 + 1 }
  }

  /// Appends an entry for `action`, numbered with the next sequence number; an action reduced
  /// while the store shows a past step starts a new branch there, so the later entries are
  /// dropped and every kept state follows from the one before.
  ///
  /// Takes the entry's parts rather than an entry: the entry is built once, in place, with its
  /// number (copying a generic entry to number it costs a value-witness call per action).
  @inlinable
  mutating func record(_ action: any Action, state: State, timestamp: Date) {
    if let position { branch(at: position) }
    lastSequence += 1
    let entry = RecordedAction(
      action: action, state: state, timestamp: timestamp, sequence: lastSequence)
    if ring.count < capacity {
      if ring.isEmpty { ring.reserveCapacity(capacity) }
      ring.append(consume entry)
    } else {
      baseState = ring[head].state
      ring[head] = consume entry
      head = head + 1 == capacity ? 0 : head + 1
    }
  }

  /// Drops the entries after `step`, and shows the latest state again.
  @usableFromInline
  mutating func branch(at step: Int) {
    replaceEntries(with: Array(entries.prefix(step)))
    position = nil
  }

  /// Replaces every entry, keeping only the last `capacity` ones (the state before the first
  /// kept one becomes the base). Entries from elsewhere (`renumber`) get new sequence numbers;
  /// this history's own keep theirs.
  mutating func replaceEntries(with entries: [RecordedAction<State>], renumber: Bool = false) {
    revision += 1
    let dropped = entries.count - capacity
    if dropped > 0 { baseState = entries[dropped - 1].state }
    ring = Array(entries.suffix(capacity))
    head = 0
    if renumber {
      for index in ring.indices {
        lastSequence += 1
        ring[index].sequence = lastSequence
      }
    }
  }

  /// Recomputes the states from entry `index` on by re-reducing the actions that are not
  /// skipped.
  mutating func recompute(from index: Int) {
    revision += 1
    guard var state = state(atStep: index) else { return }
    for entryIndex in index..<count {
      var entry = self[entryIndex]
      if !entry.isSkipped { reducer(&state, entry.action) }
      entry.state = state
      self[entryIndex] = entry
    }
  }
}
