import Synchronization

/// One unit of in-flight work a side-effect module started: an async effect or thunk, a
/// command job, a saga resumed by an action until it waits for an action again, a fork.
@usableFromInline
package final class WorkHandle: Sendable {
  /// The send this work descends from.
  package let origin: ActionOrigin
  /// What the work is, for a test's "work still running" report.
  package let description: String
  private let ledger: WorkLedger
  private let id: UInt64

  package init(origin: ActionOrigin, description: String, ledger: WorkLedger, id: UInt64) {
    self.origin = origin
    self.description = description
    self.ledger = ledger
    self.id = id
  }

  /// Records that the work has ended (successfully, with an error, or cancelled). Calling it
  /// again does nothing.
  package func end() {
    ledger.end(id)
  }

  /// Tells the store how to stop this work, so that a test can cancel the work a `send`
  /// started (``Store/cancelWork(origin:)``). Call it right after `beginWork`; if cancelling
  /// was already asked for, `cancel` runs at once. The work still calls ``end()`` when it stops.
  package func onCancel(_ cancel: @escaping @Sendable () -> Void) {
    if ledger.setCanceller(cancel, for: id) { cancel() }
  }
}

/// One entry of the ledger: a piece of work, or an action waiting in the queue.
private struct Entry {
  package let origin: ActionOrigin
  package let description: String
  /// An action waiting to be processed: it ends on its own, and is not cancelled.
  package let isQueuedAction: Bool
  package var canceller: (@Sendable () -> Void)?
  package var isCancelled = false
}

/// The store's count of in-flight work, per origin, and the tasks waiting for it to end.
///
/// A module that starts work often (a saga, per take) keeps the ledger itself
/// (``MiddlewareContext/workLedger``): it is not generic, so asking it costs neither a closure
/// call nor the store's metadata.
@usableFromInline
package final class WorkLedger: Sendable {
  private struct Books {
    var nextOrigin: UInt64 = 1
    var nextEntry: UInt64 = 0
    var entries: [UInt64: Entry] = [:]
    var counts: [ActionOrigin: Int] = [:]
    /// Each waits for one origin's work, or for all work (nil), to end.
    var waiters = Waiters<ActionOrigin?>()
  }

  private let books = Lock(Books())
  /// What lists the modules' waits (``actionWaits()``); set when middleware attaches.
  private let waitDescribers = Lock<[@Sendable () -> [String]]>([])

  /// Registers `describe`, which lists what a module waits for now, one line each (`saga
  /// profile waits for FetchUser`): a saga blocked on a `take` is idle, not work in flight, yet
  /// a test that expected an action needs to know which takes still wait. Register once per
  /// module, when its middleware is attached; nothing is built until a test asks.
  package func reportWaits(_ describe: @escaping @Sendable () -> [String]) {
    waitDescribers.withLock { $0.append(describe) }
  }

  /// What the modules wait for now, module by module: work that is idle until an action comes.
  package func actionWaits() -> [String] {
    waitDescribers.withLock { $0 }.flatMap { $0() }
  }
  /// Set once, by a test probe: every action and piece of work is tracked. The one copy of
  /// that flag, an atomic beside the books, so that `beginWork` reads it without the store's
  /// lock, which a module's generic code reaches only through the store's generic metadata
  /// (ModuleProfile's `saga-take`).
  @usableFromInline package let tracksAllFlag = Atomic<Bool>(false)

  /// The id of the origin of the action the store processes now; 0 between actions.
  @usableFromInline package let processingOriginID = Atomic<UInt64>(0)

  /// The origin of the action the store is processing now, set by the draining thread around
  /// the middleware and the reducer: read it synchronously inside a middleware body (or a
  /// reducer's follow-up), on that thread, where it names the action being processed; between
  /// actions it is ``ActionOrigin/untracked``. An atomic, not the store's lock: a module reads it
  /// for every action it sees (ModuleProfile's `saga-sync`).
  @inlinable
  package var processingOrigin: ActionOrigin {
    ActionOrigin(id: processingOriginID.load(ordering: .relaxed))
  }

  /// Sets ``processingOrigin``; the store's draining thread only.
  @inlinable
  package func setProcessingOrigin(_ origin: ActionOrigin) {
    processingOriginID.store(origin.id, ordering: .relaxed)
  }

  /// Whether a test probe asked for every action and piece of work to be tracked.
  @inlinable
  package var tracksAll: Bool { tracksAllFlag.load(ordering: .acquiring) }

  /// Records work started for `origin`, so that a `send` of that origin (or a test probe) can
  /// await it; returns nil, and records nothing, when nobody tracks that origin.
  ///
  /// Call it while the action that starts the work is processed, so the work is registered
  /// before the `send` that caused it resumes; end the handle exactly once.
  @inlinable
  package func beginWork(origin: ActionOrigin, _ description: @autoclosure () -> String)
    -> WorkHandle?
  {
    guard origin.isTracked || tracksAll else { return nil }
    return record(origin: origin, description: description())
  }

  /// Records work started for `origin`, whether or not it is tracked: for a module that read
  /// ``tracksAll`` itself (``beginWork(origin:_:)`` otherwise).
  @usableFromInline
  package func record(origin: ActionOrigin, description: String) -> WorkHandle {
    WorkHandle(
      origin: origin, description: description, ledger: self,
      id: begin(origin: origin, description: description))
  }

  /// Tracks every action and piece of work from now on (a test probe was installed).
  package func trackAll() {
    tracksAllFlag.store(true, ordering: .releasing)
  }

  /// The executor a test store's work runs on (set with ``runWork(on:)``), nil otherwise.
  private let workExecutor = Lock<(any TaskExecutor & AnyObject)?>(nil)

  /// Makes the tasks that modules start for work (a command's job) prefer `executor`: a test
  /// store runs it right after each step, so that the work an action started has reached its
  /// first suspension when `send` returns. Set once, by a test store, with its probe.
  package func runWork(on executor: any TaskExecutor & AnyObject) {
    workExecutor.withLock { $0 = executor }
  }

  /// The executor set by ``runWork(on:)``; read only while everything is tracked, so that a
  /// store no test drives never takes this lock.
  package var executorForWork: (any TaskExecutor & AnyObject)? {
    tracksAll ? workExecutor.withLock { $0 } : nil
  }

  package init() {}

  package func makeOrigin() -> ActionOrigin {
    books.withLock { books in
      defer { books.nextOrigin += 1 }
      return ActionOrigin(id: books.nextOrigin)
    }
  }

  /// Records work for `origin` (or an action queued on its behalf); returns its entry id.
  @usableFromInline
  package func begin(origin: ActionOrigin, description: String, isQueuedAction: Bool = false)
    -> UInt64
  {
    books.withLock { books in
      let id = books.nextEntry
      books.nextEntry += 1
      books.entries[id] = Entry(
        origin: origin, description: description, isQueuedAction: isQueuedAction)
      books.counts[origin, default: 0] += 1
      return id
    }
  }

  /// Keeps how to cancel entry `id`; returns true when it was cancelled already (the caller
  /// then cancels at once).
  package func setCanceller(_ cancel: @escaping @Sendable () -> Void, for id: UInt64) -> Bool {
    books.withLock { books in
      guard let entry = books.entries[id] else { return false }
      if entry.isCancelled { return true }
      books.entries[id]?.canceller = cancel
      return false
    }
  }

  /// Cancels the work in flight for `origin` (all work when nil): runs each entry's canceller
  /// once, outside the lock. Returns the work that could not be cancelled (no canceller), oldest
  /// first; queued actions are left to end on their own.
  package func cancel(origin: ActionOrigin?) -> [String] {
    let (cancellers, uncancellable): ([@Sendable () -> Void], [String]) = books.withLock {
      books in
      var cancellers: [@Sendable () -> Void] = []
      var uncancellable: [(UInt64, String)] = []
      for (id, entry) in books.entries where origin == nil || entry.origin == origin {
        if entry.isQueuedAction || entry.isCancelled { continue }
        books.entries[id]?.isCancelled = true
        if let canceller = entry.canceller {
          cancellers.append(canceller)
        } else {
          uncancellable.append((id, entry.description))
        }
      }
      return (cancellers, uncancellable.sorted { $0.0 < $1.0 }.map(\.1))
    }
    for cancel in cancellers { cancel() }
    return uncancellable
  }

  /// Stops counting the work in flight (all origins), without cancelling it: waits and
  /// listings leave it out from now on, and its end changes nothing; what it starts later is
  /// counted as new work. Queued actions stay counted: they end on their own, soon. Returns how
  /// many pieces of work were let go.
  package func forget() -> Int {
    let (count, ready): (Int, [CheckedContinuation<Void, Never>]) = books.withLock { books in
      let forgotten = books.entries.filter { !$0.value.isQueuedAction }
      for (id, entry) in forgotten {
        books.entries[id] = nil
        let left = books.counts[entry.origin, default: 1] - 1
        books.counts[entry.origin] = left == 0 ? nil : left
      }
      let (counts, isEmpty) = (books.counts, books.entries.isEmpty)
      let ready = books.waiters.takeReady { origin in
        if let origin { return counts[origin] == nil }
        return isEmpty
      }
      return (forgotten.count, ready)
    }
    for continuation in ready { continuation.resume() }
    return count
  }

  /// Ends an entry (once; later calls do nothing) and resumes the waiters it releases.
  @usableFromInline
  package func end(_ id: UInt64) {
    let ready: [CheckedContinuation<Void, Never>] = books.withLock { books in
      guard let entry = books.entries.removeValue(forKey: id) else { return [] }
      let left = books.counts[entry.origin, default: 1] - 1
      books.counts[entry.origin] = left == 0 ? nil : left
      guard !books.waiters.isEmpty else { return [] }
      let (counts, isEmpty) = (books.counts, books.entries.isEmpty)
      return books.waiters.takeReady { origin in
        if let origin { return counts[origin] == nil }
        return isEmpty
      }
    }
    for continuation in ready { continuation.resume() }
  }

  private static func isIdle(_ books: Books, for origin: ActionOrigin?) -> Bool {
    if let origin { return books.counts[origin] == nil }
    return books.entries.isEmpty
  }

  package func isIdle(for origin: ActionOrigin?) -> Bool {
    books.withLock { Self.isIdle($0, for: origin) }
  }

  /// What is in flight for `origin` (all of it when nil), oldest first.
  package func descriptions(origin: ActionOrigin? = nil) -> [String] {
    books.withLock { books in
      books.entries.filter { origin == nil || $0.value.origin == origin }
        .sorted { $0.key < $1.key }.map(\.value.description)
    }
  }

  /// Waits until no work is in flight for `origin` (every origin when nil); returns early if
  /// the waiting task is cancelled.
  package func wait(for origin: ActionOrigin?) async {
    let id = books.withLock { $0.waiters.reserveID() }
    await waitCancellably(
      register: { continuation in
        books.withLock { books in
          if Self.isIdle(books, for: origin) { return true }
          books.waiters.add(id, waitingFor: origin, continuation)
          return false
        }
      },
      cancel: { [self] in books.withLock { $0.waiters.take(id) } })
  }
}
