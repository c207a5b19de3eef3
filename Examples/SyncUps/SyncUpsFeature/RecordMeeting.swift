import Foundation
import ReduxCommand
import ReduxCore

/// The record screen's own state: the timer, who speaks, what was heard, and the "End meeting?"
/// question. The meeting it saves goes into the list's sync-up through `RecordMeeting`.
public struct RecordLocal: SharesEntity, Equatable, Sendable {
  /// The sync-up being held.
  public var entityID: SyncUp.ID
  /// The seconds the timer has counted.
  public var secondsElapsed = 0
  /// The attendee who speaks.
  public var speakerIndex = 0
  /// What the recognizer has heard so far.
  public var transcript = ""
  /// The "End meeting?" alert, while it is shown; the timer does not count meanwhile.
  public var alert: AlertState?

  /// A meeting of the sync-up `entityID`, about to start.
  public init(entityID: SyncUp.ID) {
    self.entityID = entityID
  }
}

extension AlertState {
  /// What ending a meeting asks: save, discard (only when ending early: after the last speaker
  /// the meeting is kept), or resume.
  public static func endMeeting(discardable: Bool) -> AlertState {
    AlertState(
      title: "End meeting?",
      message: "You are ending the meeting early. What would you like to do?",
      buttons: [.default("Save and end", action: SaveAndEnd())]
        + (discardable ? [.destructive("Discard", action: DiscardMeeting())] : [])
        + [.cancel("Resume")])
  }
}

/// The record screen's state: the list's sync-up joined with the screen's own state.
public typealias RecordMeeting = Joined<SyncUp, RecordLocal>

/// The screen appeared: the timer starts, and the speech recognizer if it is allowed.
public struct RecordAppeared: Action {
  /// Creates the action.
  public init() {}
}
/// A second of the meeting passed.
public struct TimerTicked: Action, Equatable {
  /// Creates the action.
  public init() {}
}
/// The recognizer heard more.
public struct TranscriptChanged: Action, Equatable {
  /// Everything heard so far.
  public var transcript: String
  /// The transcript is now `transcript`.
  public init(_ transcript: String) { self.transcript = transcript }
}
/// The recognizer failed: the meeting goes on, and what was heard so far is kept.
public struct SpeechStopped: Action, Equatable {
  /// Creates the action.
  public init() {}
}
/// The user tapped Next: the next attendee speaks, or, after the last, the meeting asks to end.
public struct NextSpeakerTapped: Action {
  /// Creates the action.
  public init() {}
}
/// The user tapped End meeting: the screen asks whether to save or discard.
public struct EndMeetingTapped: Action {
  /// Creates the action.
  public init() {}
}
/// The user saved the meeting: it goes into the sync-up, and the screen pops.
public struct SaveAndEnd: Action, Equatable {
  /// Creates the action.
  public init() {}
}
/// The user discarded the meeting that was ended early: the screen pops, nothing saved.
public struct DiscardMeeting: Action, Equatable {
  /// Creates the action.
  public init() {}
}

extension RecordMeeting {
  /// Who speaks now.
  public var speaker: Attendee? {
    entity.attendees.indices.contains(local.speakerIndex)
      ? entity.attendees[local.speakerIndex] : nil
  }
}

/// The record screen's reducer: the timer, the speakers, the transcript, and saving the meeting
/// into the sync-up.
public func recordMeetingReducer(_ environment: SyncUpsEnvironment)
  -> CommandReducer<RecordMeeting>
{
  let clock = environment.clock
  let speech = environment.speech
  /// The meeting is saved into the list's sync-up, and the screen pops.
  @Sendable func saveAndEnd(_ record: inout RecordMeeting) -> Command {
    record.entity.meetings.insert(
      Meeting(id: environment.uuid(), date: environment.now(), transcript: record.transcript),
      at: 0)
    return end()
  }
  @Sendable func end() -> Command { .action(Dismiss()) }

  return CommandReducer<RecordMeeting>
    .on(RecordAppeared.self) { _, _ in
      let timer = Command.run { send in
        while (try? await clock.sleep(for: .seconds(1))) != nil { send(TimerTicked()) }
      }
      let recognizer = Command.run { send in
        guard await speech.authorize() else { return }
        do {
          for try await transcript in speech.transcripts() { send(TranscriptChanged(transcript)) }
        } catch {
          send(SpeechStopped())
        }
      }
      return .batch(timer, recognizer)
    }
    .on(TimerTicked.self) { record, _ in
      guard record.alert == nil else { return .none }
      record.secondsElapsed += 1
      let share = record.entity.secondsPerAttendee
      guard record.secondsElapsed.isMultiple(of: share) else { return .none }
      if record.speakerIndex >= record.entity.attendees.count - 1 {
        return saveAndEnd(&record)
      }
      record.speakerIndex += 1
      return .none
    }
    .on(TranscriptChanged.self) { record, action in
      record.transcript = action.transcript
      return .none
    }
    .on(SpeechStopped.self) { _, _ in .none }
    .on(NextSpeakerTapped.self) { record, _ in
      guard record.speakerIndex < record.entity.attendees.count - 1 else {
        record.alert = .endMeeting(discardable: false)
        return .none
      }
      record.speakerIndex += 1
      record.secondsElapsed = record.speakerIndex * record.entity.secondsPerAttendee
      return .none
    }
    .on(EndMeetingTapped.self) { record, _ in
      record.alert = .endMeeting(discardable: true)
      return .none
    }
    // Reached only through the alert's buttons (`.alert` below dismisses it first).
    .on(SaveAndEnd.self) { record, _ in saveAndEnd(&record) }
    .on(DiscardMeeting.self) { _, _ in end() }
    .alert(\.alert)
}
