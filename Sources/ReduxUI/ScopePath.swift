import ReduxCore

/// A path from a view store's state to the part a child view store shows: what you write as
/// the key path of ``ViewStore/scope(_:)-(KeyPath<ScopePath<State,State>,ScopePath<State,Child>>)``.
///
/// You never build one: `scope` takes a key path whose root is `ScopePath<State, State>`, and
/// Swift reads `\.profile`, `\.settings.sound`, `\.todos[i]` or `\.todos[i].author` against it
/// as it would against the state. What it adds over a plain key path is that the view store
/// sees each step, so a step into a collection is checked against the collection every time the
/// state changes. A plain `\.todos[i]` would stop the program with "Index out of range" once
/// the array got shorter; through a scope path the child view store keeps its last value.
///
/// - An index into a collection of `Identifiable` elements (an `IdentifiedElements`
///   collection, such as an array of them) scopes to the element at that index *when `scope`
///   is called*: the child follows that element by its id wherever it moves, and keeps its
///   last value once the element is removed (see `ViewStore.scope(each:)` for which value that
///   is when nothing observes the child).
/// - An index into any other collection scopes to the position: the child shows whatever
///   element is at that index, and keeps its last value while the collection is too short.
/// - Any other step is a key path step, read as Swift reads it.
///
/// Optional chaining (`\.detail?.name`) is not available on a scope path: scope to the optional
/// (`scope(\.detail)`, which returns nil while it is nil), then scope the child. A key path kept
/// in a variable (`let path: KeyPath<AppState, Profile>`) is not a scope path either: write the
/// path at the call of `scope`.
@dynamicMemberLookup
public struct ScopePath<Root: Sendable, Value> {
  /// The whole path as a key path, while it has no step into a collection.
  @usableFromInline let keyPath: KeyPath<Root, Value>?
  /// The last step into a collection: how to get the view store of its element.
  @usableFromInline let stage: (any AnyScopeStage<Root>)?
  /// The path after that step, a key path from the stage's element to `Value`.
  @usableFromInline let tail: AnyKeyPath

  @usableFromInline
  init(keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    stage = nil
    tail = keyPath
  }

  @usableFromInline
  init(stage: any AnyScopeStage<Root>, tail: AnyKeyPath) {
    keyPath = nil
    self.stage = stage
    self.tail = tail
  }

  /// The path to a property of this part: `\.profile.name`.
  @inlinable
  public subscript<Member>(dynamicMember member: KeyPath<Value, Member>) -> ScopePath<
    Root, Member
  > {
    if let keyPath { return ScopePath<Root, Member>(keyPath: keyPath.appending(path: member)) }
    guard let stage, let tail = tail.appending(path: member) else {
      preconditionFailure("ScopePath: a step did not continue the path before it")
    }
    return ScopePath<Root, Member>(stage: stage, tail: tail)
  }

  /// Calls `visitor` with the view store this path's last key-path part starts from, and that
  /// part, on behalf of a view store of `Root`.
  @MainActor
  @inlinable
  func visit<Visitor: ScopeVisitor>(from root: ViewStore<Root>, _ visitor: Visitor)
    -> Visitor.Result where Visitor.Value == Value
  {
    if let keyPath { return visitor.visit(root, keyPath) }
    guard let stage else { preconditionFailure("ScopePath: a path has neither key path nor stage") }
    return visit(stage, from: root, visitor)
  }

  @MainActor
  @usableFromInline
  func visit<Stage: AnyScopeStage<Root>, Visitor: ScopeVisitor>(
    _ stage: Stage, from root: ViewStore<Root>, _ visitor: Visitor
  ) -> Visitor.Result where Visitor.Value == Value {
    guard let tail = tail as? KeyPath<Stage.Base, Value> else {
      preconditionFailure("ScopePath: a path's tail does not start at its stage's element")
    }
    return visitor.visit(stage.base(from: root), tail)
  }
}

extension ScopePath where Root == Value {
  /// The path to the whole state, which `scope`'s key paths start from.
  @inlinable
  static var root: Self { Self(keyPath: \Root.self) }
}

extension ScopePath where Value: Collection, Value.Index: Hashable, Value.Element: Sendable {
  /// The path to the element at `position`: the child view store shows whatever element is at
  /// that position, and keeps its last value while the collection has no element there.
  ///
  /// For a collection of `Identifiable` elements, the subscript that follows the element by id
  /// is used instead.
  @inlinable
  public subscript(position: Value.Index) -> ScopePath<Root, Value.Element> {
    let stage = ScopeStage(collection: self, position: position) { root, collection, position in
      collection.visit(from: root, ScopeToPosition(position: position))
    }
    return ScopePath<Root, Value.Element>(stage: stage, tail: \Value.Element.self)
  }
}

extension ScopePath
where Value: IdentifiedElements, Value.Index: Hashable, Value.Element: Sendable {
  /// The path to the element at `position` when the child view store is made: the child
  /// follows that element by its id, wherever it moves, and keeps its last value once the
  /// element is removed.
  @inlinable
  public subscript(position: Value.Index) -> ScopePath<Root, Value.Element> {
    let stage = ScopeStage(collection: self, position: position) { root, collection, position in
      collection.visit(from: root, ScopeToElement(position: position))
    }
    return ScopePath<Root, Value.Element>(stage: stage, tail: \Value.Element.self)
  }
}

/// A step into a collection, with its element type hidden: what a ``ScopePath`` keeps.
@usableFromInline
protocol AnyScopeStage<Root> {
  associatedtype Root: Sendable
  associatedtype Base: Sendable
  /// The view store of the element the step leads to, made or found from a view store of the
  /// root.
  @MainActor func base(from root: ViewStore<Root>) -> ViewStore<Base>
}

/// A step into a collection: the path to the collection, the position, and how to make the
/// view store of the element there.
///
/// `makeBase` is built by the inlinable subscripts, so in the caller's module, where it is
/// compiled for the concrete state: the view store it makes is fed by specialized code. It
/// captures nothing, and gets the path and the position as arguments, so that it can be a
/// main-actor function although a key path's subscripts run outside any actor.
@usableFromInline
final class ScopeStage<Root: Sendable, Elements: Collection>: AnyScopeStage
where Elements.Element: Sendable {
  @usableFromInline let collection: ScopePath<Root, Elements>
  @usableFromInline let position: Elements.Index
  @usableFromInline let makeBase:
    @MainActor (ViewStore<Root>, ScopePath<Root, Elements>, Elements.Index) -> ViewStore<
      Elements.Element
    >

  @inlinable
  init(
    collection: ScopePath<Root, Elements>, position: Elements.Index,
    makeBase:
      @escaping @MainActor (ViewStore<Root>, ScopePath<Root, Elements>, Elements.Index)
      -> ViewStore<Elements.Element>
  ) {
    self.collection = collection
    self.position = position
    self.makeBase = makeBase
  }

  @MainActor
  @inlinable
  func base(from root: ViewStore<Root>) -> ViewStore<Elements.Element> {
    makeBase(root, collection, position)
  }
}

/// What to do at the end of a scope path, with the view store the path's last key-path part
/// starts from.
@usableFromInline
protocol ScopeVisitor<Value> {
  associatedtype Value
  associatedtype Result
  @MainActor func visit<Base: Sendable>(_ base: ViewStore<Base>, _ tail: KeyPath<Base, Value>)
    -> Result
}
