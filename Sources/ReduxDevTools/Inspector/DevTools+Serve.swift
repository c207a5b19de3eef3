import Foundation
import Logging
import ReduxCore

extension DevTools where State: Codable {
  /// Serves the live inspector: a page on 127.0.0.1 that shows each action and its state
  /// change as it happens, and travels, skips, imports, exports and dispatches from the
  /// browser.
  ///
  /// One line in the app (after the store with ``middleware`` exists):
  ///
  /// ```swift
  /// let inspector = try await devTools.serve(registry: registry)
  /// // logged: "DevTools inspector: http://127.0.0.1:52817/?token=…"
  /// ```
  ///
  /// The URL carries a random token and is logged at `notice` level; every request without
  /// the token is refused. The page follows the store over a WebSocket; its controls call the
  /// same operations as the API (``jump(toStep:)``, ``skip(step:)``, ``commit()``, …), so the
  /// store's state, its subscribers and its view stores follow a jump. A dispatch from the page
  /// decodes the JSON typed there as an action of a type in `registry`; an unregistered type or
  /// bad JSON is an error shown in the page, and nothing is dispatched.
  ///
  /// Dispatching never waits for the inspector or a browser: the middleware only tells the
  /// inspector that the history changed (one atomic exchange), and the inspector reads the
  /// history on its own task. Each browser has a bounded queue of updates
  /// (``InspectorOptions/updatesPerBrowser``); one that falls behind gets a marker saying how
  /// many updates were dropped, then the history as it is. One that stops reading while a
  /// backlog of more than ``InspectorOptions/bytesPerBrowser`` piles up is disconnected.
  ///
  /// The server answers only requests whose `Host` is `localhost` or an IP address with its
  /// port (no page on a rebound DNS name reaches it), gives a request
  /// ``InspectorOptions/requestTimeout`` and 16 KB for its head before the token is checked,
  /// serves at most 64 connections at once, and refuses a WebSocket frame larger than
  /// ``InspectorOptions/maximumMessageBytes`` from the length it announces. docs/devtools.md,
  /// "Threat model", says what it guards against.
  ///
  /// - Parameters:
  ///   - registry: The action types the page may dispatch and import, and whose payloads it
  ///     shows (an action of another type shows as its Swift description).
  ///   - host: The address to listen on. The default is loopback, reachable from this machine
  ///     only; name another address (such as `0.0.0.0`) to reach it from elsewhere, knowing
  ///     that the token is then all that guards the app's state.
  ///   - port: The port; 0, the default, takes any free one (see ``InspectorServer/url``).
  ///   - options: The page's title and the limits for each browser.
  ///   - logger: Where the URL, and the server's own lines at debug level, are logged.
  /// - Returns: The running server; it runs until ``InspectorServer/stop()``.
  /// - Throws: ``InspectorStartError`` when this DevTools already serves an inspector, `host`
  ///   is not an address, or the port cannot be listened on.
  @discardableResult
  public func serve(
    registry: ActionRegistry,
    host: String = "127.0.0.1",
    port: UInt16 = 0,
    options: InspectorOptions = InspectorOptions(),
    logger: Logger = Logger(label: "ReduxDevTools.inspector")
  ) async throws(InspectorStartError) -> InspectorServer {
    let signal = ChangeSignal()
    let isFirst = history.withLock { history in
      guard history.context != nil else {
        preconditionFailure("Add devTools.middleware to a store before serving the inspector")
      }
      guard history.listener == nil else { return false }
      history.listener = signal
      return true
    }
    guard isFirst else { throw .alreadyServing }
    let listener: InspectorListener
    do {
      listener = try InspectorListener(host: host, port: port)
    } catch {
      history.withLock { if $0.listener === signal { $0.listener = nil } }
      throw error
    }
    let detach: @Sendable () -> Void = { [self] in
      history.withLock { if $0.listener === signal { $0.listener = nil } }
      signal.finish()
    }

    let session = InspectorSession(devTools: self, registry: registry)
    // Every page starts from a snapshot of its own, so the broadcasts start from the history
    // as it is now: the first one carries only what changes after this line.
    session.skipChanges()
    let hub = InspectorHub(options: options, snapshot: session.snapshot, handle: session.handle)
    let token = makeInspectorToken()
    let routes = InspectorRoutes(
      token: token, title: options.title, actionNames: registry.names, port: listener.port)
    let requestTimeout = options.requestTimeout
    listener.start(logger: logger) { connection in
      connection.serve(routes: routes, hub: hub, requestTimeout: requestTimeout)
    }

    let interval = options.updateInterval
    let broadcasting = Task {
      for await _ in signal.changes {
        signal.consume()
        // With no page open nothing is rendered: a page starts from a snapshot of its own.
        guard hub.connectionCount > 0 else {
          session.skipChanges()
          continue
        }
        if let (message, isSnapshot) = session.changes() {
          hub.broadcast(message, isSnapshot: isSnapshot)
        }
        if interval > .zero { try? await Task.sleep(for: interval) }
      }
    }
    let urlHost = host.contains(":") ? "[\(host)]" : host
    let url = URL(string: "http://\(urlHost):\(listener.port)/?token=\(token)")!
    logger.notice("DevTools inspector: \(url.absoluteString)")
    return InspectorServer(
      url: url, host: host, token: token, listener: listener, hub: hub, tasks: [broadcasting],
      detach: detach)
  }
}
