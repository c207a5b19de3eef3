extension Store {
  /// The store's states as an async sequence: the current state first, then each committed
  /// state.
  ///
  /// ```swift
  /// for await state in store.states {
  ///   print(state.count)
  /// }
  /// ```
  ///
  /// Buffering: a consumer that is slower than the store sees the latest state, not a backlog.
  /// The sequence keeps one value, the newest; states committed while the consumer is busy
  /// replace it. The sequence ends when the store is released, and its subscription ends when
  /// the consuming task is cancelled or stops iterating. Each access makes a new, independent
  /// sequence.
  public var states: AsyncStream<State> {
    stream { continuation in
      StateSubscriber(
        onChange: { continuation.yield($0) }, onFinish: { continuation.finish() })
    }
  }

  /// A value selected from the state as an async sequence: the current value first, then each
  /// value that differs from the one before.
  ///
  /// ```swift
  /// for await count in store.values(select: \.count) {
  ///   print(count)
  /// }
  /// ```
  ///
  /// Buffering is the same as for ``states``: the newest value replaces one the consumer has not
  /// read yet, so a slow consumer can skip values but never sees them out of order.
  public func values<Value: Equatable & Sendable>(
    select: @escaping @Sendable (_ state: State) -> Value
  ) -> AsyncStream<Value> {
    stream { continuation in
      SelectSubscriber(
        select: select, onChange: { continuation.yield($0) }, onFinish: { continuation.finish() })
    }
  }

  private func stream<Element>(
    _ makeSubscriber: (AsyncStream<Element>.Continuation) -> Subscriber<State>
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: .bufferingNewest(1))
    let subscription = subscribe(makeSubscriber(continuation))
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }
}
