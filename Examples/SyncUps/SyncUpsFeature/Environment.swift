import Foundation

/// What the features need from outside: time, the speech recognizer, new ids and the date.
/// The app passes the real ones; tests and the headless example pass controlled ones.
public struct SyncUpsEnvironment: Sendable {
  /// The clock the meeting's timer ticks on.
  public var clock: any Clock<Duration>
  /// Turns what is said during a meeting into text.
  public var speech: SpeechClient
  /// A new id for a sync-up, an attendee or a meeting.
  public var uuid: @Sendable () -> UUID
  /// The date a meeting is saved with.
  public var now: @Sendable () -> Date

  /// An environment of these services.
  public init(
    clock: any Clock<Duration>, speech: SpeechClient, uuid: @escaping @Sendable () -> UUID,
    now: @escaping @Sendable () -> Date
  ) {
    self.clock = clock
    self.speech = speech
    self.uuid = uuid
    self.now = now
  }
}

/// The speech recognizer, as the record screen uses it. Apple platforms wrap
/// `SFSpeechRecognizer`; this package only ships fakes (Linux has no recognizer).
public struct SpeechClient: Sendable {
  /// Asks for permission; `false` when the user refused.
  public var authorize: @Sendable () async -> Bool
  /// The transcript so far, each time it grows; ends when the recognizer stops.
  public var transcripts: @Sendable () -> AsyncThrowingStream<String, any Error>

  /// A recognizer of these two functions.
  public init(
    authorize: @escaping @Sendable () async -> Bool,
    transcripts: @escaping @Sendable () -> AsyncThrowingStream<String, any Error>
  ) {
    self.authorize = authorize
    self.transcripts = transcripts
  }

  /// A recognizer that hears `phrases`, one after another, and stops.
  public static func hearing(_ phrases: [String]) -> SpeechClient {
    SpeechClient(
      authorize: { true },
      transcripts: {
        AsyncThrowingStream { continuation in
          var transcript = ""
          for phrase in phrases {
            transcript += transcript.isEmpty ? phrase : " " + phrase
            continuation.yield(transcript)
          }
          continuation.finish()
        }
      })
  }

  /// A recognizer the user did not allow: the meeting runs without a transcript.
  public static let denied = SpeechClient(
    authorize: { false }, transcripts: { AsyncThrowingStream { $0.finish() } })

  /// A recognizer that fails after hearing `phrase`.
  public static func failing(after phrase: String) -> SpeechClient {
    SpeechClient(
      authorize: { true },
      transcripts: {
        AsyncThrowingStream { continuation in
          continuation.yield(phrase)
          continuation.finish(throwing: SpeechFailure())
        }
      })
  }
}

/// The recognizer stopped with an error.
public struct SpeechFailure: Error, Equatable {
  /// The failure.
  public init() {}
}

/// Ids `00000000-0000-0000-0000-000000000000`, `…001`, … in order: for tests and the example.
public final class IncrementingUUID: @unchecked Sendable {
  // @unchecked: `next` is only read and written while `lock` is held.
  private let lock = NSLock()
  private var next = 0

  /// A generator whose first id is `…000`.
  public init() {}

  /// The next id.
  public func callAsFunction() -> UUID {
    let value = lock.withLock {
      defer { next += 1 }
      return next
    }
    return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", value))!
  }
}
