import Foundation
import ReduxSeam
import Synchronization

// Some values' JSON does not read as the value: a `Duration` is written as the two words of its
// attoseconds (`[16, 4852094820647174144]` for five minutes), a `Date` as seconds since 1970.
// Where the Swift value is at hand (the live inspector, a page made from a `Recording`, a replay
// divergence), the pages show them as Swift writes them instead: `.seconds(300)`,
// `2026-12-07T20:50:22Z`. A page made from JSON Lines text alone shows what the file holds.

extension JSONValue {
  /// The tree of `value` for the pages: as ``init(encoding:registry:)``, with each `Date` and
  /// `Duration` in it as a ``shown(_:)`` value.
  init<Value: Encodable>(showing value: Value, registry: ActionRegistry? = nil) throws {
    let hasDates = Atomic(false)
    let encoder = JSONCoding.encoder(registry: registry)
    // The same number `.secondsSince1970` writes, noting that there is a date to show. (Its
    // place is found below: Foundation's `codingPath` leaves out a nested container's key.)
    encoder.dateEncodingStrategy = .custom { date, encoder in
      hasDates.store(true, ordering: .relaxed)
      var number = encoder.singleValueContainer()
      try number.encode(date.timeIntervalSince1970)
    }
    var tree = try JSONValue(json: encoder.encode(value))
    // A duration is an array of two integers: without one, and without a date, there is
    // nothing to look for.
    guard hasDates.load(ordering: .relaxed) || tree.hasIntegerPair else {
      self = tree
      return
    }
    var found: [([String], Shown)] = []
    Self.findShown(in: value, at: [], depth: 0, into: &found)
    for (path, shown) in found { tree.replace(at: path[...], with: shown) }
    self = tree
  }

  /// A value found in the Swift value, and what its JSON must be for it to be shown.
  private enum Shown {
    case duration(Duration)
    case date(Date)

    /// Whether `json` is what this value encodes as: a duration's two words, a date's seconds.
    func isEncoded(as json: JSONValue) -> Bool {
      switch self {
      case .duration:
        guard case .array(let words) = json, words.count == 2 else { return false }
        return words.allSatisfy { $0.integer != nil || $0.isUnsignedWord }
      case .date(let date):
        return json.double == date.timeIntervalSince1970
      }
    }

    var text: String {
      switch self {
      case .duration(let duration): describeDuration(duration)
      case .date(let date): date.formatted(.iso8601)
      }
    }
  }

  /// Whether the tree holds an array of exactly two integers somewhere.
  private var hasIntegerPair: Bool {
    switch self {
    case .array(let elements):
      if elements.count == 2, elements.allSatisfy({ $0.integer != nil || $0.isUnsignedWord }) {
        return true
      }
      return elements.contains { $0.hasIntegerPair }
    case .object(let members): return members.values.contains { $0.hasIntegerPair }
    default: return false
    }
  }

  /// A number too large for an `Int`: a duration's low word.
  private var isUnsignedWord: Bool {
    if case .number(let text) = self { UInt64(text) != nil } else { false }
  }

  /// Shows `shown` at `path` (object keys, and array indices as decimal text); does nothing
  /// where the tree has no such place or holds something else there (a type that encodes
  /// differently from what its properties say).
  private mutating func replace(at path: ArraySlice<String>, with shown: Shown) {
    guard let first = path.first else {
      if shown.isEncoded(as: self) { self = .shown(shown.text) }
      return
    }
    switch self {
    case .object(var members):
      guard members[first] != nil else { return }
      self = .null  // the members are changed in place, not copied
      members[first]!.replace(at: path.dropFirst(), with: shown)
      self = .object(members)
    case .array(var elements):
      guard let index = Int(first), elements.indices.contains(index) else { return }
      self = .null
      elements[index].replace(at: path.dropFirst(), with: shown)
      self = .array(elements)
    default:
      return
    }
  }

  /// Finds the durations and dates in `value` by their JSON paths, as synthesized `Codable`
  /// writes them: properties by name, elements by index, an enum case as `{"case": {"_0": …}}`.
  private static func findShown(
    in value: Any, at path: [String], depth: Int, into found: inout [([String], Shown)]
  ) {
    guard depth < 64 else { return }
    if let duration = value as? Duration {
      found.append((path, .duration(duration)))
      return
    }
    if let date = value as? Date {
      found.append((path, .date(date)))
      return
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let some = mirror.children.first {
        findShown(in: some.value, at: path, depth: depth + 1, into: &found)
      }
    case .collection, .set:
      for (index, element) in mirror.children.enumerated() {
        findShown(in: element.value, at: path + [String(index)], depth: depth + 1, into: &found)
      }
    case .dictionary:
      for pair in mirror.children {
        let entry = Array(Mirror(reflecting: pair.value).children)
        guard entry.count == 2 else { continue }
        let key = entry[0].value
        guard key is String || key is Int else { continue }
        findShown(in: entry[1].value, at: path + ["\(key)"], depth: depth + 1, into: &found)
      }
    case .enum:
      guard let payload = mirror.children.first, let name = payload.label else { return }
      let values = Mirror(reflecting: payload.value)
      if values.displayStyle == .tuple {
        for (index, element) in values.children.enumerated() {
          let label = element.label.map { $0.hasPrefix(".") ? "_\(index)" : $0 } ?? "_\(index)"
          findShown(in: element.value, at: path + [name, label], depth: depth + 1, into: &found)
        }
      } else {
        findShown(in: payload.value, at: path + [name, "_0"], depth: depth + 1, into: &found)
      }
    default:
      // A collection that is not an array to Mirror (IdentifiedArray) may encode as one; or as
      // its properties (StackState). Both are looked at: a path the JSON lacks is skipped.
      if let collection = value as? any Collection, !(value is String) {
        for (index, element) in elements(of: collection).enumerated() {
          findShown(in: element, at: path + [String(index)], depth: depth + 1, into: &found)
        }
      }
      for child in mirror.children {
        guard let label = child.label else { continue }
        findShown(in: child.value, at: path + [label], depth: depth + 1, into: &found)
      }
    }
  }
}

/// The elements of a collection whose type is known only at run time.
private func elements<Elements: Collection>(of collection: Elements) -> [Any] {
  collection.map { $0 }
}
