/// One result among up to three of different types: how `race` and `all` run branches of
/// different types as one list.
enum Either3<A: Sendable, B: Sendable, C: Sendable>: Sendable {
  case first(A)
  case second(B)
  case third(C)

  var first: A? {
    if case .first(let value) = self { value } else { nil }
  }
  var second: B? {
    if case .second(let value) = self { value } else { nil }
  }
  var third: C? {
    if case .third(let value) = self { value } else { nil }
  }
}
