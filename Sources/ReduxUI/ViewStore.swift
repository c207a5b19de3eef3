import Observation
import ReduxCore
import ReduxSeam

/// A store's state on the main actor, for UI code: observable with the Observation framework,
/// updated coalesced from whatever thread commits, and read field by field.
///
/// ```swift
/// @MainActor
/// func show(_ store: Store<Counter>) {
///   let model = ViewStore(store)
///   model.dispatch(Increment())
///   print(model.state.count)
/// }
/// ```
///
/// In SwiftUI, keep one in the view (`let model: ViewStore<Counter>`) and read it in `body`;
/// on Linux, read it inside `withObservationTracking`.
///
/// ## Main actor and coalescing
/// A store commits each action on the thread that processes it, often a background thread
/// (a saga, an effect, a command). The view store keeps the newest committed state in a
/// lock-protected mailbox and schedules one hop to the main actor per burst: however many
/// states are committed before the main actor runs, it publishes the newest one, once. States
/// are published in commit order and never one older than a state already published.
///
/// ``dispatch(_:)`` on the view store publishes at once: on an idle store the action has been
/// reduced when it returns, so a control bound to the state sees its own change without waiting
/// for a hop. A dispatch straight to the `Store` from the main thread is published by the hop,
/// like any other.
///
/// ## Child view stores
/// ``scope(_:)-(KeyPath<ScopePath<State,State>,ScopePath<State,Child>>)`` gives a child view
/// its part of the state (a property, an optional, an element at an index), and
/// ``scope(each:)`` gives the rows of a `ForEach` a view store each, addressed by id. A child
/// whose part of the state goes away keeps its last value and never crashes.
///
/// ## One observation path
/// The view store is the only way to observe a store through Observation; there is no
/// thread-agnostic observable wrapper. Publishing from the committing thread told every
/// reader about every action, at about a microsecond per commit, where a UI needs the main
/// actor and only the fields it reads. Code off the main actor observes the store itself:
/// `subscribe`, `values(select:)`, or `subscribe(on:)` for an actor of its own.
///
/// ## Lifetime
/// The view store keeps its store alive; the store does not keep the view store alive.
/// Releasing the view store ends its subscription.
@MainActor
@dynamicMemberLookup
public final class ViewStore<State: Sendable>: Observable {
  @usableFromInline let registrar = ObservationRegistrar()
  /// The latest published state.
  // @exclusivity(unchecked) here and on `fields`: only the main actor touches them, and no
  // access overlaps another (observers run after the comparison loop has ended); the dynamic
  // checks cost more than the comparisons.
  @usableFromInline @exclusivity(unchecked) var current: State
  /// The fields read so far; those read since their last reported change are compared on each
  /// publish.
  @usableFromInline @exclusivity(unchecked) var fields: [ObservedField<State>] = []
  @usableFromInline var fieldIndex: [FieldID: Int] = [:]
  /// The store a root view store observes and sends to; nil for a scoped view store.
  ///
  /// A `let`, and read in place by ``dispatch(_:)``: a copy of the reference (an `if let`, a
  /// capture) would retain and release the store on each dispatch, through the slow reference
  /// count a store has (its middleware context refers to it weakly; UIProfile's `viewstore`).
  @usableFromInline let store: Store<State>?
  /// A scoped view store's parent's dispatch; nil for a root.
  @usableFromInline let dispatchToParent: (@MainActor (any Action) -> Void)?
  /// The store's send, or a scoped view store's parent's.
  @usableFromInline let sendUpstream: @MainActor (any Action) async -> StoreTask
  /// States committed but not yet published; nil for a scoped view store, which its parent
  /// feeds.
  @usableFromInline let mailbox: LatestValueMailbox<State>?
  @usableFromInline var subscription: Subscription?
  /// The scoped view stores made from this one, fed on each publish.
  // @exclusivity(unchecked) here, on `publishCount` and on `observedFieldCount`: only the main
  // actor touches them, `publishToChildren` walks a copy of `children`, and each publish reads
  // them (an element scope, for each observed element); the dynamic checks cost more.
  @usableFromInline @exclusivity(unchecked) var children: [ChildLink<State>] = []
  /// Where each key of `children` is, to find a scoped view store again in constant time.
  @usableFromInline var childIndex: [ChildKey: Int] = [:]
  /// How many publishes have begun, to tell whether an observer's dispatch published a newer
  /// state during a publish.
  @usableFromInline @exclusivity(unchecked) var publishCount = 0
  /// How many fields are read since their last reported change: while none is, and it has no
  /// scoped view stores, no view observes this view store.
  @usableFromInline @exclusivity(unchecked) var observedFieldCount = 0
  /// For a view store of one element of a collection: what brings its state up to date when it
  /// is read (its slot, see ElementScope.swift); nil for any other view store.
  @usableFromInline var elementSync: (any ElementSync<State>)?
  /// The value each memoized selector had when a view last read it, by selector.
  @usableFromInline var selections: [ObjectIdentifier: AnyObject] = [:]

  /// Creates a view of `store`'s state on the main actor, starting from its current state.
  ///
  /// - Parameter store: The store to observe and dispatch to; the view store keeps it alive.
  @inlinable
  public init(_ store: Store<State>) {
    let mailbox = LatestValueMailbox<State>()
    current = store.state
    self.mailbox = mailbox
    self.store = store
    dispatchToParent = nil
    sendUpstream = { await store.send($0) }
    subscription = store.subscribe { [weak self] state in
      guard mailbox.post(state) else { return }
      Task { @MainActor [weak self] in
        guard let self, let state = mailbox.takeForHop() else { return }
        self.publish(state)
      }
    }
    // An idle store gave the subscription its current state already: take it now rather than
    // on the hop (it may be newer than the state read above).
    flush()
  }

  /// A scoped view store: its parent feeds it and forwards its actions.
  @usableFromInline
  init(
    state: State, dispatch: @escaping @MainActor (any Action) -> Void,
    send: @escaping @MainActor (any Action) async -> StoreTask
  ) {
    current = state
    mailbox = nil
    store = nil
    dispatchToParent = dispatch
    sendUpstream = send
  }

  /// The latest published state.
  ///
  /// Reading it inside a SwiftUI `body` or `withObservationTracking` tracks the whole state: a
  /// publish that changes any part of it invalidates the reader (compared by bits, then with
  /// `==` when `State` is `Equatable`; see ``subscript(dynamicMember:)-9o36v``). Read single
  /// fields through dynamic member lookup (`model.count`) to be invalidated only by them.
  public var state: State {
    track(.value(\State.self), bits: 0..<MemoryLayout<State>.size) {
      sameValue(at: \State.self)
    }
    return current
  }

  /// A value of the latest published state, read through a key path (`model.count`), tracked on
  /// its own.
  ///
  /// Reading `model.count` inside a SwiftUI `body` or `withObservationTracking` tracks `count`
  /// alone: a publish invalidates the reader only if it changed the value at that key path, so
  /// an action that changes another field, or nothing, does not re-render it.
  ///
  /// ```swift
  /// withObservationTracking {
  ///   _ = model.count
  /// } onChange: {
  ///   print("count will change")
  /// }
  /// model.dispatch(SetLabel("x"))  // nothing printed
  /// model.dispatch(Increment())    // "count will change"
  /// ```
  ///
  /// Change detection, per key path: first by bits, for a stored property: equal bits mean the
  /// same value, or the same reference or copy-on-write buffer, and count as unchanged. When
  /// the bits differ, a value that is `Equatable` (checked at run time, once per key path) is
  /// compared with `==`; any other value counts as changed. So a non-`Equatable` field is
  /// reported changed when rebuilt with equal contents, and never reported unchanged when it
  /// changed, except a class instance mutated in place (its reference stays the same). Make a
  /// field `Equatable` to get exact change detection.
  ///
  /// Cost: a field is compared on a publish (once per burst of commits, on the main actor) if
  /// it was read since its last reported change, that is, if a view may be observing it; see
  /// `docs/performance.md`, "Main actor and view stores". Like any Observation property, a
  /// change is reported before the new value is stored (`willSet`); read the value again after
  /// the change handler.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    track(.value(keyPath), bits: storedBits(of: keyPath)) { sameValue(at: keyPath) }
    return current[keyPath: keyPath]
  }

  /// A value of the latest published state, read through a key path (`model.count`), tracked on
  /// its own and compared with `==`.
  ///
  /// The same as the unconstrained ``subscript(dynamicMember:)-9o36v``, for
  /// `Equatable` values: a publish invalidates a reader only if the value at the key path is no
  /// longer `==` to the one before.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    track(.value(keyPath), bits: storedBits(of: keyPath)) { sameValue(at: keyPath) }
    return current[keyPath: keyPath]
  }

  /// Dispatches `action` to the store, then publishes the newest committed state at once.
  ///
  /// On an idle store the action has been reduced and its state published when this returns.
  /// If another thread is processing the store, the action is queued and published later, by
  /// the hop.
  @inlinable
  public func dispatch(_ action: any Action) {
    if store != nil {
      Self.dispatch(action, to: store)
    } else {
      dispatchToParent?(action)
    }
    flush()
  }

  /// Sends `action` to the store and resumes once it has been reduced and its state published
  /// here; the returned task awaits the work the action started.
  ///
  /// ```swift
  /// // SwiftUI: the spinner stays until the effects of Refresh have finished.
  /// .refreshable { await model.send(Refresh()).finish() }
  /// .task { await model.send(Load()).finish() }
  /// ```
  ///
  /// Unlike ``dispatch(_:)``, it waits its turn when another thread is processing the store,
  /// so when it resumes, ``state`` includes the action. The work counted by
  /// `StoreTask.finish()` is what the side-effect modules report (async effects and thunks,
  /// command jobs, saga workers); see `Store.send(_:)`.
  ///
  /// - Parameter action: The action to send.
  /// - Returns: A handle on the work the action started.
  @discardableResult
  public func send(_ action: any Action) async -> StoreTask {
    let task = await sendUpstream(action)
    flush()
    return task
  }

  /// Dispatches to the store, borrowed from the caller (see `store`); nonisolated for the same
  /// reason as ``markChanged(_:from:to:)``.
  @inlinable
  nonisolated static func dispatch(_ action: any Action, to store: Store<State>?) {
    store?.dispatch(action)
  }
}
