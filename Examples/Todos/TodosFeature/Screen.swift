import ReduxCommand
import ReduxCore

/// A screen on the navigation stack (``TodoList/path``).
public enum Screen: Sendable, Equatable, Codable {
  /// A todo's detail screen.
  case detail(Detail)
  /// The counts screen.
  case stats(Stats)
}

extension EnumCase where Enum == Screen, Value == Detail {
  /// The ``Screen/detail(_:)`` case, for `ifCaseLet`.
  public static let detail = EnumCase(embed: Screen.detail) { screen in
    if case .detail(let detail) = screen { detail } else { nil }
  }
}

extension EnumCase where Enum == Screen, Value == Stats {
  /// The ``Screen/stats(_:)`` case, for `ifCaseLet`.
  public static let stats = EnumCase(embed: Screen.stats) { screen in
    if case .stats(let stats) = screen { stats } else { nil }
  }
}

/// The reducer of one screen: each case's reducer on its payload, for the actions addressed to
/// it (`ChildAction<Detail>`, `ChildAction<Stats>`).
public func screenReducer(client: TodosClient) -> CommandReducer<Screen> {
  CommandReducer<Screen>.empty
    .ifCaseLet(.detail, then: detailReducer(client: client))
    .ifCaseLet(.stats, then: statsReducer(client: client))
}
