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

struct Code: Error, Equatable {
  var value: Int
}
