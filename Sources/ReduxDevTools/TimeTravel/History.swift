import Foundation
import ReduxCore

/// What a ``DevTools`` keeps behind its lock: the bounded history and where time travel is.
///
/// The entries live in a ring: once `capacity` entries are kept, each new one overwrites the
/// oldest, whose state becomes the base (the state before the oldest kept entry), as Redux
/// DevTools' `maxAge` commits the oldest action.
@usableFromInline
struct History<State: Sendable> {
  @usableFromInline let capacity: Int
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

  init(capacity: Int) {
    self.capacity = capacity
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

  func state(atStep step: Int) -> State? {
    step == 0 ? baseState : self[step - 1].state
  }

  /// Appends an entry; an action reduced while the store shows a past step starts a new branch
  /// there, so the later entries are dropped and every kept state follows from the one before.
  @inlinable
  mutating func record(_ entry: RecordedAction<State>) {
    if let position { branch(at: position) }
    if ring.count < capacity {
      if ring.isEmpty { ring.reserveCapacity(capacity) }
      ring.append(entry)
    } else {
      baseState = ring[head].state
      ring[head] = entry
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
  /// kept one becomes the base).
  mutating func replaceEntries(with entries: [RecordedAction<State>]) {
    let dropped = entries.count - capacity
    if dropped > 0 { baseState = entries[dropped - 1].state }
    ring = Array(entries.suffix(capacity))
    head = 0
  }

  /// Recomputes the states from entry `index` on by re-reducing the actions that are not
  /// skipped.
  mutating func recompute(from index: Int, with reducer: Reducer<State>) {
    guard var state = state(atStep: index) else { return }
    for entryIndex in index..<count {
      var entry = self[entryIndex]
      if !entry.isSkipped { reducer(&state, entry.action) }
      entry.state = state
      self[entryIndex] = entry
    }
  }
}
