import ReduxCore

/// Which todos the list shows.
public enum Filter: String, Sendable, Equatable, CaseIterable, Codable {
  /// Every todo.
  case all
  /// The todos not done yet.
  case active
  /// The todos done.
  case done

  /// Whether the list shows `todo` under this filter.
  public func includes(_ todo: Todo) -> Bool {
    switch self {
    case .all: true
    case .active: !todo.isDone
    case .done: todo.isDone
    }
  }
}

/// Shows the todos that `filter` includes.
public struct SetFilter: Action, Equatable, Codable {
  /// The filter to show.
  public var filter: Filter

  /// Creates the action.
  public init(_ filter: Filter) {
    self.filter = filter
  }
}
