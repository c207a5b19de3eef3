import Foundation

/// Turns an `Encodable` value into a ``JSONValue`` as `JSONEncoder` would write it: `Data` as
/// Base64, `URL` as its absolute string, `Decimal` as a number, a value that encodes nothing as
/// `{}`, and a non-finite floating-point number refused with an `EncodingError`. Dates follow
/// ``dateFormat``.
struct JSONValueEncoder {
  var dateFormat: JSONDateFormat = .deferredToDate

  /// The JSON of `value`.
  func encode<T: Encodable>(_ value: T, at codingPath: [any CodingKey] = []) throws -> JSONValue {
    try ValueEncoder(codingPath: codingPath, options: self).node(for: value, at: codingPath).value
  }

  /// The JSON that `body` writes into the encoder it is given, for code that encodes through a
  /// plain `Encoder` (an action's registry codec).
  func encode(at codingPath: [any CodingKey] = [], _ body: (any Encoder) throws -> Void) throws
    -> JSONValue
  {
    let encoder = ValueEncoder(codingPath: codingPath, options: self)
    try body(encoder)
    return Node.encoder(encoder).value
  }
}

/// A value being encoded. Containers are references, so that a nested container or a super
/// encoder handed out earlier still writes into its parent; ``value`` reads the finished tree.
enum Node {
  case value(JSONValue)
  case array(ArrayNode)
  case object(ObjectNode)
  /// A super encoder's output, read when the tree is finished.
  case encoder(ValueEncoder)

  /// The finished value. (Loops rather than `map`, for fewer stack frames per level in a debug
  /// build.)
  var value: JSONValue {
    switch self {
    case .value(let value):
      return value
    case .array(let array):
      var elements: [JSONValue] = []
      elements.reserveCapacity(array.elements.count)
      for element in array.elements { elements.append(element.value) }
      return .array(elements)
    case .object(let object):
      var members: [String: JSONValue] = [:]
      members.reserveCapacity(object.members.count)
      for (key, member) in object.members { members[key] = member.value }
      return .object(members)
    case .encoder(let encoder):
      // JSONEncoder writes a value that asked for no container as an empty object.
      return encoder.node?.value ?? .object([:])
    }
  }
}

final class ArrayNode {
  var elements: [Node] = []
}

final class ObjectNode {
  var members: [String: Node] = [:]
}

/// The `Encoder` that `Encodable` types write into; ``JSONValueEncoder`` is its entry point.
final class ValueEncoder: Encoder {
  let codingPath: [any CodingKey]
  let options: JSONValueEncoder
  var node: Node?
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(codingPath: [any CodingKey], options: JSONValueEncoder) {
    self.codingPath = codingPath
    self.options = options
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let object: ObjectNode
    if case .object(let existing)? = node {
      object = existing
    } else {
      object = ObjectNode()
      node = .object(object)
    }
    return KeyedEncodingContainer(
      KeyedValueEncoder(object: object, encoder: self, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let array: ArrayNode
    if case .array(let existing)? = node {
      array = existing
    } else {
      array = ArrayNode()
      node = .array(array)
    }
    return UnkeyedValueEncoder(array: array, encoder: self, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueEncoder(encoder: self)
  }

  /// The node for `value`: the types `JSONEncoder` writes in its own way first, then the
  /// value's own encoding.
  func node<T: Encodable>(for value: T, at path: [any CodingKey]) throws -> Node {
    // What the reader would refuse is not written either.
    guard path.count < JSONValue.maximumDepth else {
      throw EncodingError.invalidValue(
        value,
        .init(
          codingPath: path,
          debugDescription: "nested deeper than \(JSONValue.maximumDepth) levels"))
    }
    // Type checks first, so that the casts cost nothing for the other types.
    if T.self == Date.self, options.dateFormat == .secondsSince1970, let date = value as? Date {
      return .value(try number(date.timeIntervalSince1970, at: path))
    }
    if T.self == Data.self, let data = value as? Data {
      return .value(.string(data.base64EncodedString()))
    }
    if T.self == URL.self, let url = value as? URL {
      return .value(.string(url.absoluteString))
    }
    if T.self == Decimal.self, let decimal = value as? Decimal {
      guard !decimal.isNaN else { throw invalid(decimal, at: path) }
      return .value(.number(decimal.description))
    }
    let encoder = ValueEncoder(codingPath: path, options: options)
    try value.encode(to: encoder)
    return .encoder(encoder)
  }

  func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, at path: [any CodingKey]
  ) throws -> JSONValue {
    guard value.isFinite else { throw invalid(value, at: path) }
    return JSONValue.number(value)
  }

  private func invalid(_ value: Any, at path: [any CodingKey]) -> EncodingError {
    .invalidValue(
      value,
      .init(codingPath: path, debugDescription: "\(value) cannot be written as a JSON number"))
  }
}
