import ReduxCore

/// A get/set pair that binds a control to one value of a store's state: reading gets the value
/// from a ``ViewStore``, writing dispatches an action built from the new value.
///
/// ```swift
/// struct Form: Sendable { var name = "" }
/// struct Rename: Action { var name: String }
///
/// @MainActor
/// func bindName(_ model: ViewStore<Form>) {
///   let name = model.binding(\.name, send: Rename.init)
///   name.value = "Ada"          // dispatches Rename(name: "Ada")
///   print(name.value)           // "Ada", once the reducer applied it
/// }
/// ```
///
/// On Apple platforms, `SwiftUI.Binding(_:)` turns it into a SwiftUI binding:
/// `TextField("Name", text: Binding(model.binding(\.name, send: Rename.init)))`.
///
/// The state changes only through the action: if no reducer applies it, the value read back is
/// unchanged (a text field snaps back). Writing dispatches through the view store, so on an
/// idle store the new value is published before `set` returns and the control reads its own
/// change at once. Reading through ``value`` or ``get`` tracks the field like
/// ``ViewStore/subscript(dynamicMember:)-9o36v``.
@MainActor
public struct StateBinding<Value>: Sendable {
  /// Reads the current value (tracked by Observation).
  public let get: @MainActor @Sendable () -> Value
  /// Dispatches the action for a new value.
  public let set: @MainActor @Sendable (Value) -> Void

  /// Creates a binding from a getter and a setter.
  public init(
    get: @escaping @MainActor @Sendable () -> Value,
    set: @escaping @MainActor @Sendable (Value) -> Void
  ) {
    self.get = get
    self.set = set
  }

  /// The bound value: reading calls ``get``, writing calls ``set``.
  public var value: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

extension ViewStore {
  /// A binding of the value at `keyPath` that dispatches `send(newValue)` when it is set.
  ///
  /// ```swift
  /// let isOn = model.binding(\.notificationsEnabled, send: SetNotifications.init)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value the control shows.
  ///   - action: Builds the action that sets the value; it is dispatched through this view
  ///     store.
  /// - Returns: The get/set pair; see ``StateBinding``.
  public func binding<Value>(
    _ keyPath: KeyPath<State, Value> & Sendable,
    send action: @escaping @MainActor @Sendable (Value) -> any Action
  ) -> StateBinding<Value> {
    StateBinding(
      get: { self[dynamicMember: keyPath] },
      set: { self.dispatch(action($0)) })
  }
}

extension ViewStore {
  /// A binding of the field at `keyPath` that dispatches `BindingAction.set(keyPath, newValue)`
  /// when it is set: one action for every field, written by the feature's `binding()`
  /// operator.
  ///
  /// ```swift
  /// TextField("Title", text: Binding(model.binding(\.title)))
  /// ```
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> StateBinding<Value> {
    binding(keyPath, send: { BindingAction.set(keyPath, $0) })
  }
}
