/// A reducer type: a value that applies an action to a state in place and returns what else the
/// action asks for — nothing for ``Reducer``, a `Command` for ReduxCommand's `CommandReducer`.
///
/// The composition operators are written once, on this protocol, so every reducer type has
/// them with the same rules: ``combine(_:)-(Self...)``, ``on(_:_:)-swift.type.method``, ``Reducer/lift(_:)``,
/// ``forEach(_:element:fileID:line:)``, ``forEach(_:destination:fileID:line:)``,
/// ``ifLet(_:then:fileID:line:)`` and ``ifCaseLet(_:then:fileID:line:)``.
///
/// A module with a reducer type of its own conforms it by saying how two outputs of one action
/// combine (``merge(_:_:)``) and what a child feature's output becomes in its parent
/// (``output(_:of:)``): ReduxCommand ties a child's commands to the child there, so they end
/// when the child goes.
public protocol Reducing<State, Output>: Sendable {
  /// The state the reducer changes.
  associatedtype State
  /// What one call returns besides the change of state.
  associatedtype Output

  /// Creates a reducer from a closure that changes the state in place and returns the output.
  init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: any Action) -> Output)

  /// Applies `action` to `state` and returns the output.
  func callAsFunction(_ state: inout State, _ action: any Action) -> Output

  /// The output of an action that asks for nothing more.
  static var noOutput: Output { get }

  /// The outputs of two reducers run on one action: `first`'s, then `second`'s.
  static func merge(_ first: Output, _ second: Output) -> Output

  /// What a child feature's output is in its parent: `output` came from the child that `child`
  /// describes (its identity, how to find it again, and how to address an action back to it).
  ///
  /// `child` is built only if this calls it, so a reducer type that has nothing to tie to a
  /// child (``Reducer``) pays nothing for it.
  static func output<Parent, Child>(
    _ output: Output, of child: @autoclosure () -> ChildFeature<Parent, Child>
  ) -> Output
}

extension Reducer: Reducing {
  /// A plain reducer's output: nothing.
  public typealias Output = Void

  /// Nothing.
  @inlinable
  public static var noOutput: Void { () }

  /// Nothing.
  @inlinable
  public static func merge(_ first: Void, _ second: Void) {}

  /// Nothing: a plain reducer starts no work for a child to own.
  @inlinable
  public static func output<Parent, Child>(
    _ output: Void, of child: @autoclosure () -> ChildFeature<Parent, Child>
  ) {}
}
