import ReduxCore
import ReduxEffects
import Testing

struct Load: Action {}
struct Loaded: Action { var titles: [String] }
struct Failed: Action { var error: Boom }

private let requestReducer = Reducer<RequestState<[String], Boom>>
  .on(Load.self) { state, _ in state = .loading }
  .on(Loaded.self) { state, loaded in state = .success(loaded.titles) }
  .on(Failed.self) { state, failed in state = .failure(failed.error) }

@Suite("RequestState")
struct RequestStateTests {
  typealias Request = RequestState<[String], Boom>

  @Test("moves idle → loading → success, and loading → failure, through a reducer")
  func transitions() {
    let store = Store(initialState: Request.idle, reducer: requestReducer)
    #expect(store.state == .idle)
    store.dispatch(Load())
    #expect(store.state == .loading)
    store.dispatch(Loaded(titles: ["a"]))
    #expect(store.state == .success(["a"]))
    store.dispatch(Load())
    store.dispatch(Failed(error: Boom(code: 7)))
    #expect(store.state == .failure(Boom(code: 7)))
  }

  @Test(
    "answers isIdle, isLoading, value, error and result for each state",
    arguments: [
      (Request.idle, true, false, nil, nil),
      (Request.loading, false, true, nil, nil),
      (Request.success(["a"]), false, false, ["a"], nil),
      (Request.failure(Boom(code: 2)), false, false, nil, Boom(code: 2)),
    ] as [(Request, Bool, Bool, [String]?, Boom?)]
  )
  func accessors(
    state: Request, isIdle: Bool, isLoading: Bool, value: [String]?, error: Boom?
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
    #expect(Request.failure(Boom(code: 3)).map(\.count) == .failure(Boom(code: 3)))
    #expect(
      Request.failure(Boom(code: 3)).mapError { Code(value: $0.code) } == .failure(Code(value: 3)))
    #expect(Request.success(["a"]).mapError { Code(value: $0.code) } == .success(["a"]))
  }

  @Test("is created from a Result")
  func fromResult() {
    #expect(Request(.success(["a"])) == .success(["a"]))
    #expect(Request(.failure(Boom())) == .failure(Boom()))
  }
}

/// An error type that is not `Equatable`.
struct Message: Error {
  var text: String
}

/// A class error that is not `Equatable`, described by its code.
final class Failure: Error, CustomStringConvertible {
  let code: Int
  init(code: Int) { self.code = code }
  var description: String { "Failure \(code)" }
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
    store.dispatch(Fail(error: Message(text: "offline")))
    store.dispatch(Touch())
    store.dispatch(Fail(error: Message(text: "offline")))  // the same error again: skipped
    store.dispatch(Fail(error: Message(text: "timeout")))
    store.dispatch(Fail(error: Boom(code: 1)))
    #expect(
      seen.withLock { $0 } == [
        "idle", #"Message(text: "offline")"#, #"Message(text: "timeout")"#, "Boom(code: 1)",
      ])
    subscription.cancel()
  }

  @Test(
    "compares failures by type, then == or else by description",
    arguments: [
      (Boom(code: 1), Boom(code: 1), true),
      (Boom(code: 1), Boom(code: 2), false),
      (Boom(code: 1), Code(value: 1), false),
      (Message(text: "a"), Message(text: "a"), true),
      (Message(text: "a"), Message(text: "b"), false),
      (Failure(code: 1), Failure(code: 1), true),
      (Failure(code: 1), Failure(code: 2), false),
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
    #expect(Request.failure(Boom()) != .idle)
  }
}

struct Code: Error, Equatable {
  var value: Int
}
