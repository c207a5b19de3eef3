import CustomDump
import ReduxSeam

// CustomDump shows a `Duration` readably on Apple platforms only (through Foundation's
// formatting); elsewhere a failure would print `Duration(_low: 5000000000000000000, _high: 0)`.
// The same condition, inverted, so that the two never both apply: the one retroactive
// conformance in the package, for that reason allowed here.
#if !(os(iOS) || os(macOS) || os(tvOS) || os(watchOS))
  // swift-format-ignore: AvoidRetroactiveConformances
  extension Duration: @retroactive CustomDumpStringConvertible {
    /// The duration as it is written in Swift: `.seconds(5)`, `.milliseconds(1500)`.
    public var customDumpDescription: String { describeDuration(self) }
  }
#endif
