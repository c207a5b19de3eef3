// Copy this file into an app that imports swift-case-paths: every `@CasePathable` enum then
// works wherever swift-redux takes an `EnumCase`, with TCA's spelling:
//
//   .ifCaseLet(\.detail, then: detail)               // instead of a hand-written EnumCase
//   .forEach(\.path, destination: Reducer<Screen>.empty.ifCaseLet(\.detail, then: detail))
//   destination.scope(case: \.detail)                // a view store of the case, in a view
//   EnumCase(\Destination.Cases.detail)              // wherever an EnumCase value is wanted
//
// ReduxCore stays free of outside packages, so the bridge lives where CasePaths is imported.
import CasePaths
import ReduxCore
import ReduxUI

extension EnumCase where Enum: CasePathable & Sendable {
  /// The case that `casePath` names: `EnumCase(\Destination.Cases.detail)`, or `EnumCase(\.detail)`
  /// where the enum is known.
  public init(_ casePath: CaseKeyPath<Enum, Value> & Sendable) {
    // The key path is applied once, here, rather than on every call.
    self.init(AnyCasePath(casePath))
  }
}

extension EnumCase where Enum: Sendable {
  /// The case a generated case path names: `EnumCase(Destination.allCasePaths.detail)`. It calls
  /// the closures `@CasePathable` wrote directly, where a case key path goes through
  /// swift-case-paths' key-path machinery on every call (CasePathCost measures both).
  public init(_ casePath: AnyCasePath<Enum, Value>) {
    let casePath = UncheckedSendable(casePath)
    self.init(embed: { casePath.value.embed($0) }, extract: { casePath.value.extract(from: $0) })
  }
}

/// A generated case path, which holds only the `@Sendable` closures the macro wrote but is not
/// itself declared `Sendable`.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

extension Reducing where State: CasePathable & Sendable {
  /// `ifCaseLet(_:then:fileID:line:)` with a case key path: `.ifCaseLet(\.detail, then: detail)`.
  public func ifCaseLet<Case: Sendable, ChildReducer: Reducing<Case, Output>>(
    _ casePath: CaseKeyPath<State, Case> & Sendable,
    then child: ChildReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    ifCaseLet(EnumCase(casePath), then: child, fileID: fileID, line: line)
  }
}

extension ViewStore where State: CasePathable {
  /// `scope(case:)` with a case key path: `destination.scope(case: \.detail)`.
  public func scope<Case: Sendable>(case casePath: CaseKeyPath<State, Case> & Sendable)
    -> ViewStore<Case>?
  {
    scope(case: EnumCase(casePath))
  }
}
