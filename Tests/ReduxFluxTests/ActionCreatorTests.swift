import ReduxCore
import ReduxFlux
import Testing

@Suite("ActionCreator")
struct ActionCreatorTests {
  @Test("invokes actions on the dispatcher it was given, success and failure alike")
  func invokes() async throws {
    let dispatcher = Dispatcher()
    let creator = ActionCreator(dispatcher: dispatcher)
    let log = Log<Result<String, TodoError>>()
    dispatcher.register(CreateTodo.self) { result in log.append(result) }

    try await creator.invoke(CreateTodo(title: "Milk"))
    try await creator.invoke(CreateTodo(title: ""))

    #expect(log.all == [.success("Milk"), .failure(.emptyTitle)])
    #expect(creator.dispatcher === dispatcher)
  }

  @Test("leaves other dispatchers alone")
  func injected() async throws {
    let used = Dispatcher()
    let other = Dispatcher()
    let log = Log<String>()
    used.register(Ping.self) { _ in log.append("used") }
    other.register(Ping.self) { _ in log.append("other") }

    try await ActionCreator(dispatcher: used).invoke(Ping())

    #expect(log.all == ["used"])
  }

  @Test("throws what the action's dispatch throws")
  func propagates() async {
    let dispatcher = Dispatcher()
    dispatcher.register(Increment.self) { _ in throw Boom() }

    await #expect(throws: FluxError.self) {
      try await ActionCreator(dispatcher: dispatcher).invoke(Increment())
    }
  }
}
