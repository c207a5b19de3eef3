import ReduxFlux
import Testing

@Suite("FluxError")
struct FluxErrorTests {
  /// Real tokens, so their descriptions are the ones users see.
  static let tokens: [DispatchToken] = {
    let dispatcher = Dispatcher()
    return [dispatcher.register { _ in }, dispatcher.register { _ in }]
  }()

  static let cases: [(FluxError, [String])] = [
    (
      .dispatchDuringDispatch(attempted: "Save", inProgress: "Load"),
      ["Cannot dispatch Save in the middle of the dispatch of Load", "after the current dispatch"]
    ),
    (.waitForOutsideDispatch, ["waitFor must be called from a dispatcher callback"]),
    (
      .circularWaitFor(cycle: [tokens[0], tokens[1], tokens[0]]),
      ["Circular waitFor: ID_1 -> ID_2 -> ID_1", "Break the cycle"]
    ),
    (.unknownToken(tokens[1]), ["ID_2 does not map to a callback", "not yet unregistered"]),
    (
      .callbackFailed(token: tokens[0], error: Boom()),
      ["The callback ID_1 threw Boom()", "Handle the error inside the callback"]
    ),
    (.hasChangedOutsideDispatch, ["must be called from a dispatcher callback", "onChange(_:)"]),
    (.emptyStoreGroup, ["needs at least one store", "Pass the stores"]),
  ]

  @Test("describes each error and names the fix", arguments: cases)
  func descriptions(error: FluxError, phrases: [String]) {
    for phrase in phrases {
      #expect(error.description.contains(phrase), "\(error.description)")
    }
  }
}
