import Logging
import ReduxCore
import ReduxEffects
import ReduxSeam

struct AppState: Sendable, Equatable {
  var count = 0
  var log: [String] = []
  var profile = Profile()
}

struct Profile: Sendable, Equatable {
  var name = "Ada"
  var visits = 0
}

struct Increment: Action {
  var by = 1
}

struct Append: Action {
  var text: String
}

struct Rename: Action {
  var name: String
}

struct Noop: Action {}

// @unchecked: it has no stored properties; it is not final only so that a subclass exists.
class Tapped: Action, @unchecked Sendable {
  var target: String { "button" }
}

final class DoubleTapped: Tapped, @unchecked Sendable {
  override var target: String { "button twice" }
}

struct Boom: Error, Equatable {
  var code = 1
}

let appReducer = Reducer<AppState>
  .on(Increment.self) { state, action in state.count += action.by }
  .on(Append.self) { state, action in state.log.append(action.text) }
  .on(Rename.self) { state, action in state.profile.name = action.name }

/// Collects values from any thread, in arrival order.
final class Recorder<Value: Sendable>: Sendable {
  private let storage = Lock<[Value]>([])

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  var values: [Value] { storage.withLock { $0 } }
}

/// A one-shot or many-shot signal a test can await instead of sleeping.
struct Signal<Value: Sendable>: Sendable {
  let stream: AsyncStream<Value>
  let continuation: AsyncStream<Value>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Value.self)
  }

  func send(_ value: Value) {
    continuation.yield(value)
  }

  /// The next `count` values, in order.
  func next(_ count: Int = 1) async -> [Value] {
    var values: [Value] = []
    for await value in stream {
      values.append(value)
      if values.count == count { break }
    }
    return values
  }
}

/// Records every entry logged through it.
struct RecordingLogHandler: LogHandler {
  struct Entry: Sendable {
    var level: Logger.Level
    var message: String
    var metadata: Logger.Metadata
  }

  let entries = Recorder<Entry>()
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    entries.append(
      Entry(level: event.level, message: event.message.description, metadata: event.metadata ?? [:])
    )
  }
}

extension Logger {
  /// A logger at `level` whose entries land in the returned recorder.
  static func recording(level: Logger.Level) -> (Logger, Recorder<RecordingLogHandler.Entry>) {
    var handler = RecordingLogHandler()
    handler.logLevel = level
    let logger = Logger(label: "test", factory: { _ in handler })
    return (logger, handler.entries)
  }
}
