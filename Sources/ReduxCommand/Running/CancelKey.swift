import ReduxCore

/// Where cancellable work is registered: its id, within the child feature whose command started
/// it (the path of `ChildFeatureID`s from the root; empty outside child features).
///
/// Ids are namespaced by that path, so two rows of a `forEach` that both use
/// `cancellable(id: "save")` own separate work, and a row's `cancel(id: "save")` stops its own.
@usableFromInline
struct CancelKey: Hashable, Sendable {
  let path: [ChildFeatureID]
  let id: CancelID
}
