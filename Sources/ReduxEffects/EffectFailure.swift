import ReduxCore

/// An error thrown by an effect, with the effect and the action it was running for.
///
/// Effects report failures to the hook given to `Store(initialState:reducer:effects:...)` or
/// `Middleware.effects(_:onError:)`; the effect keeps running for later actions.
public struct EffectFailure: Error, CustomStringConvertible {
  /// The error the effect threw.
  public var error: any Error
  /// The action the effect was running for.
  public var action: any Action
  /// The effect's ``Effect/name``.
  public var effect: String

  /// Creates a failure report.
  public init(error: any Error, action: any Action, effect: String) {
    self.error = error
    self.action = action
    self.effect = effect
  }

  /// Reads "<effect> failed on <action type>: <error>".
  public var description: String {
    "\(effect) failed on \(type(of: action)): \(error)"
  }
}
