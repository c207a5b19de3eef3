// Coalesced delivery to an actor. A store commits on whatever thread drains it; a UI wants the
// state on the main actor. Hopping once per commit would flood the main actor with stale states,
// and a task's hop resumes "later" anyway, so the mailbox keeps only the newest value and one
// pending hop: the first post after a delivery schedules a hop, later posts replace the value,
// and the hop delivers whatever is newest when it runs. Posts come from the store's draining
// thread, one at a time in commit order, so the value only ever moves forward. `package`, so
// ReduxUI's view store posts and takes through the same mailbox.

/// The newest value waiting for an actor, and whether a hop to deliver it is already scheduled.
@usableFromInline
package final class LatestValueMailbox<Value: Sendable>: Sendable {
  @usableFromInline
  package struct Contents {
    @usableFromInline var value: Value?
    @usableFromInline var isHopScheduled = false
    @usableFromInline var isClosed = false

    init() {}
  }

  // Speed: the view store posts on every commit and takes on every publish, so these are
  // @inlinable, specialized for the state in the caller's module.
  @usableFromInline package let contents = Lock(Contents())

  @usableFromInline package init() {}

  /// Keeps `value` as the newest, replacing one not yet delivered.
  ///
  /// - Returns: True when the caller must schedule a hop that calls ``takeForHop()``; false
  ///   when one is already scheduled (it will deliver this value) or the mailbox is closed.
  @inlinable
  package func post(_ value: Value) -> Bool {
    contents.withLock { contents in
      if contents.isClosed { return false }
      contents.value = value
      if contents.isHopScheduled { return false }
      contents.isHopScheduled = true
      return true
    }
  }

  /// Called by the scheduled hop: takes the newest value, if any, and lets the next post
  /// schedule a new hop.
  @inlinable
  package func takeForHop() -> Value? {
    contents.withLock { contents in
      contents.isHopScheduled = false
      defer { contents.value = nil }
      return contents.isClosed ? nil : contents.value
    }
  }

  /// Takes the newest value now, on the receiving actor, ahead of the scheduled hop (which then
  /// finds nothing, or a newer value).
  @inlinable
  package func take() -> Value? {
    contents.withLock { contents in
      defer { contents.value = nil }
      return contents.isClosed ? nil : contents.value
    }
  }

  /// Drops the waiting value; later posts and hops deliver nothing.
  package func close() {
    contents.withLock { contents in
      contents.isClosed = true
      contents.value = nil
    }
  }
}
