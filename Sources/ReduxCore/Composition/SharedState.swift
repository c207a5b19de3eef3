// State that several features use, kept once. The parent owns the entities (the list's sync-ups);
// a child screen keeps only its own state and the id of the entity it shows. A key path through
// `EntityOwner`'s subscripts joins the two when a reducer or a view reads the child and writes
// both back in place when it changes, so there is no copy to keep in step and no copy-back code.
// The existing operators (`ifLet`, the stack's `forEach`) take such a key path as they take any
// other: when the entity goes, the joined child is gone for them too (its actions warn, its
// commands end).

/// A child feature's state: an entity its parent owns, joined with the child's own state.
///
/// Read the child's own fields through it directly (`detail.isEditing` for
/// `detail.local.isEditing`) and the entity as ``entity``.
@dynamicMemberLookup
public struct Joined<Entity, Local> {
  /// The entity, as the parent's collection holds it; a change here changes it there.
  public var entity: Entity
  /// The child's own state.
  public var local: Local

  /// The entity joined with the child's state.
  public init(entity: Entity, local: Local) {
    self.entity = entity
    self.local = local
  }

  /// A field of the child's own state.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Local, Value>) -> Value {
    get { local[keyPath: keyPath] }
    set { local[keyPath: keyPath] = newValue }
  }
}

extension Joined: Sendable where Entity: Sendable, Local: Sendable {}
extension Joined: Equatable where Entity: Equatable, Local: Equatable {}

/// A child's own state that shows one entity its parent owns, named by id.
public protocol SharesEntity {
  /// The id of the entities it shows.
  associatedtype EntityID: Hashable & Sendable
  /// The entity this child shows.
  var entityID: EntityID { get }
}

/// A state that owns entities its children show: conforming gives it the key paths that join a
/// child's state with its entity.
///
/// ```swift
/// struct AppState: EntityOwner, Sendable {
///   var syncUps: [SyncUp] = []
///   var detail: DetailLocal?  // the screen's own state and the sync-up's id
///   var path = StackState<Screen>()  // each screen names its sync-up
/// }
///
/// Reducer<AppState> { state, action in … }
///   .ifLet(\.[joining: \.detail, in: \.syncUps], then: detailReducer)
///   .forEach(\.[joining: \.path, in: \.syncUps], destination: screenReducer)
/// ```
///
/// `detailReducer` is a `Reducer<Joined<SyncUp, DetailLocal>>`: it edits the sync-up in the list
/// and its own state, in place, and the parent sees the edit at once.
///
/// When the entity leaves the collection (deleted elsewhere), the joined child is gone: an
/// action for it leaves the state unchanged and is reported as a ``RuntimeWarning``, as for a
/// removed row, and ReduxCommand ends the commands it started. Its own state stays where it is
/// until the parent removes it (pop the screen, set the optional to nil).
public protocol EntityOwner {}

extension EntityOwner {
  /// The child's state at `local` joined with the entity it names in `entities`; `nil` while
  /// the child is not presented or its entity is gone.
  ///
  /// Setting it writes the child's state back to `local` and the entity back into `entities`
  /// in place; setting `nil` dismisses the child (its state becomes `nil`), unless its entity
  /// is gone: then its state stays until the parent removes it.
  public subscript<Entities: IdentifiedElements, Local: SharesEntity>(
    joining local: WritableKeyPath<Self, Local?> & Sendable,
    in entities: WritableKeyPath<Self, Entities> & Sendable
  ) -> Joined<Entities.Element, Local>? where Local.EntityID == Entities.Element.ID {
    get {
      guard let child = self[keyPath: local],
        let entity = self[keyPath: entities].element(id: child.entityID)
      else { return nil }
      return Joined(entity: entity, local: child)
    }
    set {
      guard let newValue else {
        // A child whose entity is gone reads as nil too; writing that nil back leaves its
        // state in place (the parent removes it), as the stack leaves its screen.
        if let child = self[keyPath: local],
          self[keyPath: entities].element(id: child.entityID) != nil
        {
          self[keyPath: local] = nil
        }
        return
      }
      let id = self[keyPath: local]?.entityID ?? newValue.local.entityID
      Self.write(newValue.entity, id: id, into: &self[keyPath: entities])
      self[keyPath: local] = newValue.local
    }
  }

  /// The screens of the stack at `stack` whose entities are in `entities`, each joined with its
  /// entity, with the stack's ids; a screen whose entity is gone is left out, so that an action
  /// for it is reported as for a popped screen.
  ///
  /// Setting it writes each screen back to `stack` and each entity back into `entities`, in
  /// place: a screen left out of the new value was popped, a screen with a new id was pushed,
  /// and a screen whose entity is gone stays as it was.
  public subscript<Entities: IdentifiedElements, Screen: SharesEntity>(
    joining stack: WritableKeyPath<Self, StackState<Screen>> & Sendable,
    in entities: WritableKeyPath<Self, Entities> & Sendable
  ) -> StackState<Joined<Entities.Element, Screen>> where Screen.EntityID == Entities.Element.ID {
    get {
      let screens = self[keyPath: stack]
      let collection = self[keyPath: entities]
      var joined = StackState<Joined<Entities.Element, Screen>>()
      for (id, screen) in zip(screens.ids, screens) {
        guard let entity = collection.element(id: screen.entityID) else { continue }
        joined.append(Joined(entity: entity, local: screen), id: id)
      }
      joined.nextID = screens.nextID
      return joined
    }
    set {
      let old = self[keyPath: stack]
      var screens = StackState<Screen>()
      for (id, screen) in zip(old.ids, old) {
        if let changed = newValue.element(id: id) {
          Self.write(changed.entity, id: screen.entityID, into: &self[keyPath: entities])
          screens.append(changed.local, id: id)
        } else if self[keyPath: entities].element(id: screen.entityID) == nil {
          screens.append(screen, id: id)  // hidden, not popped: its entity is gone
        }
      }
      for (id, pushed) in zip(newValue.ids, newValue) where old.index(id: id) == nil {
        Self.write(pushed.entity, id: pushed.local.entityID, into: &self[keyPath: entities])
        screens.append(pushed.local, id: id)
      }
      screens.nextID = max(old.nextID, newValue.nextID)
      self[keyPath: stack] = screens
    }
  }

  /// Writes a joined child's entity back where the parent keeps the entity with `id`.
  private static func write<Entities: IdentifiedElements>(
    _ entity: Entities.Element, id: Entities.Element.ID, into entities: inout Entities
  ) {
    precondition(
      entity.id == id,
      "A joined child changed its entity's id from \(id) to \(entity.id); an entity's id is "
        + "fixed: change the child's entityID to show another entity")
    entities.updateElement(id: id) { $0 = entity }
  }
}

extension EnumCase {
  /// A case of a joined child's own state, as a case of the joined state: for a stack of
  /// screens joined with their entities, `.ifCaseLet(.joined(.detail), then: detail)` runs
  /// `detail` (a reducer of `Joined<SyncUp, DetailLocal>`) on the detail screen.
  public static func joined<Entity, Root, Local>(_ enumCase: EnumCase<Root, Local>) -> Self
  where Enum == Joined<Entity, Root>, Value == Joined<Entity, Local> {
    EnumCase(
      embed: { Joined(entity: $0.entity, local: enumCase.embed($0.local)) },
      extract: { joined in
        enumCase.extract(from: joined.local).map { Joined(entity: joined.entity, local: $0) }
      })
  }
}
