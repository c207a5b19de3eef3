import Foundation

// The three containers of ``ValueEncoder``. Each writes into a node of the tree: an object's
// member, an array's element, or the encoder's own value.

struct KeyedValueEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let object: ObjectNode
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]

  private func set(_ value: JSONValue, _ key: Key) {
    object.members[key.stringValue] = .value(value)
  }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try encoder.number(value, at: codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try encoder.number(value, at: codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: Int128, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode(_ value: UInt128, forKey key: Key) throws {
    set(.number(String(value)), key)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    object.members[key.stringValue] = try encoder.node(for: value, at: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = ObjectNode()
    object.members[key.stringValue] = .object(nested)
    return KeyedEncodingContainer(
      KeyedValueEncoder<NestedKey>(object: nested, encoder: encoder, codingPath: codingPath + [key])
    )
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ArrayNode()
    object.members[key.stringValue] = .array(nested)
    return UnkeyedValueEncoder(array: nested, encoder: encoder, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: JSONKey.super) }

  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let nested = ValueEncoder(codingPath: codingPath + [key], options: encoder.options)
    object.members[key.stringValue] = .encoder(nested)
    return nested
  }
}

struct UnkeyedValueEncoder: UnkeyedEncodingContainer {
  let array: ArrayNode
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]

  var count: Int { array.elements.count }

  private var nextPath: [any CodingKey] { codingPath + [JSONKey(intValue: count)] }

  private func append(_ value: JSONValue) { array.elements.append(.value(value)) }

  mutating func encodeNil() throws { append(.null) }
  mutating func encode(_ value: Bool) throws { append(.bool(value)) }
  mutating func encode(_ value: String) throws { append(.string(value)) }
  mutating func encode(_ value: Double) throws { append(try encoder.number(value, at: nextPath)) }
  mutating func encode(_ value: Float) throws { append(try encoder.number(value, at: nextPath)) }
  mutating func encode(_ value: Int) throws { append(.number(String(value))) }
  mutating func encode(_ value: Int8) throws { append(.number(String(value))) }
  mutating func encode(_ value: Int16) throws { append(.number(String(value))) }
  mutating func encode(_ value: Int32) throws { append(.number(String(value))) }
  mutating func encode(_ value: Int64) throws { append(.number(String(value))) }
  mutating func encode(_ value: Int128) throws { append(.number(String(value))) }
  mutating func encode(_ value: UInt) throws { append(.number(String(value))) }
  mutating func encode(_ value: UInt8) throws { append(.number(String(value))) }
  mutating func encode(_ value: UInt16) throws { append(.number(String(value))) }
  mutating func encode(_ value: UInt32) throws { append(.number(String(value))) }
  mutating func encode(_ value: UInt64) throws { append(.number(String(value))) }
  mutating func encode(_ value: UInt128) throws { append(.number(String(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    array.elements.append(try encoder.node(for: value, at: nextPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectNode()
    let path = nextPath
    array.elements.append(.object(nested))
    return KeyedEncodingContainer(
      KeyedValueEncoder<NestedKey>(object: nested, encoder: encoder, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayNode()
    let path = nextPath
    array.elements.append(.array(nested))
    return UnkeyedValueEncoder(array: nested, encoder: encoder, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let nested = ValueEncoder(codingPath: nextPath, options: encoder.options)
    array.elements.append(.encoder(nested))
    return nested
  }
}

struct SingleValueEncoder: SingleValueEncodingContainer {
  let encoder: ValueEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  private func set(_ value: JSONValue) { encoder.node = .value(value) }

  func encodeNil() throws { set(.null) }
  func encode(_ value: Bool) throws { set(.bool(value)) }
  func encode(_ value: String) throws { set(.string(value)) }
  func encode(_ value: Double) throws { set(try encoder.number(value, at: codingPath)) }
  func encode(_ value: Float) throws { set(try encoder.number(value, at: codingPath)) }
  func encode(_ value: Int) throws { set(.number(String(value))) }
  func encode(_ value: Int8) throws { set(.number(String(value))) }
  func encode(_ value: Int16) throws { set(.number(String(value))) }
  func encode(_ value: Int32) throws { set(.number(String(value))) }
  func encode(_ value: Int64) throws { set(.number(String(value))) }
  func encode(_ value: Int128) throws { set(.number(String(value))) }
  func encode(_ value: UInt) throws { set(.number(String(value))) }
  func encode(_ value: UInt8) throws { set(.number(String(value))) }
  func encode(_ value: UInt16) throws { set(.number(String(value))) }
  func encode(_ value: UInt32) throws { set(.number(String(value))) }
  func encode(_ value: UInt64) throws { set(.number(String(value))) }
  func encode(_ value: UInt128) throws { set(.number(String(value))) }

  func encode<T: Encodable>(_ value: T) throws {
    encoder.node = try encoder.node(for: value, at: codingPath)
  }
}
