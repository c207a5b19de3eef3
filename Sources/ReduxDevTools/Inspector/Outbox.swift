import Foundation
import ReduxCore

/// One browser connection's messages waiting to be sent, bounded so that a slow or gone
/// browser costs the app a fixed amount of memory and never makes anyone wait.
///
/// Updates (the history's changes) queue up to `capacity`. A browser that falls that far
/// behind loses the queue: the queued updates are dropped, oldest first, and so is each new one
/// until it reads again; it then gets a marker saying how many were dropped, followed by the
/// history as it is at that moment (a fresh snapshot supersedes every update before it).
/// Replies to the browser's requests are never dropped; a browser that sends more requests
/// than `replyLimit` without reading the replies is disconnected. Whatever is queued counts
/// against `byteLimit`: a browser whose backlog of several messages grows past it (it stopped
/// reading while updates kept coming) is disconnected at once, its queue freed, and
/// `onOverflow` ends its socket, so that a write stuck in it returns. One message larger than
/// the limit on its own (a snapshot of a long history) is sent.
///
/// The connection's writer pulls frames with ``next()``, on a thread of its own: it asks for
/// the next one only after the previous one was written, so nothing piles up past this queue.
final class Outbox: Sendable {
  private struct Queue {
    var updates: [String] = []
    var replies: [WebSocketFrame] = []
    var bytes = 0
    var dropped = 0
    var needsSnapshot = true
    var closing: WebSocketCloseCode?
    var isFinished = false

    var hasWork: Bool {
      closing != nil || isFinished || !replies.isEmpty || dropped > 0 || needsSnapshot
        || !updates.isEmpty
    }

    mutating func removeAll() {
      updates.removeAll()
      replies.removeAll()
      bytes = 0
    }
  }

  private let condition = NSCondition()
  /// Guarded by `condition`'s lock: read and written only between its `lock()` and `unlock()`.
  nonisolated(unsafe) private var queue = Queue()
  private let capacity: Int
  private let replyLimit: Int
  private let byteLimit: Int
  /// Renders the history as it is now, for a connection that starts or catches up.
  private let snapshot: @Sendable () -> String
  private let onOverflow: @Sendable () -> Void

  init(
    capacity: Int, replyLimit: Int, byteLimit: Int = .max,
    snapshot: @escaping @Sendable () -> String, onOverflow: @escaping @Sendable () -> Void = {}
  ) {
    self.capacity = capacity
    self.replyLimit = replyLimit
    self.byteLimit = byteLimit
    self.snapshot = snapshot
    self.onOverflow = onOverflow
  }

  private func locked<Result>(_ body: (inout Queue) -> Result) -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return body(&queue)
  }

  /// Queues an update; a snapshot replaces the updates queued before it.
  func push(update: String, isSnapshot: Bool) {
    let overflowed = locked { queue -> Bool in
      guard queue.closing == nil, !queue.isFinished else { return false }
      if queue.needsSnapshot && queue.dropped > 0 {
        queue.dropped += 1
      } else if isSnapshot {
        queue.updates = [update]
        queue.bytes = update.utf8.count + queue.replies.reduce(0) { $0 + $1.payload.count }
      } else if queue.updates.count >= capacity {
        queue.dropped += queue.updates.count + 1
        queue.bytes -= queue.updates.reduce(0) { $0 + $1.utf8.count }
        queue.updates.removeAll()
        queue.needsSnapshot = true
      } else {
        queue.updates.append(update)
        queue.bytes += update.utf8.count
      }
      return overflow(&queue)
    }
    if overflowed { onOverflow() }
  }

  /// Queues a reply to the browser, or a control frame; too many unread replies close the
  /// connection.
  func push(reply frame: WebSocketFrame) {
    let overflowed = locked { queue -> Bool in
      guard queue.closing == nil, !queue.isFinished else { return false }
      if queue.replies.count >= replyLimit {
        queue.closing = WebSocketCloseCode(
          1008, reason: "too many requests without reading replies")
        return false
      }
      queue.replies.append(frame)
      queue.bytes += frame.payload.count
      return overflow(&queue)
    }
    if overflowed { onOverflow() }
  }

  /// Past the byte limit with more than one message waiting (a backlog, not one large
  /// message): drops everything and ends the connection.
  private func overflow(_ queue: inout Queue) -> Bool {
    guard queue.bytes > byteLimit, queue.updates.count + queue.replies.count > 1 else {
      return false
    }
    queue.removeAll()
    queue.isFinished = true
    return true
  }

  /// Sends a close frame with `code` next, then ends the connection; later messages are
  /// dropped.
  func close(_ code: WebSocketCloseCode) {
    locked { queue in
      if queue.closing == nil, !queue.isFinished { queue.closing = code }
    }
  }

  /// The next frame to write, waiting for one; `nil` once the connection is over.
  func next() -> WebSocketFrame? {
    enum Step {
      case frame(WebSocketFrame)
      case snapshot
      case end
    }
    condition.lock()
    while !queue.hasWork { condition.wait() }
    let step: Step
    if queue.isFinished {
      step = .end
    } else if let code = queue.closing {
      queue.isFinished = true
      queue.removeAll()
      step = .frame(.close(code))
    } else if !queue.replies.isEmpty {
      let reply = queue.replies.removeFirst()
      queue.bytes -= reply.payload.count
      step = .frame(reply)
    } else if queue.dropped > 0 {
      step = .frame(.text(InspectorMessage.dropped(queue.dropped)))
      queue.dropped = 0
    } else if queue.needsSnapshot {
      queue.needsSnapshot = false
      queue.removeAll()
      step = .snapshot
    } else {
      let update = queue.updates.removeFirst()
      queue.bytes -= update.utf8.count
      step = .frame(.text(update))
    }
    condition.unlock()
    switch step {
    case .frame(let frame): return frame
    case .snapshot: return .text(snapshot())
    case .end: return nil
    }
  }
}
