import ReduxSeam

// The composition types as JSON, for DevTools' recordings and the live inspector: a wrapper's
// child action is written by the action registry in the coder's `userInfo`
// (`{"type": "SetTitle", "action": {...}}`), so an app registers its feature actions and the
// wrapper types, and writes no Codable code of its own. Without a registry (a plain
// `JSONEncoder`), encoding a wrapper throws an error that says so.

extension ChildAction: Codable {
  /// Reads the child action with the action registry in the decoder's `userInfo`.
  public init(from decoder: any Decoder) throws {
    self.init(try nestedAction(from: decoder))
  }

  /// Writes the child action with the action registry in the encoder's `userInfo`.
  public func encode(to encoder: any Encoder) throws {
    try encodeNested(action, to: encoder)
  }
}

extension ElementAction: Codable where Element.ID: Codable {
  private enum CodingKeys: String, CodingKey { case id, action }

  /// Reads `{"id": …, "action": {"type": …, "action": …}}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Element.ID.self, forKey: .id),
      action: try nestedAction(from: container.superDecoder(forKey: .action)))
  }

  /// Writes `{"id": …, "action": {"type": …, "action": …}}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try encodeNested(action, to: container.superEncoder(forKey: .action))
  }
}

extension StackAction: Codable where Screen: Codable {
  private enum CodingKeys: String, CodingKey { case element, push, popFrom, popTo }
  private enum ElementKeys: String, CodingKey { case id, action, screen }

  /// Reads one of `{"element": {"id", "action"}}`, `{"push": {"screen", "id"?}}`,
  /// `{"popFrom": id}`, `{"popTo": id}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let id = try container.decodeIfPresent(StackElementID.self, forKey: .popFrom) {
      self = .popFrom(id: id)
    } else if let id = try container.decodeIfPresent(StackElementID.self, forKey: .popTo) {
      self = .popTo(id: id)
    } else if container.contains(.push) {
      let push = try container.nestedContainer(keyedBy: ElementKeys.self, forKey: .push)
      self = .push(
        try push.decode(Screen.self, forKey: .screen),
        id: try push.decodeIfPresent(StackElementID.self, forKey: .id))
    } else {
      let element = try container.nestedContainer(keyedBy: ElementKeys.self, forKey: .element)
      self = .element(
        id: try element.decode(StackElementID.self, forKey: .id),
        action: try nestedAction(from: element.superDecoder(forKey: .action)))
    }
  }

  /// Writes the case and its values; see ``init(from:)``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .element(let id, let action):
      var element = container.nestedContainer(keyedBy: ElementKeys.self, forKey: .element)
      try element.encode(id, forKey: .id)
      try encodeNested(action, to: element.superEncoder(forKey: .action))
    case .push(let screen, let id):
      var push = container.nestedContainer(keyedBy: ElementKeys.self, forKey: .push)
      try push.encode(screen, forKey: .screen)
      try push.encodeIfPresent(id, forKey: .id)
    case .popFrom(let id):
      try container.encode(id, forKey: .popFrom)
    case .popTo(let id):
      try container.encode(id, forKey: .popTo)
    }
  }
}

extension StackElementID: Codable {
  /// Reads the number.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(Int.self))
  }

  /// Writes the number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension StackState: Codable where Screen: Codable {
  private enum CodingKeys: String, CodingKey { case ids, screens, nextID }

  /// Reads `{"ids": […], "screens": […], "nextID": n}`: the screens keep their ids, so a
  /// replayed stack addresses the same screens. Ids out of order, a count that differs from the
  /// screens', or a `nextID` not past the last id are a `DecodingError` that says which.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let ids = try container.decode([StackElementID].self, forKey: .ids)
    let screens = try container.decode([Screen].self, forKey: .screens)
    let nextID = try container.decode(Int.self, forKey: .nextID)
    guard ids.count == screens.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container,
        debugDescription: "\(ids.count) ids for \(screens.count) screens")
    }
    self.init()
    for (id, screen) in zip(ids, screens) where !append(screen, id: id) {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container, debugDescription: "ids must grow from bottom to top")
    }
    guard nextID >= self.nextID else {
      throw DecodingError.dataCorruptedError(
        forKey: .nextID, in: container, debugDescription: "nextID \(nextID) is not past the last id"
      )
    }
    self.nextID = nextID
  }

  /// Writes the ids, the screens and the next id.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(storedIDs, forKey: .ids)
    try container.encode(screens, forKey: .screens)
    try container.encode(nextID, forKey: .nextID)
  }
}

/// The action the registry in `decoder`'s `userInfo` reads.
private func nestedAction(from decoder: any Decoder) throws -> any Action {
  guard let coding = decoder.userInfo[nestedActionCodingKey] as? any NestedActionCoding else {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription: "a child action is read with an ActionRegistry (ReduxDevTools); "
          + "decode the recording with one"))
  }
  guard let action = try coding.decodeNested(from: decoder) as? any Action else {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath, debugDescription: "the registry read no action"))
  }
  return action
}

/// Writes `action` with the registry in `encoder`'s `userInfo`.
private func encodeNested(_ action: any Action, to encoder: any Encoder) throws {
  guard let coding = encoder.userInfo[nestedActionCodingKey] as? any NestedActionCoding else {
    throw EncodingError.invalidValue(
      action,
      EncodingError.Context(
        codingPath: encoder.codingPath,
        debugDescription: "a child action is written with an ActionRegistry (ReduxDevTools); "
          + "export the recording with one"))
  }
  try coding.encodeNested(action, to: encoder)
}

extension AlertState: Codable {
  private enum CodingKeys: String, CodingKey { case style, title, message, buttons }

  /// Reads the alert; its buttons' actions are read by the registry in the decoder's
  /// `userInfo`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(Style.self, forKey: .style),
      title: try container.decode(String.self, forKey: .title),
      message: try container.decodeIfPresent(String.self, forKey: .message),
      buttons: try container.decode([ButtonState].self, forKey: .buttons))
  }

  /// Writes the alert; its buttons' actions are written by the registry in the encoder's
  /// `userInfo`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(style, forKey: .style)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}

extension ButtonState: Codable {
  private enum CodingKeys: String, CodingKey { case label, role, action }

  /// Reads the button; a read button matches a tap by its action's type and value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let action =
      container.contains(.action)
      ? try nestedAction(from: container.superDecoder(forKey: .action)) : nil
    self.init(
      try container.decode(String.self, forKey: .label),
      role: try container.decodeIfPresent(Role.self, forKey: .role), action: action)
  }

  /// Writes the button; its action is written by the registry in the encoder's `userInfo`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encodeIfPresent(role, forKey: .role)
    if let action { try encodeNested(action, to: container.superEncoder(forKey: .action)) }
  }
}
