import Foundation
import ReduxCore

/// What a request from the page leads to: messages for that page alone, or the end of the
/// connection (the message was not a request).
enum InspectorReply: Equatable {
  case replies([String])
  case close(WebSocketCloseCode)
}

extension InspectorSession {
  /// Carries out one message from the page (see `InspectorMessage.swift` for the requests).
  ///
  /// A request that cannot be carried out (an action of an unregistered type, JSON that does
  /// not decode, changes locked, a bad capacity, a recording that does not import) changes
  /// nothing and is answered with an error the page shows. A message that is not a request at
  /// all closes the connection.
  func handle(_ text: String) -> InspectorReply {
    guard let request = try? JSONValue(json: Data(text.utf8)), let op = request["op"]?.string else {
      return .close(WebSocketCloseCode(1002, reason: "expected a JSON object with an \"op\""))
    }
    do throws(InspectorRequestError) {
      return .replies(try perform(op, request))
    } catch .malformedRequest(let reason) {
      return .close(WebSocketCloseCode(1002, reason: reason))
    } catch {
      return .replies([InspectorMessage.error(error.description)])
    }
  }

  private func perform(_ op: String, _ request: JSONValue)
    throws(InspectorRequestError) -> [String]
  {
    // The members are read before anything changes, so a malformed request changes nothing.
    let read = Members(request: request, op: op)
    switch op {
    case "jump": devTools.jump(toEntry: try read.entry("id"))
    case "latest": devTools.jumpToLatest()
    case "skip", "include":
      let id = try read.entry("id")
      devTools.setSkipped(entries: id, through: id, op == "skip")
    case "skipRange", "includeRange":
      devTools.setSkipped(
        entries: try read.entry("from"), through: try read.entry("to"), op == "skipRange")
    case "move":
      let limit = InspectorRequestError.maximumCapacity
      devTools.move(entry: try read.entry("id"), by: try read.int("by", in: -limit...limit))
    case "sweep": devTools.sweep()
    case "commit": devTools.commit()
    case "rollback": devTools.rollback()
    case "reset": devTools.reset()
    case "record": devTools.isRecording = try read.bool("on")
    case "lock": devTools.isLocked = try read.bool("on")
    case "capacity":
      let text = try read.string("value")
      guard let capacity = Int(text), (1...InspectorRequestError.maximumCapacity).contains(capacity)
      else {
        throw .invalidCapacity(text)
      }
      devTools.setCapacity(capacity)
    case "dispatch":
      let (type, json) = (try read.string("type"), try read.string("json"))
      let action: any Action
      do throws(ActionDecodingError) {
        action = try registry.action(named: type, json: json)
      } catch {
        throw .action(error)
      }
      guard !devTools.isLocked else { throw .changesLocked }
      devTools.dispatch(action)
    case "state": return [try state(ofEntry: try read.entry("id"))]
    case "export":
      do throws(RecordingExportError) {
        return [InspectorMessage.export(try devTools.recording.jsonLines(registry: registry))]
      } catch {
        throw .exportFailed(error)
      }
    case "import":
      let text = try read.string("text")
      do throws(RecordingImportError<State>) {
        devTools.load(try Recording<State>(jsonLines: text, registry: registry))
      } catch {
        throw .importFailed(error.description)
      }
    case "importActions":
      let text = try read.string("text")
      do throws(ActionDecodingError) {
        devTools.load(actions: try registry.actions(jsonLines: text))
      } catch {
        throw .importFailed(error.description)
      }
    default: throw .malformedRequest("unknown op \"\(op)\"")
    }
    return []
  }

  /// The state message for entry `id` (0: the base state).
  private func state(ofEntry id: Int) throws(InspectorRequestError) -> String {
    let state = devTools.history.withLock { history -> State? in
      guard id != 0 else { return history.baseState }
      return history.step(ofSequence: id).flatMap { history.state(atStep: $0) }
    }
    guard let state else { throw .entryGone(id) }
    return InspectorMessage.state(id: id, tree: PageRenderer.stateTree(encode(state)))
  }
}

/// Reads the members of a request; a missing or mistyped one is a malformed request, and a
/// number outside the range the request allows is refused with a message.
private struct Members {
  var request: JSONValue
  var op: String

  /// An integer member within `range`; a whole number too large for `Int` is out of range too.
  func int(_ key: String, in range: ClosedRange<Int>) throws(InspectorRequestError) -> Int {
    guard case .number(let text)? = request[key] else { throw missing(key, "an integer") }
    let digits = text.first == "-" ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else {
      throw missing(key, "an integer")
    }
    guard let value = Int(text), range.contains(value) else {
      throw .outOfRange(op: op, member: key, value: text, range: range)
    }
    return value
  }

  /// An entry's sequence number: 0 (the base state) or more.
  func entry(_ key: String) throws(InspectorRequestError) -> Int {
    try int(key, in: 0...Int.max)
  }

  func bool(_ key: String) throws(InspectorRequestError) -> Bool {
    guard case .bool(let value)? = request[key] else { throw missing(key, "a Boolean") }
    return value
  }

  func string(_ key: String) throws(InspectorRequestError) -> String {
    guard let value = request[key]?.string else { throw missing(key, "a string") }
    return value
  }

  private func missing(_ key: String, _ kind: String) -> InspectorRequestError {
    .malformedRequest("\"\(op)\" needs \"\(key)\", \(kind)")
  }
}
