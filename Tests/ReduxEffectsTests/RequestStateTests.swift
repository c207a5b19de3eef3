import ReduxCore
import ReduxEffects
import ReduxSeam
import Testing

struct RequestStarted: Action {}
struct TitlesArrived: Action { var titles: [String] }
struct RequestFailed: Action { var error: RequestError }

/// A typed, `Equatable` and `Codable` request error.
struct RequestError: Error, Equatable, Hashable, Codable {
  var code = 1
}

private let requestReducer = Reducer<RequestState<[String], RequestError>>
  .on(RequestStarted.self) { state, _ in state = .loading }
  .on(TitlesArrived.self) { state, arrived in state = .success(arrived.titles) }
  .on(RequestFailed.self) { state, failed in state = .failure(failed.error) }

@Suite("RequestState")
struct RequestStateTests {
  typealias Request = RequestState<[String], RequestError>

  @Test("moves idle → loading → success, and loading → failure, through a reducer")
  func transitions() {
    let store = Store(initialState: Request.idle, reducer: requestReducer)
    #expect(store.state == .idle)
    store.dispatch(RequestStarted())
    #expect(store.state == .loading)
    store.dispatch(TitlesArrived(titles: ["a"]))
    #expect(store.state == .success(["a"]))
    store.dispatch(RequestStarted())
    store.dispatch(RequestFailed(error: RequestError(code: 7)))
    #expect(store.state == .failure(RequestError(code: 7)))
  }

  @Test(
    "answers isIdle, isLoading, value, error and result for each state",
    arguments: [
      (Request.idle, true, false, nil, nil),
      (Request.loading, false, true, nil, nil),
      (Request.success(["a"]), false, false, ["a"], nil),
      (Request.failure(RequestError(code: 2)), false, false, nil, RequestError(code: 2)),
    ] as [(Request, Bool, Bool, [String]?, RequestError?)]
  )
  func accessors(
    state: Request, isIdle: Bool, isLoading: Bool, value: [String]?, error: RequestError?
  ) {
    #expect(state.isIdle == isIdle)
    #expect(state.isLoading == isLoading)
    #expect(state.value == value)
    #expect(state.error == error)
    switch state.result {
    case .success(let success)?: #expect(success == value)
    case .failure(let failure)?: #expect(failure == error)
    case nil: #expect(value == nil && error == nil)
    }
  }

  @Test("map transforms only a success; mapError only a failure")
  func mapping() {
    #expect(Request.success(["a", "b"]).map(\.count) == .success(2))
    #expect(Request.idle.map(\.count) == .idle)
    #expect(Request.loading.map(\.count) == .loading)
    #expect(Request.failure(RequestError(code: 3)).map(\.count) == .failure(RequestError(code: 3)))
    #expect(
      Request.failure(RequestError(code: 3)).mapError { CodeError(value: $0.code) }
        == .failure(CodeError(value: 3)))
    #expect(Request.success(["a"]).mapError { CodeError(value: $0.code) } == .success(["a"]))
  }

  @Test("is created from a Result")
  func fromResult() {
    #expect(Request(.success(["a"])) == .success(["a"]))
    #expect(Request(.failure(RequestError())) == .failure(RequestError()))
  }
}

/// An error type that is not `Equatable`.
struct TextError: Error {
  var text: String
}

/// A class error that is not `Equatable`, described by its code.
final class ClassError: Error, CustomStringConvertible {
  let code: Int
  init(code: Int) { self.code = code }
  var description: String { "ClassError \(code)" }
}

@Suite("RequestState with an untyped error")
struct UntypedRequestStateTests {
  typealias Request = RequestState<[String], any Error>

  struct Feed: Sendable {
    var posts: Request = .idle
    var unrelated = 0
  }

  struct Fail: Action { var error: any Error }
  struct Touch: Action {}

  @Test("can be selected: a subscription skips unchanged states and sees each new error")
  func selectable() {
    let reducer = Reducer<Feed>
      .on(Fail.self) { state, fail in state.posts = .failure(fail.error) }
      .on(Touch.self) { state, _ in state.unrelated += 1 }
    let store = Store(initialState: Feed(), reducer: reducer)
    let seen = Lock<[String]>([])
    let subscription = store.subscribe(select: \.posts) { posts in
      seen.withLock { $0.append(posts.error.map { "\($0)" } ?? "\(posts)") }
    }
    store.dispatch(Fail(error: TextError(text: "offline")))
    store.dispatch(Touch())
    store.dispatch(Fail(error: TextError(text: "offline")))  // the same error again: skipped
    store.dispatch(Fail(error: TextError(text: "timeout")))
    store.dispatch(Fail(error: RequestError(code: 1)))
    #expect(
      seen.withLock { $0 } == [
        "idle", #"TextError(text: "offline")"#, #"TextError(text: "timeout")"#,
        "RequestError(code: 1)",
      ])
    subscription.cancel()
  }

  @Test(
    "compares failures by type, then == or else by description",
    arguments: [
      (RequestError(code: 1), RequestError(code: 1), true),
      (RequestError(code: 1), RequestError(code: 2), false),
      (RequestError(code: 1), CodeError(value: 1), false),
      (TextError(text: "a"), TextError(text: "a"), true),
      (TextError(text: "a"), TextError(text: "b"), false),
      (ClassError(code: 1), ClassError(code: 1), true),
      (ClassError(code: 1), ClassError(code: 2), false),
    ] as [(any Error, any Error, Bool)]
  )
  func failureEquality(lhs: any Error, rhs: any Error, equal: Bool) {
    #expect((Request.failure(lhs) == Request.failure(rhs)) == equal)
  }

  @Test("compares the other cases as a typed RequestState does")
  func otherCases() {
    #expect(Request.idle == .idle)
    #expect(Request.loading == .loading)
    #expect(Request.success(["a"]) == .success(["a"]))
    #expect(Request.success(["a"]) != .success(["b"]))
    #expect(Request.idle != .loading)
    #expect(Request.failure(RequestError()) != .idle)
  }
}

struct CodeError: Error, Equatable {
  var value: Int
}
