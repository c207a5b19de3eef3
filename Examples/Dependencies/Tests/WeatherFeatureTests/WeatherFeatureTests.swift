import Dependencies
import Foundation
import ReduxCore
import ReduxSaga
import ReduxTesting
import Testing
import WeatherFeature

/// A service that answers 12 °C everywhere and records the cities it was asked about.
final class FakeWeather: Sendable {
  let asked = LockedCities()
  var client: WeatherClient {
    WeatherClient { [asked] city in
      asked.append(city)
      return 12
    }
  }
}

/// The cities asked for, in order, behind a lock (NSLock: the service is called from tasks).
final class LockedCities: @unchecked Sendable {
  private let lock = NSLock()
  private var cities: [String] = []
  func append(_ city: String) { lock.withLock { cities.append(city) } }
  var all: [String] { lock.withLock { cities } }
}

@MainActor
@Suite("Dependencies in every side-effect model", .timeLimit(.minutes(1)))
struct WeatherFeatureTests {
  /// The store and its sagas, made inside `withDependencies` with `weather` replaced.
  func makeStore(_ weather: WeatherClient) -> TestStore<Forecasts> {
    withDependencies {
      $0.weather = weather
    } operation: {
      let sagas = SagaMiddleware<Forecasts>()
      let store = makeWeatherStore(sagas: sagas)
      sagas.run("weather", weatherSaga)
      return TestStore(store)
    }
  }

  @Test("an effect, a thunk, a saga and a command each get the replaced service")
  func everyModel() async {
    let fake = FakeWeather()
    let store = makeStore(fake.client)
    await store.send(LoadByEffect(city: "Bergen"))
    await store.receive(TemperatureLoaded(model: "effect", degrees: 12)) {
      $0.byModel["effect"] = 12
    }
    await store.send(loadByThunk(city: "Tromsø"))
    await store.receive(TemperatureLoaded(model: "thunk", degrees: 12)) {
      $0.byModel["thunk"] = 12
    }
    await store.send(LoadBySaga(city: "Oslo"))
    await store.receive(TemperatureLoaded(model: "saga", degrees: 12)) {
      $0.byModel["saga"] = 12
    }
    await store.send(LoadByCommand(city: "Bodø"))
    await store.receive(TemperatureLoaded(model: "command", degrees: 12)) {
      $0.byModel["command"] = 12
    }
    await store.finish()
    #expect(fake.asked.all == ["Bergen", "Tromsø", "Oslo", "Bodø"])
  }

  @Test("actions sent from another thread, outside withDependencies, still reach the replacement")
  func otherThread() async {
    let fake = FakeWeather()
    let sagas = SagaMiddleware<Forecasts>()
    let store = withDependencies {
      $0.weather = fake.client
    } operation: {
      let store = makeWeatherStore(sagas: sagas)
      sagas.run("weather", weatherSaga)
      return store
    }
    let reports = await sendFromAnotherThread(to: store)
    #expect(reports == ["command": 12, "effect": 12, "saga": 12, "thunk": 12])
    #expect(fake.asked.all.count == 4)
  }

  @Test("without the dependencies middleware, work sent from another thread misses the replacement")
  func withoutTheMiddleware() async {
    let fake = FakeWeather()
    let store = withDependencies {
      $0.weather = fake.client
    } operation: {
      Store(
        initialState: Forecasts(), commandReducer: forecastsReducer,
        middleware: [.effects([weatherEffect]), .thunks()])
    }
    let done = AsyncStream<Void> { continuation in
      let subscription = store.subscribe { if $0.byModel.count == 2 { continuation.finish() } }
      continuation.onTermination = { _ in subscription.cancel() }
    }
    Thread.detachNewThread {
      store.dispatch(LoadByEffect(city: "Bergen"))
      store.dispatch(LoadByCommand(city: "Bodø"))
    }
    for await _ in done {}
    // The test value, -273: the work ran with the sending thread's dependencies (none).
    #expect(store.state.byModel == ["effect": -273, "command": -273])
    #expect(fake.asked.all.isEmpty)
  }

  /// Sends one action per model from a new thread and returns the four reports.
  func sendFromAnotherThread(to store: Store<Forecasts>) async -> [String: Int] {
    let done = AsyncStream<Void> { continuation in
      let subscription = store.subscribe { if $0.byModel.count == 4 { continuation.finish() } }
      continuation.onTermination = { _ in subscription.cancel() }
    }
    Thread.detachNewThread {
      store.dispatch(LoadByEffect(city: "Bergen"))
      store.dispatch(loadByThunk(city: "Tromsø"))
      store.dispatch(LoadBySaga(city: "Oslo"))
      store.dispatch(LoadByCommand(city: "Bodø"))
    }
    for await _ in done {}
    return store.state.byModel
  }
}
