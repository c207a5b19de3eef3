import ReduxCore
import ReduxSeam

/// The actions a saga started with
/// ``runSaga(_:input:dispatch:getState:emitter:clock:onError:logger:monitor:context:saga:)``
/// sees: you ``send(_:)`` them (redux-saga's `channel` option of `runSaga`).
///
/// ```swift
/// let input = SagaInput()
/// let task = runSaga(
///   input: input, getState: { settings },
///   saga: { saga in try await saga.take(Start.self) })
/// input.send(Start())
/// ```
///
/// One input can feed several runs; each sees every action sent while it runs. Safe to use
/// from any thread.
public final class SagaInput: Sendable {
  private let state = Lock(Receivers())

  /// The runs listening, in the order they started.
  private struct Receivers {
    var list: [(id: UInt64, receive: @Sendable (any Action) -> Void)] = []
    var nextID: UInt64 = 0
  }

  /// Creates an input that no saga listens to yet.
  public init() {}

  /// Hands `action` to the sagas of every run listening, as a store's dispatch does: the
  /// sagas it resumes run up to their next wait before `send` returns (called from a saga,
  /// once that saga reaches its own next wait). Sending ``END`` ends their takes.
  public func send(_ action: any Action) {
    let receivers = state.withLock { $0.list }
    for receiver in receivers { receiver.receive(action) }
  }

  /// Starts handing actions to `receive`; returns the id that stops it.
  func connect(_ receive: @escaping @Sendable (any Action) -> Void) -> UInt64 {
    state.withLock { state in
      defer { state.nextID += 1 }
      state.list.append((state.nextID, receive))
      return state.nextID
    }
  }

  /// Stops handing actions to the receiver `id`.
  func disconnect(_ id: UInt64) {
    state.withLock { state in state.list.removeAll { $0.id == id } }
  }
}
