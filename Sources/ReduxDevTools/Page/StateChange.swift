/// One difference between two states: the value at `path` before and after (`nil` when the
/// path did not exist on that side).
struct StateChange: Equatable {
  var path: String
  var before: JSONValue?
  var after: JSONValue?

  /// The changes from `before` to `after`, leaf by leaf, in key order.
  static func changes(from before: JSONValue?, to after: JSONValue?, path: String = "")
    -> [StateChange]
  {
    guard before != after else { return [] }
    switch (before, after) {
    case (.object(let old)?, .object(let new)?):
      return Set(old.keys).union(new.keys).sorted().flatMap { key in
        changes(from: old[key], to: new[key], path: path.isEmpty ? key : path + "." + key)
      }
    case (.array(let old)?, .array(let new)?):
      return (0..<max(old.count, new.count)).flatMap { index in
        changes(
          from: index < old.count ? old[index] : nil, to: index < new.count ? new[index] : nil,
          path: path + "[\(index)]")
      }
    default:
      return [
        StateChange(path: path.isEmpty ? "(whole state)" : path, before: before, after: after)
      ]
    }
  }
}
