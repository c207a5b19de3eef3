import ReduxCore
import ReduxTesting
import Testing

/// A feature named as TCA names one, with a `Duration` in its state.
enum RecordMeeting {
  struct State: Sendable, Equatable { var elapsed: Duration = .zero }
  enum Action: ReduxCore.Action { case timerTicked, finished }
}

let recordMeetingReducer = Reducer<RecordMeeting.State>.on(RecordMeeting.Action.self) {
  state, action in
  if case .timerTicked = action { state.elapsed += .seconds(1) }
}

@MainActor
@Suite("TestStore messages name owners")
struct QualifiedMessagesTests {
  @Test("a step names the action's owner and case, and a Duration dumps as Swift writes it")
  func ownersAndDurations() async {
    let store = TestStore(initialState: RecordMeeting.State(), reducer: recordMeetingReducer)
    await withKnownIssue {
      await store.send(RecordMeeting.Action.timerTicked) { $0.elapsed = .seconds(2) }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("State after send(RecordMeeting.Action.timerTicked) does not match")
        && text.contains("- RecordMeeting.State(elapsed: .seconds(2))")
        && text.contains("+ RecordMeeting.State(elapsed: .seconds(1))")
    }
    await withKnownIssue {
      await store.send(RecordMeeting.Action.finished) { $0.elapsed = .milliseconds(1_500) }
    } matching: { issue in
      message(of: issue).contains("- RecordMeeting.State(elapsed: .milliseconds(1500))")
    }
  }
}
