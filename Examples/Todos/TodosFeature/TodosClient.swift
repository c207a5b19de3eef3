/// What the todo features need from outside: the server calls, each an async function that
/// can be replaced (by a test, or by the example's executable to print what happens).
///
/// A call throws only when it is cancelled (its feature went away), so the features send
/// nothing then. A client for a real server would add its own typed error, and the features an
/// action for it.
public struct TodosClient: Sendable {
  /// Saves a todo's title on the server.
  public var saveTitle:
    @Sendable (_ id: Todo.ID, _ title: String) async throws(CancellationError) -> Void
  /// Exports a summary of the list and returns where it went.
  public var export: @Sendable (_ summary: String) async throws(CancellationError) -> String

  /// A client made of the two calls.
  public init(
    saveTitle:
      @escaping @Sendable (_ id: Todo.ID, _ title: String) async throws(CancellationError) -> Void,
    export: @escaping @Sendable (_ summary: String) async throws(CancellationError) -> String
  ) {
    self.saveTitle = saveTitle
    self.export = export
  }

  /// A client whose calls each take `latency` on `clock` and then succeed: inject a
  /// swift-clocks `TestClock` to decide when each call returns.
  public static func simulated(
    clock: any Clock<Duration>, latency: Duration = .seconds(1)
  ) -> TodosClient {
    // A clock's sleep throws only when its task is cancelled.
    let wait: @Sendable () async throws(CancellationError) -> Void = {
      () throws(CancellationError) in
      do { try await clock.sleep(for: latency) } catch { throw CancellationError() }
    }
    return TodosClient(
      saveTitle: { _, _ throws(CancellationError) in try await wait() },
      export: { summary throws(CancellationError) in
        try await wait()
        return "exports/todos.txt (\(summary))"
      })
  }
}
