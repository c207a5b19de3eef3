// How a Codable failure reads in a message, shared by ReduxDevTools (recordings, the inspector)
// and ReduxPersistence (state files): `wrong value at state.count: expected Int, found a string`.
// Only standard-library types are involved, so ReduxSeam stays free of Foundation.

/// Why encoding or decoding stopped, in one line that names the place.
///
/// `JSONDecoder` reports text that is not JSON and a number too large for its type alike, as a
/// `dataCorrupted` error at the top level without a place; only the caller, who has the text,
/// can tell the two apart, so `topLevelCorruption` words that case.
package func describeCodingFailure(
  _ error: any Error, topLevelCorruption: () -> String
) -> String {
  switch error {
  case EncodingError.invalidValue(_, let context):
    "cannot encode the value at \(describeCodingPath(context.codingPath)): "
      + context.debugDescription
  case DecodingError.typeMismatch(let type, let context):
    "wrong value at \(describeCodingPath(context.codingPath)): expected \(type), "
      + found(in: context.debugDescription)
  case DecodingError.valueNotFound(let type, let context):
    "missing value at \(describeCodingPath(context.codingPath)): expected \(type), found null"
  case DecodingError.keyNotFound(let key, let context):
    "missing \"\(describeCodingPath(context.codingPath + [key]))\""
  case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
    topLevelCorruption()
  case DecodingError.dataCorrupted(let context):
    "wrong value at \(describeCodingPath(context.codingPath)): \(context.debugDescription)"
  default:
    "\(error)"
  }
}

/// `state.items[2].name`, or `the top level`.
package func describeCodingPath(_ codingPath: [any CodingKey]) -> String {
  guard !codingPath.isEmpty else { return "the top level" }
  var text = ""
  for key in codingPath {
    if let index = key.intValue {
      text += "[\(index)]"
    } else {
      text += (text.isEmpty ? "" : ".") + key.stringValue
    }
  }
  return text
}

/// What a type mismatch found, from `JSONDecoder`'s description ("… but found a string
/// instead.").
private func found(in description: String) -> String {
  guard let range = description.firstRange(of: "found ") else { return description }
  var found = String(description[range.lowerBound...])
  if found.hasSuffix(" instead.") { found.removeLast(" instead.".count) }
  return found
}
