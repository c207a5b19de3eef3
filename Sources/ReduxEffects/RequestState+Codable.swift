extension RequestState: Encodable where Success: Encodable, Failure: Encodable {
  /// Encodes the state as an object whose `status` names the case (`idle`, `loading`,
  /// `success`, `failure`), with the value under `value` or the error under `error`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: RequestStateCodingKeys.self)
    switch self {
    case .idle:
      try container.encode(RequestStateStatus.idle, forKey: .status)
    case .loading:
      try container.encode(RequestStateStatus.loading, forKey: .status)
    case .success(let value):
      try container.encode(RequestStateStatus.success, forKey: .status)
      try container.encode(value, forKey: .value)
    case .failure(let error):
      try container.encode(RequestStateStatus.failure, forKey: .status)
      try container.encode(error, forKey: .error)
    }
  }
}

extension RequestState: Decodable where Success: Decodable, Failure: Decodable {
  /// Decodes a state encoded by ``encode(to:)``.
  ///
  /// Throws `DecodingError.dataCorrupted` for a `status` other than the four cases, and the
  /// decoder's error for a missing or mistyped `value` or `error`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: RequestStateCodingKeys.self)
    let status: RequestStateStatus
    do {
      status = try container.decode(RequestStateStatus.self, forKey: .status)
    } catch DecodingError.dataCorrupted {
      let text = (try? container.decode(String.self, forKey: .status)) ?? ""
      throw DecodingError.dataCorruptedError(
        forKey: .status, in: container,
        debugDescription:
          "\"\(text)\" is not a RequestState status: expected idle, loading, success or failure.")
    }
    switch status {
    case .idle: self = .idle
    case .loading: self = .loading
    case .success: self = .success(try container.decode(Success.self, forKey: .value))
    case .failure: self = .failure(try container.decode(Failure.self, forKey: .error))
    }
  }
}

/// The keys of a coded ``RequestState``.
private enum RequestStateCodingKeys: String, CodingKey {
  case status, value, error
}

/// The `status` of a coded ``RequestState``: the name of its case.
private enum RequestStateStatus: String, Codable {
  case idle, loading, success, failure
}
