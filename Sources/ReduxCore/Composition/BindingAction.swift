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
  // The key path and the value, typed, in an existential: a key path and a value of up to two
  // words fit its inline buffer, so building a binding allocates nothing.
  @usableFromInline let binding: any FieldBinding<Root>

  /// Sets the field at `keyPath` to `value`.
  @inlinable
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> BindingAction {
    BindingAction(binding: TypedFieldBinding(keyPath: keyPath, value: value))
  }

  @inlinable
  init(binding: any FieldBinding<Root>) {
    self.binding = binding
  }

  /// The field it writes.
  public var keyPath: PartialKeyPath<Root> & Sendable { binding.partialKeyPath }

  /// The value it writes.
  public var value: any Sendable { binding.anyValue }

  /// The value, when the binding writes the field at `keyPath`.
  public func value<Value>(at keyPath: KeyPath<Root, Value>) -> Value? {
    (self.keyPath as AnyKeyPath) == (keyPath as AnyKeyPath) ? value as? Value : nil
  }

  /// Writes the value into `root`.
  @inlinable
  public func apply(to root: inout Root) {
    binding.apply(to: &root)
  }

  /// Same key path and equal value.
  public static func == (lhs: BindingAction, rhs: BindingAction) -> Bool {
    (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath)
      && lhs.binding.hasValue(equalTo: rhs.value)
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

/// A field of `Root` and the value a binding writes into it.
@usableFromInline
protocol FieldBinding<Root>: Sendable {
  associatedtype Root
  func apply(to root: inout Root)
  var partialKeyPath: PartialKeyPath<Root> & Sendable { get }
  var anyValue: any Sendable { get }
  func hasValue(equalTo other: any Sendable) -> Bool
}

@usableFromInline
struct TypedFieldBinding<Root, Value: Equatable & Sendable>: FieldBinding {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value> & Sendable
  @usableFromInline let value: Value

  @inlinable
  init(keyPath: WritableKeyPath<Root, Value> & Sendable, value: Value) {
    self.keyPath = keyPath
    self.value = value
  }

  @inlinable
  func apply(to root: inout Root) {
    root[keyPath: keyPath] = value
  }

  @usableFromInline var partialKeyPath: PartialKeyPath<Root> & Sendable { keyPath }
  @usableFromInline var anyValue: any Sendable { value }

  @usableFromInline
  func hasValue(equalTo other: any Sendable) -> Bool {
    (other as? Value) == value
  }
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
