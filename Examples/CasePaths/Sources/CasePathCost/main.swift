// `swift run -c release --package-path Examples/CasePaths CasePathCost`: what routing through a
// case key path costs against an EnumCase written by hand (the gate: at most 1.2×).
// One store each, the same presented book; each dispatch borrows it through ifLet and
// ifCaseLet. Rounds alternate between the two, and the medians are compared.
import CasePaths
import ReduxCasePaths
import ReduxCore
import ScreensFeature

extension EnumCase where Enum == Destination, Value == Book {
  /// The case written by hand, as without swift-case-paths.
  static let bookByHand = EnumCase(embed: Destination.book) { destination in
    if case .book(let book) = destination { book } else { nil }
  }
}

/// How the destination reducer names its case.
enum Route: CaseIterable {
  /// An EnumCase written by hand.
  case byHand
  /// The case key path, `\.book`.
  case caseKeyPath
  /// The case path `@CasePathable` generated, `Destination.allCasePaths.book`.
  case generated
}

/// The destination reducer with its case named by `route`.
func reducer(_ route: Route) -> Reducer<Library> {
  let destination =
    switch route {
    case .byHand: Reducer<Destination>.empty.ifCaseLet(.bookByHand, then: bookReducer)
    case .caseKeyPath: Reducer<Destination>.empty.ifCaseLet(\.book, then: bookReducer)
    case .generated:
      Reducer<Destination>.empty.ifCaseLet(
        EnumCase(Destination.allCasePaths.book), then: bookReducer)
    }
  return Reducer<Library>.empty.ifLet(\.destination, then: destination)
}

/// Nanoseconds per dispatch over `count` dispatches.
func measure(_ route: Route, count: Int) -> Double {
  var library = Library()
  library.destination = .book(Book(title: "Dune"))
  let store = Store(initialState: library, reducer: reducer(route))
  let borrow = ChildAction<Destination>(ChildAction<Book>(Borrow()))
  let start = ContinuousClock.now
  for _ in 0..<count { store.dispatch(borrow) }
  let elapsed = ContinuousClock.now - start
  let (seconds, attoseconds) = elapsed.components
  return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(count)
}

let count = 200_000
var medians: [Route: [Double]] = [:]
for round in 0..<11 {
  // Each round measures every route, in an order that turns round by round.
  let routes = Route.allCases
  let shift = round % routes.count
  for route in routes[shift...] + routes[..<shift] {
    medians[route, default: []].append(measure(route, count: count))
  }
}
@MainActor func median(_ route: Route) -> Double {
  let values = medians[route, default: []].sorted()
  return values[values.count / 2]
}
let hand = median(.byHand)
for (route, label) in [
  (Route.byHand, "EnumCase by hand"), (.caseKeyPath, "case key path \\.book"),
  (.generated, "Destination.allCasePaths.book"),
] {
  let ratio = (median(route) / hand * 100).rounded() / 100
  print("\(label): \(Int(median(route).rounded())) ns per dispatch, \(ratio)× (median of 11)")
}
