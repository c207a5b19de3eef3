/// What an event source uses to feed an event channel: emit values, end the channel, or fail
/// it.
public struct ChannelEmitter<Element: Sendable>: Sendable {
  let channel: Channel<Element>

  /// Sends a value into the channel; ignored once it is closed. An overflow of a
  /// ``ChannelBuffer/fixed(_:)`` buffer closes the channel with the error.
  public func emit(_ element: Element) {
    channel.core.offer(element)
  }

  /// Closes the channel (redux-saga's `emit(END)`): takers get what is buffered, then its end.
  public func close() {
    channel.close()
  }

  /// Ends the channel with an error (redux-saga's emitting an `Error`): takers get what is
  /// buffered, then the saga taking from it gets `error` thrown by its `take`. Later emits are
  /// ignored, and the source's unsubscribe runs once.
  public func fail(_ error: any Error) {
    channel.core.close(failure: error)
  }
}

extension SagaContext {
  /// Creates a channel fed by a callback-based source, such as a socket or a timer.
  ///
  /// `subscribe` runs at once with an emitter and returns the function that stops the source.
  /// That function runs once, when the channel closes: on ``Channel/close()``, on the
  /// emitter's ``ChannelEmitter/close()``, or when this saga finishes.
  ///
  /// ```swift
  /// let ticks = saga.eventChannel(of: Int.self) { emitter in
  ///   let timer = Ticker(every: .seconds(1)) { emitter.emit($0) }
  ///   return { timer.stop() }
  /// }
  /// while let tick = try await ticks.takeMaybe() { saga.put(Tick(count: tick)) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the values the source emits.
  ///   - buffer: What to keep while nobody takes; nothing by default, as in redux-saga.
  ///   - subscribe: Starts the source; returns how to stop it.
  public func eventChannel<Element: Sendable>(
    of type: Element.Type = Element.self, buffer: ChannelBuffer = .none,
    _ subscribe: (_ emitter: ChannelEmitter<Element>) -> @Sendable () -> Void
  ) -> Channel<Element> {
    let channel = Channel<Element>(buffer: buffer)
    let unsubscribe = subscribe(ChannelEmitter(channel: channel))
    channel.core.onClose(unsubscribe)
    node.onFinish { channel.close() }
    return channel
  }
}
