import IdentifiedCollections
import ReduxCore

// Benchmark 15's fixtures: one action to one element of 10,000 through `forEach`, beside a
// reducer written by hand that finds the same element by id and changes it the same way.

/// One element of the 10,000.
public struct Row: Identifiable, Sendable {
  /// The element's id: its position when built.
  public let id: Int
  /// What ``BumpRow`` and ``BumpRowByID`` change.
  public var value = 0

  /// A row with `id` and a zero value.
  public init(id: Int) { self.id = id }
}

/// The element's own action: adds one to its value.
public struct BumpRow: Action {
  /// The action.
  public init() {}
}

/// The hand-written reducers' action: adds one to the value of the row with `id`.
public struct BumpRowByID: Action {
  /// The row's id.
  public var id: Int

  /// An action for the row with `id`.
  public init(id: Int) { self.id = id }
}

/// 10,000 rows in an `IdentifiedArray` (found by hashing) and in an `Array` (a linear search).
public struct RowTable: Sendable {
  /// The rows, by hashing.
  public var identified = IdentifiedArray(uniqueElements: (0..<10_000).map(Row.init))
  /// The same rows, by a linear search.
  public var array = (0..<10_000).map(Row.init)

  /// Both collections of 10,000 rows.
  public init() {}

  /// Where the `IdentifiedArray`'s elements are stored; it moves only if they are copied.
  public var identifiedAddress: UnsafeRawPointer? {
    identified.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// Where the `Array`'s elements are stored; it moves only if they are copied.
  public var arrayAddress: UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }
}

/// The element reducer `forEach` runs.
public let rowReducer = Reducer<Row>.on(BumpRow.self) { row, _ in row.value &+= 1 }

/// `forEach` over the `IdentifiedArray`.
public let identifiedForEach = Reducer<RowTable>.empty.forEach(\.identified, element: rowReducer)

/// `forEach` over the `Array`.
public let arrayForEach = Reducer<RowTable>.empty.forEach(\.array, element: rowReducer)

/// The same change written by hand on the `IdentifiedArray`: one hash lookup, then the element
/// in place.
public let identifiedByHand = Reducer<RowTable>.on(BumpRowByID.self) { table, action in
  if let index = table.identified.index(id: action.id) { table.identified[index].value &+= 1 }
}

/// The same change written by hand on the `Array`: a linear search, then the element in place.
public let arrayByHand = Reducer<RowTable>.on(BumpRowByID.self) { table, action in
  if let index = table.array.firstIndex(where: { $0.id == action.id }) {
    table.array[index].value &+= 1
  }
}

/// One element action per row, built once: as a store receives them, boxed in `any Action`.
public let rowActions: [any Action] = (0..<10_000).map {
  ElementAction<Row>(id: $0, action: BumpRow())
}

/// One hand-written action per row, built once.
public let rowByIDActions: [any Action] = (0..<10_000).map { BumpRowByID(id: $0) }

// The conformance the IdentifiedElements docs give, as an app that uses IdentifiedArray writes
// it: retroactive because neither the type nor the protocol is this module's, which is the case
// the docs explain.
// swift-format-ignore: AvoidRetroactiveConformances
extension IdentifiedArray: @retroactive IdentifiedElements
where Element: Identifiable, ID == Element.ID {
  /// The element with `id`, by hashing.
  public func element(id: ID) -> Element? { self[id: id] }

  /// Runs `body` on the element with `id` where it is stored.
  public mutating func updateElement<Result>(
    id: ID, _ body: (inout Element) -> Result
  ) -> Result? {
    guard let index = index(id: id) else { return nil }
    return body(&self[index])
  }
}
