import ReduxCore

/// Which actions a take waits for.
@usableFromInline
enum ActionMatch: Sendable {
  /// Actions of exactly this struct or enum type: one comparison, and nothing to allocate.
  case exactly(Any.Type)
  case predicate(@Sendable (any Action) -> Bool)

  /// Actions of type `A`, as ``ReduxCore/Action/as(_:)`` matches them (a class also matches
  /// its subclasses).
  @inlinable
  static func of<A: Action>(_ type: A.Type) -> ActionMatch {
    if A.self is AnyClass { return .predicate { $0.as(A.self) != nil } }
    return .exactly(A.self)
  }

  func matches(_ action: any Action) -> Bool {
    matches(action, ofType: ObjectIdentifier(Swift.type(of: action)))
  }

  /// ``matches(_:)`` for an action whose dynamic type the caller has already asked for (one
  /// runtime call per action delivered, not one per watcher).
  func matches(_ action: any Action, ofType actionType: ObjectIdentifier) -> Bool {
    switch self {
    case .exactly(let type): actionType == ObjectIdentifier(type)
    case .predicate(let predicate): predicate(action)
    }
  }

  /// The actions it waits for, as a test reports it: a type name, or `where` for a predicate
  /// (a predicate's own name would make every watcher larger, and each take slower).
  var pattern: String {
    switch self {
    case .exactly(let type): String(describing: type)
    case .predicate: "where"
    }
  }
}
