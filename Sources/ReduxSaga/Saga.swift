/// A saga written as a class, for code that comes from the class-based original: subclass it
/// and override ``run(_:)``.
///
/// ```swift
/// final class FetchUserSaga: Saga<AppState> {
///   override func run(_ context: SagaContext<AppState>) async throws {
///     while true {
///       let request = try await context.take(FetchUser.self)
///       let user = try await context.call("fetchUser") { try await api.user(request.id) }
///       await context.put(UserLoaded(user))
///     }
///   }
/// }
/// sagas.run(FetchUserSaga())
/// ```
///
/// The instance is handed to the saga's task when you run it; do not use it from elsewhere
/// afterwards. A closure passed to ``SagaMiddleware/run(_:_:)`` does the same job.
open class Saga<State: Sendable> {
  /// The saga's name in saga stacks and monitor events.
  public let name: String

  /// Creates a saga; the name defaults to the subclass's type name.
  public init(name: String? = nil) {
    self.name = name ?? String(describing: type(of: self))
  }

  /// The saga's body; the default does nothing. Override it.
  ///
  /// - Parameter context: The effects this saga can run.
  open func run(_ context: SagaContext<State>) async throws {}
}
