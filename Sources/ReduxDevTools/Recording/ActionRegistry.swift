import ReduxCore
import ReduxSeam

/// The action types a recording may contain, each under a name, so that JSON Lines can say
/// which type an action is and decode it back.
///
/// ```swift
/// let registry = ActionRegistry()
///   .registering(Increment.self)                   // named "Increment"
///   .registering(SetStep.self, as: "counter/step") // or a name of your own
/// ```
///
/// Names must be unique; keep them stable, because recordings written earlier refer to them.
public struct ActionRegistry: Sendable {
  struct Codec: Sendable {
    let name: String
    let encode: @Sendable (_ action: any Action, _ encoder: any Encoder) throws -> Void
    let decode: @Sendable (_ decoder: any Decoder) throws -> any Action
  }

  private var byName: [String: Codec] = [:]
  private var byType: [ObjectIdentifier: Codec] = [:]
  /// The bare names of nested types (`Action` for `SyncUpDetail.Action`), which earlier
  /// releases registered them under, to read their recordings; nil once two types share one.
  private var byBareName: [String: Codec?] = [:]

  /// Creates an empty registry.
  public init() {}

  /// Adds an action type under `name`: by default the type's name with the types it is nested
  /// in, without its module (`"Increment"`, `"SyncUpDetail.Action"`), so that the actions of
  /// two features can both be called `Action`.
  ///
  /// Registering a second type under a name already used stops with a message: pass a
  /// distinct `name`.
  public mutating func register<A: Action & Codable>(_ type: A.Type, as name: String? = nil) {
    let name = name ?? typeName(type)
    register(
      type,
      codec: Codec(
        name: name,
        encode: { action, encoder in
          // The codec is found by the action's own type, so the cast always succeeds.
          if let action = action as? A { try action.encode(to: encoder) }
        },
        decode: { decoder in try A(from: decoder) }))
  }

  /// Adds `type` with `codec`, under the codec's name.
  mutating func register(_ type: any Action.Type, codec: Codec) {
    let name = codec.name
    precondition(
      byName[name] == nil,
      "Two action types are registered as \"\(name)\"; pass a distinct name with `as:`")
    byName[name] = codec
    byType[ObjectIdentifier(type)] = codec
    let bare = String(describing: type)
    if bare != name { byBareName[bare] = byBareName[bare] == nil ? codec : .some(nil) }
  }

  /// Returns a copy of this registry with `type` added; see ``register(_:as:)``.
  public func registering<A: Action & Codable>(_ type: A.Type, as name: String? = nil)
    -> ActionRegistry
  {
    var copy = self
    copy.register(type, as: name)
    return copy
  }

  /// The names registered, sorted.
  public var names: [String] { byName.keys.sorted() }

  func codec(for action: any Action) -> Codec? {
    byType[ObjectIdentifier(type(of: action))] ?? (action is Dismiss ? Self.dismiss : nil)
  }

  func codec(named name: String) -> Codec? {
    byName[name] ?? byBareName[name] ?? (name == Self.dismiss.name ? Self.dismiss : nil)
  }

  /// `Dismiss`, which every registry knows without registering it: the composition operators
  /// send it, so any recording of a feature tree holds it.
  private static let dismiss = Codec(
    name: "Dismiss", encode: { _, encoder in try Dismiss().encode(to: encoder) },
    decode: { decoder in try Dismiss(from: decoder) })
}
