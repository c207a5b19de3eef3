internal import FlyingFox
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
/// than `replyLimit` without reading the replies is disconnected.
///
/// The connection's writer pulls frames with ``next()``: it asks for the next one only after
/// the previous one was written, so nothing piles up past this queue.
final class Outbox: Sendable {
  private struct Queue {
    var updates: [String] = []
    var replies: [WSFrame] = []
    var dropped = 0
    var needsSnapshot = true
    var closing: WSCloseCode?
    var isFinished = false
    var waiter: CheckedContinuation<Void, Never>?
    var reader: Task<Void, Never>?

    var hasWork: Bool {
      closing != nil || isFinished || !replies.isEmpty || dropped > 0 || needsSnapshot
        || !updates.isEmpty
    }

    /// The waiting writer, to resume once the lock is released.
    mutating func take() -> CheckedContinuation<Void, Never>? {
      defer { waiter = nil }
      return waiter
    }
  }

  private let queue = Lock(Queue())
  private let capacity: Int
  private let replyLimit: Int
  /// Renders the history as it is now, for a connection that starts or catches up.
  private let snapshot: @Sendable () -> String

  init(capacity: Int, replyLimit: Int, snapshot: @escaping @Sendable () -> String) {
    self.capacity = capacity
    self.replyLimit = replyLimit
    self.snapshot = snapshot
  }

  /// Queues an update; a snapshot replaces the updates queued before it.
  func push(update: String, isSnapshot: Bool) {
    let waiter = queue.withLock { queue -> CheckedContinuation<Void, Never>? in
      guard queue.closing == nil, !queue.isFinished else { return nil }
      if queue.needsSnapshot && queue.dropped > 0 {
        queue.dropped += 1
      } else if isSnapshot {
        queue.updates = [update]
      } else if queue.updates.count >= capacity {
        queue.dropped += queue.updates.count + 1
        queue.updates.removeAll()
        queue.needsSnapshot = true
      } else {
        queue.updates.append(update)
      }
      return queue.take()
    }
    waiter?.resume()
  }

  /// Queues a reply to the browser, or a control frame; too many unread replies close the
  /// connection.
  func push(reply frame: WSFrame) {
    let waiter = queue.withLock { queue -> CheckedContinuation<Void, Never>? in
      guard queue.closing == nil, !queue.isFinished else { return nil }
      if queue.replies.count >= replyLimit {
        queue.closing = WSCloseCode(1008, reason: "too many requests without reading replies")
      } else {
        queue.replies.append(frame)
      }
      return queue.take()
    }
    waiter?.resume()
  }

  /// Sends a close frame with `code` next, then ends the connection; later messages are
  /// dropped.
  func close(_ code: WSCloseCode) {
    let waiter = queue.withLock { queue -> CheckedContinuation<Void, Never>? in
      if queue.closing == nil, !queue.isFinished { queue.closing = code }
      return queue.take()
    }
    waiter?.resume()
  }

  /// The task that reads the browser's messages; cancelled when the connection ends.
  func setReader(_ reader: Task<Void, Never>) {
    let isFinished = queue.withLock { queue in
      queue.reader = reader
      return queue.isFinished
    }
    if isFinished { reader.cancel() }
  }

  /// The next frame to write, waiting for one; `nil` once the connection is over.
  func next() async -> WSFrame? {
    while true {
      enum Step {
        case frame(WSFrame)
        case text(String)
        case snapshot
        case end(Task<Void, Never>?)
        case wait
      }
      let step = queue.withLock { queue -> Step in
        if queue.isFinished { return .end(nil) }
        if let code = queue.closing {
          queue.isFinished = true
          queue.updates.removeAll()
          queue.replies.removeAll()
          return .frame(WSFrame.close(code: code))
        }
        if !queue.replies.isEmpty { return .frame(queue.replies.removeFirst()) }
        if queue.dropped > 0 {
          defer { queue.dropped = 0 }
          return .text(InspectorMessage.dropped(queue.dropped))
        }
        if queue.needsSnapshot {
          queue.needsSnapshot = false
          queue.updates.removeAll()
          return .snapshot
        }
        if !queue.updates.isEmpty { return .text(queue.updates.removeFirst()) }
        return .wait
      }
      switch step {
      case .frame(let frame): return frame
      case .text(let text): return Self.frame(text)
      case .snapshot: return Self.frame(snapshot())
      case .end:
        let reader = queue.withLock { $0.reader }
        reader?.cancel()
        return nil
      case .wait:
        await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in
            let ready = queue.withLock { queue in
              if queue.hasWork { return true }
              queue.waiter = continuation
              return false
            }
            if ready { continuation.resume() }
          }
        } onCancel: {
          close(.goingAway)
        }
      }
    }
  }

  /// A text message as one frame.
  static func frame(_ text: String) -> WSFrame {
    WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(text.utf8))
  }
}
