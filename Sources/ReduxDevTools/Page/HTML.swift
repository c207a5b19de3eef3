/// Escaping for text from a recording (type names, keys, values, titles) on its way into a
/// page.
enum HTML {
  /// `text` as HTML text or attribute content: markup characters become entities, and control
  /// characters, which a page must not contain, become visible stand-ins: C0 controls and DEL
  /// their Unicode control pictures (NUL as ␀, ESC as ␛), C1 controls U+FFFD. Tabs and line
  /// feeds stay as they are.
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: needsEscaping) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}":
        result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case "\u{7F}": result += "\u{2421}"
      case "\u{80}"..."\u{9F}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a UTF-8 byte may start something to escape: a markup character, a C0 control or
  /// DEL, or the lead byte 0xC2 of a C1 control (U+0080–U+009F).
  private static func needsEscaping(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x00...0x1F, 0x7F, 0xC2: true
    default: false
    }
  }
}
