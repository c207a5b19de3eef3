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
/// `RequestState` is `Sendable` when `Success` is, `Equatable` when `Success` is (whatever the
/// error type, `any Error` included, so a selector subscription to it compiles), `Hashable`
/// when both `Success` and `Failure` are, and `Codable` when both are (see "Coding" below).
///
/// It is part of ReduxCore, not of a side-effect module, because it is state: an app whose
/// requests run in sagas or commands keeps it without linking ReduxEffects. ReduxEffects names
/// it too, so files that import only ReduxEffects keep compiling.
///
/// ## Equality
/// Two states are equal when they are the same case with equal contents. Two failures are
/// equal when their errors have the same dynamic type and:
/// - for an `Equatable` error type, the errors are `==`;
/// - otherwise, their `String(reflecting:)` descriptions are equal, so `.failure(error)` set
///   twice with the same error counts as unchanged, and a different error as a change. Give a
///   class error, or one whose description leaves out what tells two errors apart, a
///   description that includes it, or make it `Equatable`.
///
/// With an untyped error this lets `store.subscribe(select: \.posts)` skip repeats like any
/// other selected value:
///
/// ```swift
/// struct Feed: Sendable { var posts: RequestState<[String], any Error> = .idle }
/// let token = store.subscribe(select: \.posts) { posts in render(posts) }
/// ```
///
/// ## Coding
/// With a `Codable` value and a `Codable` error, a state that holds a `RequestState` can be
/// saved, restored or exported like any other: each case is an object whose `status` names the
/// case, with the value under `value` or the error under `error`:
///
/// ```json
/// {"status": "idle"}
/// {"status": "loading"}
/// {"status": "success", "value": ["Hello"]}
/// {"status": "failure", "error": {"reason": "offline"}}
/// ```
///
/// An untyped error (`any Error`) is not `Codable`; give the failure an error type of your own
/// to code it. A restored `.loading` describes a request that is no longer running: reset it
/// when you restore a saved state, if your app cannot resume the request.
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
extension RequestState: Equatable where Success: Equatable {
  /// Whether both are the same case with equal contents; see "Equality" above for how errors
  /// compare.
  public static func == (lhs: RequestState, rhs: RequestState) -> Bool {
    switch (lhs, rhs) {
    case (.idle, .idle), (.loading, .loading): return true
    case (.success(let lhs), .success(let rhs)): return lhs == rhs
    case (.failure(let lhs), .failure(let rhs)): return errorsAreEqual(lhs, rhs)
    default: return false
    }
  }
}

/// Compares two errors as ``RequestState``'s equality documents: same dynamic type, then `==`
/// for an `Equatable` type, the reflected description otherwise.
func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  guard ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs)) else { return false }
  // Through `Any`: cast straight from `any Error`, the compiler wrongly warns it always succeeds.
  if let lhs = (lhs as Any) as? any Equatable { return lhs.isEqual(to: rhs) }
  return String(reflecting: lhs) == String(reflecting: rhs)
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
extension RequestState: Hashable where Success: Hashable, Failure: Hashable {}
