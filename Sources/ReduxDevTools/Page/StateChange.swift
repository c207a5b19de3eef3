/// One difference between two states: the value at `path` before and after (`nil` when the
/// path did not exist on that side).
///
/// Both pages (the static session page and the live inspector) show these rows, so a change
/// reads the same in either.
struct StateChange: Equatable {
  var path: String
  var before: JSONValue?
  var after: JSONValue?

  /// The changes from `before` to `after`, leaf by leaf, in key order.
  ///
  /// - Arrays whose elements all carry a distinct `"id"` member, as an `Identifiable` element
  ///   encodes, are compared element by element by id (`favourites[id: 7]`): removing the
  ///   first of three is one removal, not two changed elements and a removal. A change of order
  ///   alone is one row for the array's ids. Other arrays are compared by position (`log[0]`).
  /// - An enum case (`{"server":{"_0":"boom"}}`, see ``JSONValue/enumCase``) changed to
  ///   another case, or within a scalar payload, is one row showing both cases whole
  ///   (`request: .loading → .failed("boom")`). Within the same case, a payload that holds
  ///   objects or arrays is compared inside, down to the field that changed
  ///   (`destination(.edit).title`; `(.pair)[1]` for the second of several values).
  static func changes(from before: JSONValue?, to after: JSONValue?, path: String = "")
    -> [StateChange]
  {
    guard before != after else { return [] }
    if let (name, old) = before?.enumCase, let (newName, new) = after?.enumCase,
      name == newName, old.count == new.count, old.contains(where: { !$0.isScalar })
    {
      let casePath = path + "(.\(name))"
      if old.count == 1 { return changes(from: old[0], to: new[0], path: casePath) }
      return old.indices.flatMap { changes(from: old[$0], to: new[$0], path: casePath + "[\($0)]") }
    }
    if before?.enumCase == nil, after?.enumCase == nil {
      switch (before, after) {
      case (.object(let old)?, .object(let new)?):
        return Set(old.keys).union(new.keys).sorted().flatMap { key in
          changes(from: old[key], to: new[key], path: path.isEmpty ? key : path + "." + key)
        }
      case (.array(let old)?, .array(let new)?):
        if let oldIDs = identities(of: old), let newIDs = identities(of: new) {
          return changesByIdentity(old, oldIDs, new, newIDs, path: path)
        }
        return (0..<max(old.count, new.count)).flatMap { index in
          changes(
            from: index < old.count ? old[index] : nil, to: index < new.count ? new[index] : nil,
            path: path + "[\(index)]")
        }
      default: break
      }
    }
    return [StateChange(path: path.isEmpty ? "(whole state)" : path, before: before, after: after)]
  }

  /// The elements' ids, if every element is an object with a scalar `"id"` member and no two
  /// share one.
  private static func identities(of elements: [JSONValue]) -> [String]? {
    var seen: Set<String> = []
    var ids: [String] = []
    ids.reserveCapacity(elements.count)
    for element in elements {
      guard let id = element["id"], id.isScalar else { return nil }
      let text = id.json
      guard seen.insert(text).inserted else { return nil }
      ids.append(text)
    }
    return ids
  }

  private static func changesByIdentity(
    _ old: [JSONValue], _ oldIDs: [String], _ new: [JSONValue], _ newIDs: [String],
    path: String
  ) -> [StateChange] {
    let newIndex = Dictionary(uniqueKeysWithValues: zip(newIDs, new.indices))
    let oldIndex = Dictionary(uniqueKeysWithValues: zip(oldIDs, old.indices))
    var result: [StateChange] = []
    for (id, element) in zip(oldIDs, old) {
      let elementPath = path + "[id: \(id)]"
      if let index = newIndex[id] {
        result += changes(from: element, to: new[index], path: elementPath)
      } else {
        result.append(StateChange(path: elementPath, before: element, after: nil))
      }
    }
    for (id, element) in zip(newIDs, new) where oldIndex[id] == nil {
      result.append(StateChange(path: path + "[id: \(id)]", before: nil, after: element))
    }
    let kept = Set(oldIDs).intersection(newIDs)
    let oldOrder = oldIDs.filter(kept.contains)
    let newOrder = newIDs.filter(kept.contains)
    if oldOrder != newOrder {
      result.append(
        StateChange(
          path: path + " (order of ids)", before: ids(oldOrder, of: old, oldIDs),
          after: ids(newOrder, of: new, newIDs)))
    }
    return result
  }

  /// The `"id"` values for `order`, as an array.
  private static func ids(_ order: [String], of elements: [JSONValue], _ ids: [String])
    -> JSONValue
  {
    let byID = Dictionary(uniqueKeysWithValues: zip(ids, elements))
    return .array(order.compactMap { byID[$0]?["id"] })
  }
}
