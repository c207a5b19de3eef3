import ReduxCommand
import ReduxCore

/// A screen with the list's counts and an export of them.
public struct Stats: Sendable, Equatable, Codable {
  /// How many todos the list had when the screen was opened.
  public var total: Int
  /// How many of them were done.
  public var done: Int
  /// Whether an export is in flight.
  public var isExporting = false
  /// Where the last export went.
  public var exportedTo: String?

  /// A screen showing `done` of `total`.
  public init(total: Int, done: Int) {
    self.total = total
    self.done = done
  }

  /// The counts in words, such as "3 todos, 1 done".
  public var summary: String { "\(total) todos, \(done) done" }
}

/// Exports the counts.
public struct Export: Action, Equatable, Codable {
  /// Creates the action.
  public init() {}
}

/// The export is done.
public struct Exported: Action, Equatable, Codable {
  /// Where it went.
  public var location: String

  /// Creates the action.
  public init(location: String) {
    self.location = location
  }
}

/// The stats screen's reducer. The export is the screen's command: popping the screen cancels
/// it.
public func statsReducer(client: TodosClient) -> CommandReducer<Stats> {
  CommandReducer<Stats> { stats, action in
    switch action {
    case is Export:
      stats.isExporting = true
      let summary = stats.summary
      return .run { send in
        guard let location = try? await client.export(summary) else { return }
        send(Exported(location: location))
      }
    case let exported as Exported:
      stats.isExporting = false
      stats.exportedTo = exported.location
    default:
      break
    }
    return .none
  }
}
