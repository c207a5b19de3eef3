import Foundation

// The keyed and unkeyed containers of ``ValueDecoder`` (it is its own single-value container).

struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: [String: JSONValue]
  let decoder: ValueDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

  private func value(for key: Key) throws -> JSONValue {
    guard let value = object[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "no \"\(key.stringValue)\" member"))
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { try value(for: key) == .null }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.bool(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.string(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.float(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decoder.float(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
    try decoder.integer(value(for: key), at: codingPath + [key])
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.decode(T.self, from: value(for: key), at: codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try nested(key).container(keyedBy: NestedKey.self)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try nested(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    ValueDecoder(
      value: object[JSONKey.super.stringValue] ?? .null, codingPath: codingPath + [JSONKey.super],
      options: decoder.options)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    ValueDecoder(
      value: object[key.stringValue] ?? .null, codingPath: codingPath + [key],
      options: decoder.options)
  }

  private func nested(_ key: Key) throws -> ValueDecoder {
    ValueDecoder(
      value: try value(for: key), codingPath: codingPath + [key], options: decoder.options)
  }
}

struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let decoder: ValueDecoder
  private(set) var currentIndex = 0

  init(elements: [JSONValue], decoder: ValueDecoder) {
    self.elements = elements
    self.decoder = decoder
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The path of the element just read.
  private var path: [any CodingKey] { codingPath + [JSONKey(intValue: currentIndex - 1)] }

  /// The next element, moving past it.
  private mutating func next(_ type: Any.Type) throws -> JSONValue {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        .init(
          codingPath: codingPath + [JSONKey(intValue: currentIndex)],
          debugDescription: "the array has only \(elements.count) elements"))
    }
    currentIndex += 1
    return elements[currentIndex - 1]
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }
  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try decoder.bool(next(Bool.self), at: path)
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try decoder.string(next(String.self), at: path)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try decoder.float(next(Double.self), at: path)
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try decoder.float(next(Float.self), at: path)
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try decoder.integer(next(Int.self), at: path)
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try decoder.integer(next(Int8.self), at: path)
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try decoder.integer(next(Int16.self), at: path)
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try decoder.integer(next(Int32.self), at: path)
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try decoder.integer(next(Int64.self), at: path)
  }
  mutating func decode(_ type: Int128.Type) throws -> Int128 {
    try decoder.integer(next(Int128.self), at: path)
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try decoder.integer(next(UInt.self), at: path)
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try decoder.integer(next(UInt8.self), at: path)
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try decoder.integer(next(UInt16.self), at: path)
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try decoder.integer(next(UInt32.self), at: path)
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try decoder.integer(next(UInt64.self), at: path)
  }
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
    try decoder.integer(next(UInt128.self), at: path)
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let element = try next(T.self)
    return try decoder.decode(T.self, from: element, at: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try nested().container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try nested().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try nested() }

  private mutating func nested() throws -> ValueDecoder {
    let element = try next(JSONValue.self)
    return ValueDecoder(value: element, codingPath: path, options: decoder.options)
  }
}
