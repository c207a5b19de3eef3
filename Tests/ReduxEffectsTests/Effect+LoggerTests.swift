import Logging
import ReduxCore
import ReduxEffects
import Testing

/// An action that records each time it is described, to prove a disabled logger never asks.
struct Described: Action, CustomStringConvertible {
  let descriptions: Recorder<Int>

  var description: String {
    descriptions.append(1)
    return "Described(secret)"
  }
}

@Suite("Effect.logger")
struct EffectLoggerTests {
  @Test("logs each action's type and payload at the chosen level, with metadata")
  func logsActions() throws {
    let (logger, entries) = Logger.recording(level: .debug)
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [.logger(logger, level: .debug, metadata: ["store": "app"])]
    )
    store.dispatch(Increment(by: 2))
    store.dispatch(Append(text: "hi"))

    let logged = entries.values
    try #require(logged.count == 2)
    #expect(logged.map(\.level) == [.debug, .debug])
    #expect(logged.map(\.message) == ["Increment", "Append"])
    #expect(logged[0].metadata["action"] == "Increment")
    #expect(logged[0].metadata["payload"] == "Increment(by: 2)")
    #expect(logged[1].metadata["payload"] == #"Append(text: "hi")"#)
    #expect(logged[1].metadata["store"] == "app")
    #expect(logged[0].metadata["changes"] == nil)
  }

  @Test("logs nothing, and describes nothing, when the logger's level is above the entries'")
  func silentWhenLevelOff() {
    let (logger, entries) = Logger.recording(level: .info)
    let descriptions = Recorder<Int>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [.logger(logger, level: .debug, stateChanges: true)]
    )
    store.dispatch(Described(descriptions: descriptions))
    store.dispatch(Increment())
    #expect(entries.values.isEmpty)
    #expect(descriptions.values.isEmpty)
  }

  @Test("lists what the action changed as a field-level diff, one line per entry")
  func stateChanges() throws {
    let (logger, entries) = Logger.recording(level: .trace)
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [.logger(logger, stateChanges: true)]
    )
    store.dispatch(Increment(by: 3))
    store.dispatch(Rename(name: "Grace"))
    store.dispatch(Append(text: "x"))
    store.dispatch(Noop())

    let changes = entries.values.map { $0.metadata["changes"] }
    #expect(
      changes == [
        [
          "  AppState(", "-   count: 0,", "+   count: 3,", "    log: [],",
          "    profile: Profile(…)", "  )",
        ],
        [
          "  AppState(", "    count: 3,", "    log: [],", "    profile: Profile(",
          #"-     name: "Ada","#, #"+     name: "Grace","#, "      visits: 0", "    )", "  )",
        ],
        [
          "  AppState(", "    count: 3,", "    log: [", #"+     [0]: "x""#, "    ],",
          "    profile: Profile(…)", "  )",
        ],
        [],
      ])
  }

  @Test("a change inside a collection shows only the changed field, however long the state")
  func fieldLevelInCollections() throws {
    struct Board: Sendable {
      var cards: [Profile]
    }
    struct Visit: Action { var index: Int }
    let (logger, entries) = Logger.recording(level: .trace)
    let store = Store(
      initialState: Board(cards: (0..<100).map { Profile(name: "card \($0)") }),
      reducer: Reducer<Board>.on(Visit.self) { board, visit in board.cards[visit.index].visits += 1
      },
      effects: [.logger(logger, stateChanges: true)]
    )
    store.dispatch(Visit(index: 98))

    let lines = try #require(entries.values.first?.metadata["changes"]?.lines)
    #expect(
      lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") } == [
        "-       visits: 0", "+       visits: 1",
      ])
    #expect(lines.contains(#"        name: "card 98","#))
    #expect(lines.contains("      … (98 unchanged),"))
  }

  @Test("a diff of a value that is not a record shows the old and the new value")
  func wholeValueDiff() throws {
    let (logger, entries) = Logger.recording(level: .trace)
    let store = Store(
      initialState: 1,
      reducer: Reducer<Int>.on(Increment.self) { count, increment in count += increment.by },
      effects: [.logger(logger, stateChanges: true)]
    )
    store.dispatch(Increment())
    #expect(entries.values.first?.metadata["changes"] == ["- 1", "+ 2"])
  }
}

extension Logger.MetadataValue {
  /// The strings of an array value; nil for any other value.
  var lines: [String]? {
    guard case .array(let values) = self else { return nil }
    return values.map { "\($0)" }
  }
}

enum Kind: Sendable {
  case plain
  case tagged(String, count: Int)
}

struct Batch: Action {
  var items: [Int]
  var tag: String?
  var profile: Profile
  var kind: Kind
  var scores: [String: Int]
}

enum TodoAction: Action {
  case add(String)
  case clear
}

@Suite("Effect.logger payloads")
struct EffectLoggerPayloadTests {
  @Test(
    "describe actions with custom-dump: whole collections, nested types without module names",
    arguments: [
      (TodoAction.add("milk") as any Action, "TodoAction", #"TodoAction.add("milk")"#),
      (TodoAction.clear, "TodoAction", "TodoAction.clear"),
      (
        Batch(
          items: Array(0..<15), tag: nil, profile: Profile(), kind: .tagged("x", count: 2),
          scores: ["a": 1]),
        "Batch",
        """
        Batch(
          items: [
            [0]: 0,
            [1]: 1,
            [2]: 2,
            [3]: 3,
            [4]: 4,
            [5]: 5,
            [6]: 6,
            [7]: 7,
            [8]: 8,
            [9]: 9,
            [10]: 10,
            [11]: 11,
            [12]: 12,
            [13]: 13,
            [14]: 14
          ],
          tag: nil,
          profile: Profile(
            name: "Ada",
            visits: 0
          ),
          kind: .tagged(
            "x",
            count: 2
          ),
          scores: [
            "a": 1
          ]
        )
        """
      ),
    ]
  )
  func payloads(action: any Action, type: String, payload: String) {
    let (logger, entries) = Logger.recording(level: .info)
    let store = Store(
      initialState: AppState(), reducer: appReducer, effects: [.logger(logger)])
    store.dispatch(action)
    #expect(entries.values.first?.metadata["action"] == "\(type)")
    #expect(entries.values.first?.metadata["payload"] == "\(payload)")
  }
}
