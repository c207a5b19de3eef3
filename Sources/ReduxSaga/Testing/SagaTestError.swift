/// A ``SagaTest`` run could not go as scripted.
public enum SagaTestError: Error, Equatable, Sendable {
  /// No saga took this scripted action: the saga finished, or no saga waited for it within
  /// the test's timeout (the saga is then cancelled).
  case actionNotTaken(String)
  /// No call of the run had this stub's name (a typo, or a call the saga never reached);
  /// `calls` lists the names of the calls the saga made, in first-call order.
  case stubNotCalled(String, calls: [String])
  /// A stub's argument or result type does not match the call it replaces.
  case stubTypeMismatch(call: String, expected: String, got: String)
}
