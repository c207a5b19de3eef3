/// Where a request stands: not started, in flight, succeeded with a value, or failed with an
/// error. Keep one in your state per request and let the reducer move it along.
///
/// ```swift
/// struct PostsState: Sendable, Equatable {
///   var request: RequestState<[Post], PostsError> = .idle
/// }
///
/// let posts = Reducer<PostsState>
///   .on(LoadPosts.self) { state, _ in state.request = .loading }
///   .on(PostsLoaded.self) { state, loaded in state.request = .success(loaded.posts) }
///   .on(PostsFailed.self) { state, failed in state.request = .failure(failed.error) }
///
/// // In a view:
/// if state.request.isLoading { showSpinner() }
/// let titles = state.request.map { $0.map(\.title) }.value ?? []
/// ```
///
/// `RequestState` is `Sendable`, `Equatable` and `Hashable` when its arguments are.
public enum RequestState<Success, Failure: Error> {
  /// The request has not started.
  case idle
  /// The request is in flight.
  case loading
  /// The request succeeded with a value.
  case success(Success)
  /// The request failed with an error.
  case failure(Failure)

  /// Creates the finished state for a result: `.success` or `.failure`.
  public init(_ result: Result<Success, Failure>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }

  /// Whether the request has not started.
  public var isIdle: Bool {
    if case .idle = self { return true }
    return false
  }

  /// Whether the request is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The value of a successful request; `nil` in every other state.
  public var value: Success? {
    if case .success(let value) = self { return value }
    return nil
  }

  /// The error of a failed request; `nil` in every other state.
  public var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }

  /// The outcome of a finished request; `nil` while idle or loading.
  public var result: Result<Success, Failure>? {
    switch self {
    case .idle, .loading: return nil
    case .success(let value): return .success(value)
    case .failure(let error): return .failure(error)
    }
  }

  /// Transforms the value of a successful request; every other state is kept as it is.
  public func map<NewSuccess>(
    _ transform: (Success) -> NewSuccess
  ) -> RequestState<NewSuccess, Failure> {
    switch self {
    case .idle: return .idle
    case .loading: return .loading
    case .success(let value): return .success(transform(value))
    case .failure(let error): return .failure(error)
    }
  }

  /// Transforms the error of a failed request; every other state is kept as it is.
  public func mapError<NewFailure>(
    _ transform: (Failure) -> NewFailure
  ) -> RequestState<Success, NewFailure> {
    switch self {
    case .idle: return .idle
    case .loading: return .loading
    case .success(let value): return .success(value)
    case .failure(let error): return .failure(transform(error))
    }
  }
}

extension RequestState: Sendable where Success: Sendable {}
extension RequestState: Equatable where Success: Equatable, Failure: Equatable {}
extension RequestState: Hashable where Success: Hashable, Failure: Hashable {}
