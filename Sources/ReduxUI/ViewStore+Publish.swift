// How a view store publishes a state: which fields changed (only those a view may observe),
// what Observation is told, and how its children are fed; and how a read registers a field.

import Observation
import ReduxCore
import ReduxSeam

extension ViewStore {
  /// Publishes the state waiting in the mailbox, ahead of its hop.
  @inlinable
  func flush() {
    if let state = mailbox?.take() { publish(state) }
  }

  /// Makes `state` current and tells Observation about each field it changed.
  ///
  /// `willSet` for every changed field, then the assignment, then `didSet`, so an observer
  /// sees either the whole old state or the whole new one.
  @inlinable
  func publish(_ state: State) {
    // An observer runs inside this call and may dispatch, which publishes a newer state before
    // it returns: then this publish stops where it is rather than put an older state back.
    publishCount &+= 1
    let publication = publishCount
    let old = current
    // Only a field read since its last reported change can have an observer: Observation
    // registers observers through reads (`track`), and a `withObservationTracking` observer
    // (SwiftUI's too) is removed at the first change it is told about. Skipping the others
    // spares comparisons and the registrar's key-path lookups. A stored field whose bits did
    // not change is skipped without calling its comparison (calling a stored closure retains
    // and releases its context, which costs more than the comparison). Observers run after
    // the loop, as they may read (and so add) fields.
    let anyChanged = Self.markChanged(&fields, from: old, to: state)
    if anyChanged {
      let count = fields.count
      for index in 0..<count where fields[index].isChanged {
        registrar.willSet(self, keyPath: fields[index].key)
      }
      // The newer publish has cleared these fields' flags and told their didSet.
      if publishCount != publication { return }
      current = state
      for index in 0..<count where fields[index].isChanged {
        fields[index].isChanged = false
        observedFieldCount -= 1
        registrar.didSet(self, keyPath: fields[index].key)
      }
    } else {
      current = state
    }
    if !children.isEmpty && publishCount == publication {
      publishToChildren(from: old, to: state, publication: publication)
    }
  }

  /// Marks the fields read since their last change whose value differs between `old` and
  /// `new`; returns whether any did.
  ///
  /// Nonisolated, so its closures are too: a closure isolated to the main actor but passed as
  /// a plain function gets a run-time executor check on each call.
  @inlinable
  nonisolated static func markChanged(
    _ fields: inout [ObservedField<State>], from old: State, to new: State
  ) -> Bool {
    withUnsafeBytes(of: old) { oldBytes in
      withUnsafeBytes(of: new) { newBytes in
        fields.withUnsafeMutableBufferPointer { fields in
          var anyChanged = false
          for index in fields.indices where fields[index].isRead {
            if let bits = fields[index].bits, sameBytes(oldBytes, newBytes, in: bits) { continue }
            if fields[index].isSame(old, new) { continue }
            fields[index].isChanged = true
            // Cleared before the observers run: one that reads the field again marks it anew.
            fields[index].isRead = false
            anyChanged = true
          }
          return anyChanged
        }
      }
    }
  }

  /// Feeds each live scoped view store its part of the new state, and forgets released ones.
  @usableFromInline
  func publishToChildren(from old: State, to new: State, publication: Int) {
    // Over a copy: a child's observers run during its publish and may scope this view store
    // again, adding children, or dispatch, publishing a newer state to every child.
    var anyReleased = false
    for link in children {
      if !link.update(old, new) { anyReleased = true }
      if publishCount != publication { break }
    }
    if anyReleased {
      children.removeAll { $0.child() == nil }
      indexChildren()
    }
  }

  /// Registers an Observation access to the field `id`, adding it to the compared fields the
  /// first time it is read.
  @usableFromInline
  func track(_ id: FieldID, bits: Range<Int>?, _ isSame: () -> (State, State) -> Bool) {
    syncIfElement()
    let index: Int
    if let known = fieldIndex[id] {
      index = known
    } else {
      index = fields.count
      fields.append(
        ObservedField(key: \ViewStore.[observedField: index], bits: bits, isSame: isSame()))
      fieldIndex[id] = index
    }
    if !fields[index].isRead {
      fields[index].isRead = true
      observedFieldCount += 1
      if observedFieldCount == 1 { elementSync?.observe(self) }
    }
    registrar.access(self, keyPath: fields[index].key)
  }

  /// Brings an element's view store up to date with its collection before a read; does nothing
  /// for any other view store.
  @inlinable
  func syncIfElement() {
    elementSync?.sync(self)
  }

  /// What Observation tracks for a field: a key path per field index. Never read for its value.
  fileprivate nonisolated subscript(observedField index: Int) -> Int { index }
}
