import Logging

/// Records log messages, for the logging test.
struct CapturingLogHandler: LogHandler {
  let records: Box<[(level: Logger.Level, message: String)]>
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    records.update { $0.append((event.level, "\(event.message)")) }
  }
}
