// A memoized selector's memory: its two latest computations, under a lock. Reading compares the
// new inputs with theirs (newest first) and runs the projector only on a miss, under the lock,
// so that two threads never compute the same inputs twice. Two entries, not one: subscribers
// read on the thread processing actions while views read on the main actor, usually one
// state behind; with one entry they would evict each other and compute every state twice.
//
// The inputs are a value of their own (`SelectorInputs`), so that the memory is generic over
// one type; the parameter pack is expanded only in the type's own methods (the compiler crashed
// on pack expansions inside closures).

/// The values of a selector's inputs, compared element by element with `==`.
@usableFromInline
struct SelectorInputs<each Input: Equatable & Sendable>: Equatable, Sendable {
  @usableFromInline let values: (repeat each Input)

  @inlinable
  init(_ values: repeat each Input) {
    self.values = (repeat each values)
  }

  /// Calls `projector` with the values.
  @inlinable
  func project<Value>(_ projector: (repeat each Input) -> Value) -> Value {
    projector(repeat each values)
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    for (left, right) in repeat (each lhs.values, each rhs.values) {
      guard left == right else { return false }
    }
    return true
  }
}

/// The latest two computations of a selector, and how to compute a new one.
@usableFromInline
final class SelectorMemo<Inputs: Equatable & Sendable, Value: Sendable>: Sendable {
  @usableFromInline
  struct Computation: Sendable {
    @usableFromInline let inputs: Inputs
    @usableFromInline let value: Value

    @inlinable
    init(inputs: Inputs, value: Value) {
      self.inputs = inputs
      self.value = value
    }
  }

  @usableFromInline
  struct Computations: Sendable {
    @usableFromInline var latest: Computation?
    @usableFromInline var previous: Computation?

    @inlinable init() {}
  }

  @usableFromInline let computations = Lock(
    Computations(),
    reentry:
      "a memoized selector was read from inside its own projector; derive the value from the projector's inputs instead"
  )
  @usableFromInline let project: @Sendable (Inputs) -> Value

  @inlinable
  init(project: @escaping @Sendable (Inputs) -> Value) {
    self.project = project
  }

  /// The value for `inputs`: recalled, or computed and remembered as the latest.
  @inlinable
  func value(for inputs: Inputs) -> Value {
    computations.withLock { computations in
      if let latest = computations.latest, latest.inputs == inputs { return latest.value }
      if let previous = computations.previous, previous.inputs == inputs { return previous.value }
      let value = project(inputs)
      computations.previous = computations.latest
      computations.latest = Computation(inputs: inputs, value: value)
      return value
    }
  }
}
