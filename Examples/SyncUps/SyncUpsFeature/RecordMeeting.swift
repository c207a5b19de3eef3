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
  /// The question shown, if any; the timer does not count while it is.
  public var endMeetingQuestion: EndMeetingQuestion?

  /// A meeting of the sync-up `entityID`, about to start.
  public init(entityID: SyncUp.ID) {
    self.entityID = entityID
  }
}

/// What ending a meeting asks. Ending early can discard the meeting; after the last speaker
/// it can only be saved or resumed.
public enum EndMeetingQuestion: Equatable, Sendable {
  /// Save, discard, or resume.
  case endEarly
  /// Save or resume.
  case lastSpeakerDone
}

/// The record screen's state: the list's sync-up joined with the screen's own state.
public typealias RecordMeeting = Joined<SyncUp, RecordLocal>

/// The screen appeared: the timer starts, and the speech recognizer if it is allowed.
public struct RecordAppeared: Action {
  /// Creates the action.
  public init() {}
}
/// A second of the meeting passed.
public struct TimerTicked: Action {
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
public struct SpeechStopped: Action {
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
public struct SaveAndEnd: Action {
  /// Creates the action.
  public init() {}
}
/// The user discarded the meeting that was ended early: the screen pops, nothing saved.
public struct DiscardMeeting: Action {
  /// Creates the action.
  public init() {}
}
/// The user went back to the meeting: the question closes and the timer counts again.
public struct ResumeMeeting: Action {
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
      guard record.endMeetingQuestion == nil else { return .none }
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
        record.endMeetingQuestion = .lastSpeakerDone
        return .none
      }
      record.speakerIndex += 1
      record.secondsElapsed = record.speakerIndex * record.entity.secondsPerAttendee
      return .none
    }
    .on(EndMeetingTapped.self) { record, _ in
      record.endMeetingQuestion = .endEarly
      return .none
    }
    .on(SaveAndEnd.self) { record, _ in
      record.endMeetingQuestion = nil
      return saveAndEnd(&record)
    }
    .on(DiscardMeeting.self) { record, _ in
      guard record.endMeetingQuestion == .endEarly else { return .none }
      record.endMeetingQuestion = nil
      return end()
    }
    .on(ResumeMeeting.self) { record, _ in
      record.endMeetingQuestion = nil
      return .none
    }
}
