// One feature, four side-effect models, one service: each model reads the weather service with
// swift-dependencies' `@Dependency` where its work runs, so a test (or a preview) replaces it
// with `withDependencies` and never passes it through initializers.
import Dependencies
import ReduxCommand
import ReduxCore
import ReduxEffects
import ReduxSaga

/// The weather service: the temperature of a city, in degrees Celsius.
public struct WeatherClient: Sendable {
  /// Returns the temperature in `city`.
  public var temperature: @Sendable (_ city: String) async throws -> Int

  /// Creates a client from its one endpoint.
  public init(temperature: @escaping @Sendable (_ city: String) async throws -> Int) {
    self.temperature = temperature
  }
}

extension WeatherClient: DependencyKey {
  /// The app's service (here a fixed table, so the example runs offline).
  public static let liveValue = WeatherClient { city in city == "Oslo" ? 4 : 21 }

  /// What a test gets when it did not replace the service: a value no real city has, so an
  /// assertion shows at once that the override did not reach the work.
  public static let testValue = WeatherClient { _ in -273 }
}

extension DependencyValues {
  /// The weather service, as `@Dependency(\.weather)`.
  public var weather: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}

/// The temperatures each model reported, by the model's name.
public struct Forecasts: Sendable, Equatable {
  /// The temperature each model got, keyed by "effect", "thunk", "saga" or "command".
  public var byModel: [String: Int]

  /// Creates the state; nothing reported by default.
  public init(byModel: [String: Int] = [:]) {
    self.byModel = byModel
  }
}

/// Asks the effect for a city's temperature.
public struct LoadByEffect: Action {
  /// The city.
  public let city: String
  /// Creates the action.
  public init(city: String) { self.city = city }
}

/// Asks the saga for a city's temperature.
public struct LoadBySaga: Action {
  /// The city.
  public let city: String
  /// Creates the action.
  public init(city: String) { self.city = city }
}

/// Asks the command reducer for a city's temperature.
public struct LoadByCommand: Action {
  /// The city.
  public let city: String
  /// Creates the action.
  public init(city: String) { self.city = city }
}

/// A model reported a temperature.
public struct TemperatureLoaded: Action, Equatable {
  /// The model that asked: "effect", "thunk", "saga" or "command".
  public let model: String
  /// The temperature it got.
  public let degrees: Int
  /// Creates the action.
  public init(model: String, degrees: Int) {
    self.model = model
    self.degrees = degrees
  }
}

/// Records each reported temperature; a ``LoadByCommand`` returns a command that asks the
/// service.
public let forecastsReducer = CommandReducer<Forecasts>
  .on(TemperatureLoaded.self) { state, loaded in
    state.byModel[loaded.model] = loaded.degrees
    return .none
  }
  .on(LoadByCommand.self) { _, load in
    .run { send in
      @Dependency(\.weather) var weather
      if let degrees = try? await weather.temperature(load.city) {
        send(TemperatureLoaded(model: "command", degrees: degrees))
      }
    }
  }

/// Asks the service after each ``LoadByEffect``.
public let weatherEffect = Effect<Forecasts>.task(on: LoadByEffect.self, name: "weather") {
  load, _, dispatch in
  @Dependency(\.weather) var weather
  dispatch(TemperatureLoaded(model: "effect", degrees: try await weather.temperature(load.city)))
}

/// A thunk that asks the service and reports the temperature.
public func loadByThunk(city: String) -> any Action {
  Thunk<Forecasts, Void> { dispatch, _ in
    @Dependency(\.weather) var weather
    Task {
      if let degrees = try? await weather.temperature(city) {
        dispatch(TemperatureLoaded(model: "thunk", degrees: degrees))
      }
    }
  }
}

/// The root saga: asks the service for every ``LoadBySaga``.
public let weatherSaga: @Sendable (SagaContext<Forecasts>) async throws -> Void = { saga in
  saga.takeEvery(.type(LoadBySaga.self)) { saga, load in
    @Dependency(\.weather) var weather
    let degrees = try await saga.call("temperature", with: load.city, weather.temperature)
    await saga.put(TemperatureLoaded(model: "saga", degrees: degrees))
  }
}

extension Middleware {
  /// Processes each action, and starts the work it causes, with the dependencies in place
  /// where this middleware was made; put it first.
  ///
  /// Make the store inside `withDependencies` (a test) or at launch (the app): an effect's or a
  /// command's task, a thunk's work and a saga's fork then read those values with
  /// `@Dependency`, whichever thread sends the action and whichever drains the store. Without
  /// it, work started by an action sent from another thread would see that thread's values
  /// (none: the defaults).
  ///
  /// It lives here, not in swift-redux, because it needs swift-dependencies; copy it into your
  /// app (it is these few lines).
  public static func dependencies() -> Middleware {
    withEscapedDependencies { dependencies in
      Middleware { _, action, next in
        dependencies.yield { next(action) }
      }
    }
  }
}

/// The example's store: the command reducer, then the dependencies middleware first, the effect,
/// thunks and sagas. Run ``weatherSaga`` on `sagas` once it exists.
public func makeWeatherStore(sagas: SagaMiddleware<Forecasts>) -> Store<Forecasts> {
  Store(
    initialState: Forecasts(), commandReducer: forecastsReducer,
    middleware: [.dependencies(), .effects([weatherEffect]), .thunks(), sagas.middleware])
}
