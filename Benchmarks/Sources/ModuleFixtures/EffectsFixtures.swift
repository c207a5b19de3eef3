// Benchmark 9's effects, shared by ModuleBenchmarks and ModuleProfile.
import CoreFixtures
import Logging
import ReduxCore
import ReduxEffects

/// An action type that nothing dispatches; each `Tag` makes a distinct type, so the effects
/// below are typed for nine different actions without nine declarations.
public struct Unmatched<Tag>: Action {
  /// The action.
  public init() {}
}

/// Ten typed effects: nine for ``Unmatched`` types, and the last for `Increment`, which the
/// benchmark dispatches.
public let tenTypedEffects: [Effect<Counter>] = [
  .on(Unmatched<Int8>.self) { _, _, _ in },
  .on(Unmatched<Int16>.self) { _, _, _ in },
  .on(Unmatched<Int32>.self) { _, _, _ in },
  .on(Unmatched<Int64>.self) { _, _, _ in },
  .on(Unmatched<UInt8>.self) { _, _, _ in },
  .on(Unmatched<UInt16>.self) { _, _, _ in },
  .on(Unmatched<UInt32>.self) { _, _, _ in },
  .on(Unmatched<UInt64>.self) { _, _, _ in },
  .on(Unmatched<Double>.self) { _, _, _ in },
  .on(Increment.self) { action, _, _ in sink(action.by) },
]

/// A logger effect at `.info` on a logger whose level is `.error`: it logs nothing.
public func makeQuietLoggerEffect() -> Effect<Counter> {
  var logger = Logger(label: "benchmark")
  logger.logLevel = .error
  return .logger(logger, level: .info)
}
