/// A type's name as it reads in the app's source: with the types it is nested in, without module
/// names (`SyncUpDetail.Action`, `StackAction<Path>`), so that messages tell two features'
/// `Action` types apart.
package func typeName(_ type: Any.Type) -> String {
  var name = ""
  var path = ""
  // Every path in `String(reflecting:)` starts with its module: drop that first component.
  func endPath() {
    if let dot = path.firstIndex(of: ".") { path = String(path[path.index(after: dot)...]) }
    name += path
    path = ""
  }
  for character in withoutContexts(String(reflecting: type)) {
    if character.isLetter || character.isNumber || character == "_" || character == "." {
      path.append(character)
    } else {
      endPath()
      name.append(character)
    }
  }
  endPath()
  return name
}

/// `reflected` without the contexts that have no name in source: a local type's
/// `(unknown context at $10f3a2c).` and an extension's `(extension in Module):`.
private func withoutContexts(_ reflected: String) -> String {
  var text = Substring(reflected)
  var result = ""
  while let open = text.firstIndex(of: "(") {
    let rest = text[open...]
    let separator: Character? =
      rest.starts(with: "(unknown context at ")
      ? "." : rest.starts(with: "(extension in ") ? ":" : nil
    guard let separator, let close = rest.firstIndex(of: ")"),
      rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == separator
    else {
      result += text[...open]
      text = text[text.index(after: open)...]
      continue
    }
    result += text[..<open]
    text = text[rest.index(close, offsetBy: 2)...]
  }
  return result + text
}

/// A value as messages show it, its type named with its owners: an enum case as
/// `SyncUpDetail.Action.editButtonTapped`, a struct as `SyncUpForm.SetTitle(title: "Morning")`.
package func describeQualified(_ value: Any) -> String {
  let type = Swift.type(of: value)
  let description = String(describing: value)
  let bare = String(describing: type)
  if Mirror(reflecting: value).displayStyle == .enum {
    return typeName(type) + "." + description
  }
  guard description.hasPrefix(bare) else { return description }
  return typeName(type) + description.dropFirst(bare.count)
}

/// A key path as messages show it, its root named with its owners: `\SyncUpDetail.State.title`.
package func describeQualified(_ keyPath: AnyKeyPath) -> String {
  let description = String(describing: keyPath)
  let bare = "\\" + String(describing: Swift.type(of: keyPath).rootType)
  guard description.hasPrefix(bare) else { return description }
  return "\\" + typeName(Swift.type(of: keyPath).rootType) + description.dropFirst(bare.count)
}

/// An action that names itself in messages better than its type does: messages call it by its
/// `description` (ReduxCore's `BindingAction`: `binding(\Form.title, "Morning")`).
package protocol DescribedInMessages: CustomStringConvertible {}

/// A duration as Swift writes it, for messages and pages: `.seconds(5)`,
/// `.milliseconds(1500)`; a duration no whole unit measures as fractional seconds.
package func describeDuration(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let units: [(String, Int64)] = [
    ("milliseconds", 1_000_000_000_000_000), ("microseconds", 1_000_000_000_000),
    ("nanoseconds", 1_000_000_000),
  ]
  if attoseconds == 0 { return ".seconds(\(seconds))" }
  for (unit, attosecondsPerUnit) in units where attoseconds % attosecondsPerUnit == 0 {
    let perSecond = 1_000_000_000_000_000_000 / attosecondsPerUnit
    let (count, overflow) = seconds.multipliedReportingOverflow(by: perSecond)
    guard !overflow else { break }
    return ".\(unit)(\(count + attoseconds / attosecondsPerUnit))"
  }
  return ".seconds(\(Double(seconds) + Double(attoseconds) / 1e18))"
}
