import Clocks
import Foundation
import ReduxCore
import ReduxTesting
import SyncUpsFeature
import Testing

@MainActor
@Suite("SyncUps: recording a meeting", .timeLimit(.minutes(1)))
struct RecordTests {
  let clock = TestClock<Duration>()
  let screen = StackElementID(0)

  /// The record screen of the design sync-up, on the stack, with its timer started.
  func recording(speech: SpeechClient = .denied) async -> TestStore<AppState> {
    let store = makeStore(clock: clock, speech: speech)
    await store.send(StackAction<AppScreen>.push(.record(designSyncUp()))) {
      $0.path.append(.record(RecordLocal(entityID: id(100))))
    }
    await store.send(record(screen, RecordAppeared()))
    return store
  }

  /// Advances the clock a second and receives the tick, with what it changed.
  func tick(_ store: TestStore<AppState>, _ change: ((inout AppState) -> Void)? = nil) async {
    await clock.advance(by: .seconds(1))
    await store.receive(record(screen, TimerTicked()), assert: change)
  }

  @Test("the timer hands over to each speaker, then saves the meeting into the list and pops")
  func timerRunsOut() async {
    let store = await recording()
    await tick(store) { updateRecord(&$0.path, screen) { $0.secondsElapsed = 1 } }
    await tick(store) {
      updateRecord(&$0.path, screen) {
        $0.secondsElapsed = 2
        $0.speakerIndex = 1
      }
    }
    await tick(store) { updateRecord(&$0.path, screen) { $0.secondsElapsed = 3 } }
    await tick(store) {
      updateRecord(&$0.path, screen) {
        $0.secondsElapsed = 4
        $0.speakerIndex = 2
      }
    }
    await tick(store) { updateRecord(&$0.path, screen) { $0.secondsElapsed = 5 } }
    await tick(store) {
      updateRecord(&$0.path, screen) { $0.secondsElapsed = 6 }
      $0.syncUps[0].meetings = [Meeting(id: id(0), date: meetingDate, transcript: "")]
    }
    await store.receive(StackAction<AppScreen>.element(id: screen, action: Dismiss())) {
      $0.path = StackState()
    }
    await store.finish()
  }

  @Test("ending early asks first; the timer waits meanwhile; save keeps the meeting")
  func endEarlyAndSave() async {
    let store = await recording()
    await tick(store) { updateRecord(&$0.path, screen) { $0.secondsElapsed = 1 } }
    await store.send(record(screen, EndMeetingTapped())) {
      updateRecord(&$0.path, screen) { $0.alert = .endMeeting(discardable: true) }
    }
    await tick(store)  // the question is up: the tick changes nothing
    await store.send(record(screen, ChildAction<AlertState>(SaveAndEnd()))) {
      updateRecord(&$0.path, screen) { $0.alert = nil }
      $0.syncUps[0].meetings = [Meeting(id: id(0), date: meetingDate, transcript: "")]
    }
    await store.receive(StackAction<AppScreen>.element(id: screen, action: Dismiss())) {
      $0.path = StackState()
    }
    await store.finish()
  }

  @Test("ending early and discarding keeps no meeting")
  func discard() async {
    let store = await recording()
    await store.send(record(screen, EndMeetingTapped())) {
      updateRecord(&$0.path, screen) { $0.alert = .endMeeting(discardable: true) }
    }
    await store.send(record(screen, ChildAction<AlertState>(DiscardMeeting()))) {
      updateRecord(&$0.path, screen) { $0.alert = nil }
    }
    await store.receive(StackAction<AppScreen>.element(id: screen, action: Dismiss())) {
      $0.path = StackState()
    }
    #expect(store.state.syncUps[0].meetings.isEmpty)
    await store.finish()
  }

  @Test("next speaker moves the timer to their share; after the last one, only save or resume")
  func nextSpeaker() async {
    let store = await recording()
    await store.send(record(screen, NextSpeakerTapped())) {
      updateRecord(&$0.path, screen) {
        $0.speakerIndex = 1
        $0.secondsElapsed = 2
      }
    }
    await store.send(record(screen, NextSpeakerTapped())) {
      updateRecord(&$0.path, screen) {
        $0.speakerIndex = 2
        $0.secondsElapsed = 4
      }
    }
    await store.send(record(screen, NextSpeakerTapped())) {
      updateRecord(&$0.path, screen) { $0.alert = .endMeeting(discardable: false) }
    }
    // Discarding is not offered once every speaker has spoken.
    #expect(
      AlertState.endMeeting(discardable: false).buttons.map(\.label) == ["Save and end", "Resume"])
    await store.send(record(screen, ChildAction<AlertState>.dismiss)) {
      updateRecord(&$0.path, screen) { $0.alert = nil }
    }
    await store.send(StackAction<AppScreen>.popFrom(id: screen)) { $0.path = StackState() }
    await store.finish()
  }

  @Test("what the recognizer hears becomes the saved meeting's transcript")
  func transcript() async {
    let store = await recording(speech: .hearing(["Hello", "world"]))
    await store.receive(record(screen, TranscriptChanged("Hello"))) {
      updateRecord(&$0.path, screen) { $0.transcript = "Hello" }
    }
    await store.receive(record(screen, TranscriptChanged("Hello world"))) {
      updateRecord(&$0.path, screen) { $0.transcript = "Hello world" }
    }
    await store.send(record(screen, EndMeetingTapped())) {
      updateRecord(&$0.path, screen) { $0.alert = .endMeeting(discardable: true) }
    }
    await store.send(record(screen, ChildAction<AlertState>(SaveAndEnd()))) {
      updateRecord(&$0.path, screen) { $0.alert = nil }
      $0.syncUps[0].meetings = [Meeting(id: id(0), date: meetingDate, transcript: "Hello world")]
    }
    await store.receive(StackAction<AppScreen>.element(id: screen, action: Dismiss())) {
      $0.path = StackState()
    }
    await store.finish()
  }

  @Test("a recognizer that fails mid-meeting keeps what it heard; the meeting goes on")
  func recognizerFails() async {
    let store = await recording(speech: .failing(after: "Hello"))
    await store.receive(record(screen, TranscriptChanged("Hello"))) {
      updateRecord(&$0.path, screen) { $0.transcript = "Hello" }
    }
    await store.receive(record(screen, SpeechStopped()))
    await tick(store) { updateRecord(&$0.path, screen) { $0.secondsElapsed = 1 } }
    await store.send(StackAction<AppScreen>.popFrom(id: screen)) { $0.path = StackState() }
    await store.finish()
  }
}
