/// Why a recording could not be shown, with the line at fault.
public struct SessionPageError: Error, Equatable, CustomStringConvertible {
  /// The 1-based line number in the input.
  public var line: Int
  /// What is wrong with it.
  public var message: String

  /// Creates an error for a line.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// "line N: message".
  public var description: String { "line \(line): \(message)" }
}
