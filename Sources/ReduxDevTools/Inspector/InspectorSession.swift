import Foundation
import ReduxCore
import ReduxSeam

/// The live inspector's view of one ``DevTools``: it reads the history on the inspector's own
/// task (never on a dispatching thread), renders what changed into messages for the page with
/// the session page's renderer, and carries out the page's requests.
final class InspectorSession<State: Codable & Sendable>: Sendable {
  let devTools: DevTools<State>
  let registry: ActionRegistry
  /// What the last message sent to every page was rendered from, so that the next one carries
  /// only the new actions. Used by the task that broadcasts changes, one call at a time.
  private let sent = Lock(Sent())

  private struct Sent {
    var revision = -1
    var lastSequence = 0
    var count = 0
    var lastState: JSONValue?
    var status: JSONValue?
    var current = 0
  }

  /// What one read of the history under its lock gives.
  private struct View {
    var base: State?
    var entries: [RecordedAction<State>]
    var isWhole: Bool
    var count: Int
    var currentStep: Int
    var capacity: Int
    var revision: Int
    var lastSequence: Int
    var lastEvent: String
  }

  init(devTools: DevTools<State>, registry: ActionRegistry) {
    self.devTools = devTools
    self.registry = registry
  }

  /// The whole history as a snapshot message, for a page that connects or catches up.
  func snapshot() -> String {
    render(read(since: nil), previous: nil).message
  }

  /// The message that brings every page up to date since the last call, and whether it is a
  /// snapshot; `nil` when nothing the page shows changed.
  func changes() -> (message: String, isSnapshot: Bool)? {
    let last = sent.withLock { $0 }
    let view = read(since: last)
    let rendered = render(view, previous: view.isWhole ? nil : last.lastState)
    remember(view, lastState: rendered.lastState, status: rendered.status)
    if view.isWhole || !view.entries.isEmpty { return (rendered.message, view.isWhole) }
    guard rendered.status != last.status || view.currentStep != last.current else { return nil }
    return (InspectorMessage.status(current: view.currentStep, status: rendered.status), false)
  }

  /// Moves past the changes since the last call without rendering them, for when no page is
  /// open: only the last state is encoded, for the next message's first diff.
  func skipChanges() {
    let view = read(since: sent.withLock { $0 })
    remember(view, lastState: view.entries.last.map { encode($0.state) }, status: statusJSON(view))
  }

  private func remember(_ view: View, lastState: JSONValue?, status: JSONValue) {
    sent.withLock { sent in
      sent.revision = view.revision
      sent.lastSequence = view.lastSequence
      sent.count = view.count
      if let lastState { sent.lastState = lastState }
      sent.status = status
      sent.current = view.currentStep
    }
  }

  /// Reads the history: all of it, or the entries recorded since `last` if only entries were
  /// recorded since then (with the base state when the ring folded some).
  private func read(since last: Sent?) -> View {
    devTools.history.withLock { history in
      var view = View(
        base: history.baseState, entries: [], isWhole: true, count: history.count,
        currentStep: history.currentStep, capacity: history.capacity,
        revision: history.revision, lastSequence: history.lastSequence,
        lastEvent: history.lastEvent)
      if let last, last.revision == history.revision {
        let recorded = history.lastSequence - last.lastSequence
        let new = min(recorded, history.count)
        view.isWhole = false
        view.entries = ((history.count - new)..<history.count).map { history[$0] }
        // The base state is sent when it changed (the ring folded) or the first card needs it.
        if last.count + recorded <= history.count, new < history.count { view.base = nil }
      } else {
        view.entries = history.entries
      }
      return view
    }
  }

  private func render(_ view: View, previous: JSONValue?)
    -> (message: String, lastState: JSONValue?, status: JSONValue)
  {
    let baseJSON = view.base.map(encode)
    let firstNumber = view.count - view.entries.count + 1
    var state = firstNumber == 1 ? baseJSON : previous
    var cards = ""
    let start = view.entries.first?.timestamp.timeIntervalSince1970
    for (offset, entry) in view.entries.enumerated() {
      let (type, action) = registry.encode(entry.action)
      let json = encode(entry.state)
      let step = PageStep(
        type: type, action: action ?? .string(String(describing: entry.action)), state: json,
        timestamp: entry.timestamp.timeIntervalSince1970, isSkipped: entry.isSkipped,
        after: state)
      cards += PageRenderer.card(
        step, number: firstNumber + offset, start: start, id: entry.sequence)
      state = json
    }
    let status = statusJSON(view)
    let message = InspectorMessage.history(
      kind: view.isWhole ? "snapshot" : "append",
      base: baseJSON.map { PageRenderer.initialCard($0, title: "Base state") }, cards: cards,
      count: view.count, current: view.currentStep, status: status)
    return (message, view.entries.isEmpty ? nil : state, status)
  }

  private func statusJSON(_ view: View) -> JSONValue {
    .object([
      "recording": .bool(devTools.isRecording), "locked": .bool(devTools.isLocked),
      "ignored": .number(String(devTools.ignoredWhileLocked)),
      "capacity": .number(String(view.capacity)), "count": .number(String(view.count)),
      "event": .string(view.lastEvent),
    ])
  }

  /// The state's JSON, or a string saying why it has none.
  func encode(_ state: State) -> JSONValue {
    do {
      return try JSONValue(showing: state, registry: registry)
    } catch {
      return .string("(the state cannot be shown: \(JSONCoding.reason(for: error)))")
    }
  }
}
