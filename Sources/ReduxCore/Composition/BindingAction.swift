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
  /// The key path and the value. A string is held in place, so that a text field's binding (the
  /// key path and the string's two words; the case is told apart in the key path's spare bits)
  /// fits an `any Action` without a box of its own: no allocation per keystroke (CoreProfile's
  /// `form-binding`). A value of another type is boxed.
  @usableFromInline let storage: Storage

  @usableFromInline
  enum Storage: Sendable {
    case string(PartialKeyPath<Root> & Sendable, String)
    case boxed(PartialKeyPath<Root> & Sendable, BoxedFieldValue)
  }

  /// Sets the field at `keyPath` to `value`.
  @inlinable
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> BindingAction {
    // Specialized where the binding is made, so only the branch of `Value` is left.
    if let string = value as? String {
      BindingAction(storage: .string(keyPath, string))
    } else {
      BindingAction(storage: .boxed(keyPath, TypedFieldValue(value)))
    }
  }

  @inlinable
  init(storage: Storage) {
    self.storage = storage
  }

  /// The field it writes.
  public var keyPath: PartialKeyPath<Root> & Sendable {
    switch storage {
    case .string(let keyPath, _), .boxed(let keyPath, _): keyPath
    }
  }

  /// The value it writes.
  public var value: any Sendable {
    switch storage {
    case .string(_, let value): value
    case .boxed(_, let box): box.anyValue
    }
  }

  /// The value, when the binding writes the field at `keyPath`.
  public func value<Value>(at keyPath: KeyPath<Root, Value>) -> Value? {
    (self.keyPath as AnyKeyPath) == (keyPath as AnyKeyPath) ? value as? Value : nil
  }

  /// Writes the value into `root`.
  @inlinable
  public func apply(to root: inout Root) {
    switch storage {
    case .string(let keyPath, let value):
      // `set(_:_:)` stores a string only with a key path to a string.
      root[keyPath: unsafeDowncast(keyPath, to: WritableKeyPath<Root, String>.self)] = value
    case .boxed(let keyPath, let box):
      box.write(to: &root, at: keyPath)
    }
  }

  /// Same key path and equal value.
  public static func == (lhs: BindingAction, rhs: BindingAction) -> Bool {
    guard (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath) else { return false }
    switch (lhs.storage, rhs.storage) {
    case (.string(_, let left), .string(_, let right)): return left == right
    case (.boxed(_, let left), .boxed(_, let right)): return left.hasValue(equalTo: right.anyValue)
    default: return false
    }
  }

  /// `binding(\Form.title, "Morning")`: how test failures and warnings name it too.
  public var description: String {
    var value = ""
    debugPrint(self.value, terminator: "", to: &value)
    return "binding(\(describeQualified(keyPath)), \(value))"
  }
}

/// A field value of a type other than `String`, held by reference: the base of
/// ``TypedFieldValue``, which overrides each member. A class, not a protocol: a protocol
/// existential (two words) in ``BindingAction/Storage`` would not fit three words.
@usableFromInline
class BoxedFieldValue: @unchecked Sendable {
  // @unchecked: it stores nothing; its one subclass stores a `let` of a Sendable type.
  @usableFromInline init() {}

  /// The value.
  @usableFromInline var anyValue: any Sendable {
    preconditionFailure("BoxedFieldValue is abstract: TypedFieldValue overrides it")
  }

  /// Whether `other` is a value of this type, equal to this one.
  @usableFromInline func hasValue(equalTo other: any Sendable) -> Bool {
    preconditionFailure("BoxedFieldValue is abstract: TypedFieldValue overrides it")
  }

  /// Writes the value at `keyPath`, whose value type is this value's.
  @usableFromInline func write<Root>(to root: inout Root, at keyPath: PartialKeyPath<Root>) {
    preconditionFailure("BoxedFieldValue is abstract: TypedFieldValue overrides it")
  }
}

@usableFromInline
final class TypedFieldValue<Value: Equatable & Sendable>: BoxedFieldValue, @unchecked Sendable {
  // @unchecked: `value` is a `let` of a Sendable type.
  @usableFromInline let value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }

  @usableFromInline override var anyValue: any Sendable { value }

  @usableFromInline
  override func hasValue(equalTo other: any Sendable) -> Bool {
    (other as? Value) == value
  }

  @usableFromInline
  override func write<Root>(to root: inout Root, at keyPath: PartialKeyPath<Root>) {
    root[keyPath: unsafeDowncast(keyPath, to: WritableKeyPath<Root, Value>.self)] = value
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
