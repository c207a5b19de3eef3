import ReduxCore

/// The action that ends every saga's input: dispatch it to let sagas run out and finish.
///
/// After the store reduces `END`, every `take` waiting or made later ends its saga quietly (it
/// throws ``ChannelError/closed``, which the runtime treats as a normal finish), every
/// ``SagaContext/takeMaybe(_:)`` returns `nil`, action channels close once drained, and
/// helpers such as ``SagaContext/takeEvery(_:name:_:)`` stop and wait for the workers they
/// started. Use it on a server or in tests to run sagas to completion:
///
/// ```swift
/// let root = sagas.run("root", rootSaga)
/// store.dispatch(FetchUser(id: 1))
/// store.dispatch(END())
/// try await root.value
/// ```
public struct END: Action, Equatable {
  /// Creates the END action.
  public init() {}
}
