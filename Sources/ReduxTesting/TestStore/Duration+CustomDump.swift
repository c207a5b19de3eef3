import CustomDump

// CustomDump shows a `Duration` readably on Apple platforms only (through Foundation's
// formatting); elsewhere a failure would print `Duration(_low: 5000000000000000000, _high: 0)`.
// The same condition, inverted, so that the two never both apply: the one retroactive
// conformance in the package, for that reason allowed here.
#if !(os(iOS) || os(macOS) || os(tvOS) || os(watchOS))
  // swift-format-ignore: AvoidRetroactiveConformances
  extension Duration: @retroactive CustomDumpStringConvertible {
    /// The duration as it is written in Swift: `.seconds(5)`, `.milliseconds(1500)`.
    public var customDumpDescription: String {
      let (seconds, attoseconds) = components
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
  }
#endif
