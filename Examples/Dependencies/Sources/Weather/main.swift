// Runs the weather feature twice: with the live service, then with the service replaced by
// `withDependencies`, as a test or a preview would. Each model (effect, thunk, saga, command)
// reads the service with `@Dependency` where its work runs; the actions are sent from another
// thread, so the replacement reaches the work through the store, not through the sender.
import Dependencies
import Foundation
import ReduxCore
import ReduxSaga
import WeatherFeature

/// Sends one action per model from a thread of its own, waits for the four reports and prints
/// them.
func run(_ title: String) async {
  let sagas = SagaMiddleware<Forecasts>()
  let store = makeWeatherStore(sagas: sagas)
  sagas.run("weather", weatherSaga)
  let reported = AsyncStream<Void> { continuation in
    let subscription = store.subscribe { state in
      if state.byModel.count == 4 { continuation.finish() }
    }
    continuation.onTermination = { _ in subscription.cancel() }
  }
  Thread.detachNewThread {
    store.dispatch(LoadByEffect(city: "Oslo"))
    store.dispatch(loadByThunk(city: "Oslo"))
    store.dispatch(LoadBySaga(city: "Oslo"))
    store.dispatch(LoadByCommand(city: "Oslo"))
  }
  for await _ in reported {}
  print(title)
  for (model, degrees) in store.state.byModel.sorted(by: { $0.key < $1.key }) {
    print("  \(model): \(degrees) °C in Oslo")
  }
}

await withDependencies {
  $0.context = .live
} operation: {
  await run("live service")
}
await withDependencies {
  $0.context = .live
  $0.weather = WeatherClient { _ in 30 }
} operation: {
  await run("service replaced with withDependencies (a heat wave)")
}
