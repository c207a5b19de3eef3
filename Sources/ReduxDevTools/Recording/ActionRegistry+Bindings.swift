import ReduxCore
import ReduxSeam

// A `BindingAction` carries a key path, which has no JSON form of its own: the registry keeps
// the fields an app binds, each by its name, and writes a binding as
// `{"field": "title", "value": "Morning"}`.

extension ActionRegistry {
  /// Adds `BindingAction<Root>` for the fields at `keyPaths`, each recorded under its property
  /// path (`\Form.title` as `"title"`, `\Form.address.city` as `"address.city"`), so that
  /// bindings are exported, imported, replayed and typed into the live inspector like any
  /// action.
  ///
  /// ```swift
  /// let registry = ActionRegistry()
  ///   .registering(bindingsOf: Form.self, \.title, \.minutes)
  /// ```
  ///
  /// Exporting a binding to a field not listed here stops at its step with an error naming the
  /// field; importing a field name this registry does not know stops at its line.
  ///
  /// - Precondition: Each key path names stored properties only (a subscript or a computed
  ///   property has no stable name).
  public mutating func registerBindings<Root, each Value: Codable & Equatable & Sendable>(
    of root: Root.Type, _ keyPaths: repeat WritableKeyPath<Root, each Value> & Sendable
  ) {
    var fields: [BindingField<Root>] = []
    for keyPath in repeat each keyPaths { fields.append(BindingField(keyPath)) }
    register(BindingAction<Root>.self, codec: BindingField.codec(for: fields))
  }

  /// Returns a copy of this registry with the bindings added; see
  /// ``registerBindings(of:_:)``.
  public func registering<Root, each Value: Codable & Equatable & Sendable>(
    bindingsOf root: Root.Type, _ keyPaths: repeat WritableKeyPath<Root, each Value> & Sendable
  ) -> ActionRegistry {
    var copy = self
    copy.registerBindings(of: root, repeat each keyPaths)
    return copy
  }
}

/// One field a binding may write: its name, and how to write and read its value.
struct BindingField<Root>: Sendable {
  let name: String
  let keyPath: AnyKeyPath & Sendable
  let encodeValue: @Sendable (_ value: any Sendable, _ encoder: any Encoder) throws -> Void
  let decodeAction: @Sendable (_ decoder: any Decoder) throws -> BindingAction<Root>

  init<Value: Codable & Equatable & Sendable>(_ keyPath: WritableKeyPath<Root, Value> & Sendable) {
    let described = String(describing: keyPath)
    let root = "\\" + String(describing: Root.self) + "."
    precondition(
      described.hasPrefix(root) && !described.contains("<") && !described.contains("["),
      "registering(bindingsOf:): \(described) is not a path of stored properties; bind a stored "
        + "property")
    name = String(described.dropFirst(root.count))
    self.keyPath = keyPath
    encodeValue = { value, encoder in
      // The field is found by the binding's key path, whose value type is `Value`.
      if let value = value as? Value { try value.encode(to: encoder) }
    }
    decodeAction = { decoder in .set(keyPath, try Value(from: decoder)) }
  }

  private enum CodingKeys: String, CodingKey { case field, value }

  /// The codec of `BindingAction<Root>` over `fields`.
  static func codec(for fields: [BindingField]) -> ActionRegistry.Codec {
    let names = fields.map(\.name)
    return ActionRegistry.Codec(
      name: typeName(BindingAction<Root>.self),
      encode: { action, encoder in
        guard let binding = action as? BindingAction<Root> else { return }
        guard let field = fields.first(where: { $0.keyPath == binding.keyPath as AnyKeyPath })
        else {
          throw EncodingError.invalidValue(
            binding,
            EncodingError.Context(
              codingPath: encoder.codingPath,
              debugDescription: "the binding's field \(describeQualified(binding.keyPath)) is not "
                + "registered; add it with registering(bindingsOf:)"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(field.name, forKey: .field)
        try field.encodeValue(binding.value, container.superEncoder(forKey: .value))
      },
      decode: { decoder in
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .field)
        guard let field = fields.first(where: { $0.name == name }) else {
          throw DecodingError.dataCorruptedError(
            forKey: .field, in: container,
            debugDescription: "no field \"\(name)\" is registered for \(typeName(Root.self))'s "
              + "bindings (registered: \(names.joined(separator: ", ")))")
        }
        return try field.decodeAction(container.superDecoder(forKey: .value))
      })
  }
}
