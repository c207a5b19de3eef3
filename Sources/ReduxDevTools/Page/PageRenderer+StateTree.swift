// The state as a collapsible tree: one `<details>` per object or array, the first two levels
// open, leaves as `key: value` with values shown as Swift writes them (enum cases as
// `.server("500 for boom")`). Native `<details>` elements fold without any script.
extension PageRenderer {
  /// How many members of one object or array the tree lists; the rest are counted.
  static let treeBreadth = 200

  /// The tree of `state`, inside a `<div class="tree">`.
  static func stateTree(_ state: JSONValue) -> String {
    var html = "<div class=\"tree\">"
    node(state, key: "state", depth: 0, into: &html)
    return html + "</div>\n"
  }

  private static func node(_ value: JSONValue, key: String, depth: Int, into html: inout String) {
    let children: [(String, JSONValue)]
    let summary: String
    switch value {
    case .object(let members) where value.enumCase == nil && !members.isEmpty:
      children = members.keys.sorted().prefix(treeBreadth).map { ($0, members[$0] ?? .null) }
      summary = "{\(members.count)}"
    case .array(let elements) where !elements.isEmpty:
      children = elements.prefix(treeBreadth).enumerated().map { ("[\($0.offset)]", $0.element) }
      summary = "[\(elements.count)]"
    default:
      html += "<span class=\"leaf\"><span class=\"key\">\(HTML.escape(key))</span>: "
      html += "<span class=\"value\">\(HTML.escape(value.display(limit: 400)))</span></span>"
      return
    }
    html += depth < 2 ? "<details open>" : "<details>"
    html += "<summary><span class=\"key\">\(HTML.escape(key))</span> "
    html += "<span class=\"count\">\(summary)</span></summary><ul>"
    for (childKey, child) in children {
      html += "<li>"
      node(child, key: childKey, depth: depth + 1, into: &html)
      html += "</li>"
    }
    let total: Int
    switch value {
    case .object(let members): total = members.count
    case .array(let elements): total = elements.count
    default: total = 0
    }
    if total > children.count {
      html += "<li class=\"more\">… \(total - children.count) more</li>"
    }
    html += "</ul></details>"
  }
}
