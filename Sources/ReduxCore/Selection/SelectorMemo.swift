import ReduxSeam

// A memoized selector's memory: its two latest computations, under a lock. Reading compares the
// new inputs with theirs (newest first) and runs the projector only on a miss, under the lock,
// so that two threads never compute the same inputs twice. Two entries, not one: subscribers
// read on the thread processing actions while views read on the main actor, usually one
// state behind; with one entry they would evict each other and compute every state twice.
//
// The inputs are one value (`Inputs2` to `Inputs4`, or the input itself), so that the memory is
// generic over one type. Fixed arities rather than a parameter pack: a pack's reads go through
// unspecialized generic code (the key paths applied at run time, the inputs compared through
// the runtime), about three times the cost per subscriber (benchmark 17; UIProfile's
// `selector-memoized`).

/// Two inputs of a selector, compared with `==`.
@usableFromInline
struct Inputs2<A: Equatable & Sendable, B: Equatable & Sendable>: Equatable, Sendable {
  @usableFromInline let a: A
  @usableFromInline let b: B

  @inlinable
  init(a: A, b: B) {
    self.a = a
    self.b = b
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.a == rhs.a && lhs.b == rhs.b }
}

/// Three inputs of a selector, compared with `==`.
@usableFromInline
struct Inputs3<A: Equatable & Sendable, B: Equatable & Sendable, C: Equatable & Sendable>:
  Equatable, Sendable
{
  @usableFromInline let a: A
  @usableFromInline let b: B
  @usableFromInline let c: C

  @inlinable
  init(a: A, b: B, c: C) {
    self.a = a
    self.b = b
    self.c = c
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
  }
}

/// Four inputs of a selector, compared with `==`.
@usableFromInline
struct Inputs4<
  A: Equatable & Sendable, B: Equatable & Sendable, C: Equatable & Sendable,
  D: Equatable & Sendable
>: Equatable, Sendable {
  @usableFromInline let a: A
  @usableFromInline let b: B
  @usableFromInline let c: C
  @usableFromInline let d: D

  @inlinable
  init(a: A, b: B, c: C, d: D) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
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
    /// How many times the projector ran since the count was last reset.
    @usableFromInline var count = 0

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

  /// How many times the projector ran; `reset` sets it back to 0.
  @usableFromInline
  func recomputations(reset: Bool) -> Int {
    computations.withLock { computations in
      defer { if reset { computations.count = 0 } }
      return computations.count
    }
  }

  /// The value for `inputs`: recalled, or computed and remembered as the latest.
  @inlinable
  func value(for inputs: Inputs) -> Value {
    computations.withLock { computations in
      if let latest = computations.latest, latest.inputs == inputs { return latest.value }
      if let previous = computations.previous, previous.inputs == inputs { return previous.value }
      let value = project(inputs)
      computations.count += 1
      computations.previous = computations.latest
      computations.latest = Computation(inputs: inputs, value: value)
      return value
    }
  }
}
