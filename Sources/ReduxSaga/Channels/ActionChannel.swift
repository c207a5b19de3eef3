import ReduxCore

extension SagaContext {
  /// Creates a channel that queues every action of type `A` the store reduces from now on, so
  /// none is missed while the saga is busy.
  ///
  /// ```swift
  /// let requests = saga.actionChannel(Save.self)
  /// while true {
  ///   let save = try await requests.take()   // handled one at a time, none lost
  ///   try await saga.call("save") { try await api.save(save.document) }
  /// }
  /// ```
  ///
  /// The channel closes when ``END`` is dispatched (after its buffered actions are taken),
  /// when you call ``Channel/close()``, or when this saga finishes. With a
  /// ``ChannelBuffer/fixed(_:)`` buffer, an overflow closes it and the next take throws
  /// ``ChannelError/overflow(capacity:)``.
  ///
  /// - Parameters:
  ///   - type: The action type to queue.
  ///   - buffer: How many actions to keep; every one by default.
  public func actionChannel<A: Action>(
    _ type: A.Type, buffer: ChannelBuffer = .expanding
  ) -> Channel<A> {
    actionChannel(buffer: buffer) { $0.as(A.self) }
  }

  /// Creates a channel that queues every action satisfying `predicate` from now on.
  ///
  /// `predicate` runs on the dispatching thread under the runtime's lock: keep it pure.
  public func actionChannel(
    where predicate: @escaping @Sendable (any Action) -> Bool,
    buffer: ChannelBuffer = .expanding
  ) -> Channel<any Action> {
    actionChannel(buffer: buffer) { predicate($0) ? $0 : nil }
  }

  func actionChannel<Element: Sendable>(
    buffer: ChannelBuffer, _ match: @escaping @Sendable (any Action) -> Element?
  ) -> Channel<Element> {
    let channel = Channel<Element>(buffer: buffer)
    let takers = runtime.core.takers
    let id = takers.makeID()
    let taker = Taker(
      id: id, node: nil, order: node.order, match: .predicate("where") { match($0) != nil },
      receiver: .channel(
        feed: { action, origin in
          if let element = match(action) { channel.core.offer(element, origin: origin) }
        },
        end: { channel.close() }))
    guard takers.add(taker) else {
      channel.close()
      return channel
    }
    channel.core.onClose { takers.remove(id) }
    node.onFinish { channel.close() }
    return channel
  }

  /// Creates a channel for passing values between sagas.
  ///
  /// - Parameters:
  ///   - type: The type of the values.
  ///   - buffer: How many values to keep while nobody takes; every one by default.
  public func channel<Element: Sendable>(
    of type: Element.Type = Element.self, buffer: ChannelBuffer = .expanding
  ) -> Channel<Element> {
    Channel(buffer: buffer)
  }
}
