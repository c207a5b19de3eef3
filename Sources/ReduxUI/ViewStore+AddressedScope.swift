import ReduxCore

// Scopes for a tree of features: a presented child's view store and an enum case's view store
// dispatch their actions addressed as `ifLet` and `ifCaseLet` route them, so a child's view sends
// its own actions and never builds a `ChildAction` itself.

extension ViewStore {
  /// A view store of a presented child, or nil while it is nil, whose actions reach the child:
  /// each is dispatched as `Wrapper(action)`, the address `ifLet(_:action:then:)` routes
  /// (`ChildAction<Child>` for `ifLet(_:then:)`), a `Dismiss` included, which dismisses it.
  ///
  /// ```swift
  /// struct App: Sendable { var detail: Detail? }
  ///
  /// if let detail = model.scope(\.detail, action: ChildAction<Detail>.self) {
  ///   DetailView(model: detail)  // detail.dispatch(Rename("Milk")) reaches the detail's reducer
  /// }
  /// ```
  ///
  /// Everything else is as ``scope(_:)-(KeyPath<ScopePath<State,State>,ScopePath<State,Child?>>)``.
  ///
  /// - Parameters:
  ///   - path: The optional child (`\.detail`).
  ///   - wrapper: The action type that addresses the child.
  /// - Returns: The child view store, or nil when the value at `path` is nil now.
  @inlinable
  public func scope<Child: Sendable, Wrapper: ChildActionWrapper>(
    _ path: KeyPath<ScopePath<State, State>, ScopePath<State, Child?>>,
    action wrapper: Wrapper.Type
  ) -> ViewStore<Child>? {
    ScopePath<State, State>.root[keyPath: path].visit(
      from: self, ScopeToPresented<Child, Wrapper>())
  }

  /// A view store of the payload of one case of this enum state, or nil while the state is in
  /// another case; each of its actions is dispatched as `ChildAction<Case>(action)`, the
  /// address `ifCaseLet(_:then:)` routes, except a `Dismiss`, which goes on unwrapped to the
  /// presentation or stack that holds the enum.
  ///
  /// ```swift
  /// enum Destination: Sendable { case detail(Detail), settings(Settings) }
  /// struct App: Sendable { var destination: Destination? }
  ///
  /// if let destination = model.scope(\.destination, action: ChildAction<Destination>.self),
  ///   let detail = destination.scope(case: .detail)
  /// {
  ///   DetailView(model: detail)
  /// }
  /// ```
  ///
  /// Calling it tracks whether the state is in the case, not the payload. A view store handed
  /// out keeps its last value once the state leaves the case, as an optional child does, and is
  /// updated again if the state comes back to the case while it is alive.
  ///
  /// - Parameter enumCase: The case (an `EnumCase`, or a case path through a bridge).
  /// - Returns: The view store of the payload, or nil when the state is in another case now.
  @inlinable
  public func scope<Case: Sendable>(case enumCase: EnumCase<State, Case>) -> ViewStore<Case>? {
    scope(case: enumCase, action: ChildAction<Case>.self)
  }

  /// ``scope(case:)`` for a case whose actions `Wrapper` carries (`ifCaseLet(_:action:then:)`):
  /// two cases with payloads of one type each take a wrapper of their own.
  @inlinable
  public func scope<Case: Sendable, Wrapper: ChildActionWrapper>(
    case enumCase: EnumCase<State, Case>, action wrapper: Wrapper.Type
  ) -> ViewStore<Case>? {
    let caseID = ObjectIdentifier(Case.self)
    let wrapperID = ObjectIdentifier(Wrapper.self)
    track(.inCase(caseID, wrapperID), bits: nil) {
      { (enumCase.extract(from: $0) == nil) == (enumCase.extract(from: $1) == nil) }
    }
    guard let value = enumCase.extract(from: current) else { return nil }
    let key = ChildKey.inCase(caseID, wrapperID)
    if let existing = child(for: key) as? ViewStore<Case> { return existing }
    let address: @Sendable (any Action) -> any Action = {
      $0.as(Dismiss.self) != nil ? $0 : Wrapper($0)
    }
    let child = ViewStore<Case>(
      state: value, dispatch: { self.dispatch(address($0)) },
      send: { await self.send(address($0)) })
    addChild(child, key: key) { child, state in
      if let value = enumCase.extract(from: state) { child.publish(value) }
    }
    return child
  }
}

/// Scopes to the presented child a scope path ends at, its actions wrapped in `Wrapper`.
@usableFromInline
struct ScopeToPresented<Wrapped: Sendable, Wrapper: ChildActionWrapper>: ScopeVisitor {
  @inlinable init() {}

  @MainActor
  @inlinable
  func visit<Base: Sendable>(_ base: ViewStore<Base>, _ tail: KeyPath<Base, Wrapped?>)
    -> ViewStore<Wrapped>?
  {
    base.scopeOptional(keyPath: tail, wrapper: Wrapper.self)
  }
}
