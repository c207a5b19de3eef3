import ReduxSeam

// One action for every form field: a binding carries the key path it writes and the value, and
// the `binding()` operator writes it before the feature's own reducer runs. It replaces a setter
// action, a reducer branch and a view closure per field.

/// Sets the field at a key path of `Root` to a value: the action a bound control sends.
///
/// ```swift
/// struct Form: Equatable, Sendable { var title = ""; var minutes = 5 }
/// let form = Reducer<Form> { form, action in
///   // React to a field after it is written, if needed:
///   if action.as(BindingAction<Form>.self)?.value(at: \.minutes) != nil {
///     form.minutes = max(form.minutes, 1)
///   }
/// }
/// .binding()
///
/// store.dispatch(BindingAction.set(\Form.title, "Morning"))
/// ```
///
/// It is `Equatable` (same key path, equal value), so a `TestStore` receives it by value, and it
/// reads `binding(\Form.title, "Morning")` in messages.
public struct BindingAction<Root>: Action, Equatable, CustomStringConvertible, DescribedInMessages {
  /// The field it writes.
  public let keyPath: PartialKeyPath<Root> & Sendable
  /// The value it writes.
  public let value: any Sendable
  @usableFromInline let write: @Sendable (inout Root) -> Void
  private let isEqualValue: @Sendable (any Sendable) -> Bool

  /// Sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> BindingAction {
    BindingAction(
      keyPath: keyPath, value: value, write: { $0[keyPath: keyPath] = value },
      isEqualValue: { ($0 as? Value) == value })
  }

  /// The value, when the binding writes the field at `keyPath`.
  public func value<Value>(at keyPath: KeyPath<Root, Value>) -> Value? {
    (self.keyPath as AnyKeyPath) == (keyPath as AnyKeyPath) ? value as? Value : nil
  }

  /// Writes the value into `root`.
  @inlinable
  public func apply(to root: inout Root) {
    write(&root)
  }

  /// Same key path and equal value.
  public static func == (lhs: BindingAction, rhs: BindingAction) -> Bool {
    (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath) && lhs.isEqualValue(rhs.value)
  }

  /// `binding(\Form.title, "Morning")`.
  public var description: String {
    var value = ""
    debugPrint(self.value, terminator: "", to: &value)
    return "binding(\(describeQualified(keyPath)), \(value))"
  }

  /// How test failures and warnings name it: its description.
  package var messageDescription: String { description }
}

extension Reducing {
  /// Returns a reducer that writes every ``BindingAction`` of its state's type into the state,
  /// then runs this reducer, which sees the binding too (to react to a field once written).
  @inlinable
  public func binding() -> Self {
    let parent = self
    return Self { state, action in
      if let binding = action.as(BindingAction<State>.self) { binding.apply(to: &state) }
      return parent(&state, action)
    }
  }
}
