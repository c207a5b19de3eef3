/// How a live inspector serves its page: its title, how often it sends changes, and the
/// limits that keep a slow, gone or misbehaving browser from costing the app more than a
/// bounded amount of memory.
public struct InspectorOptions: Sendable {
  /// The page's title.
  public var title: String
  /// How many updates may wait for one browser; a browser that falls further behind gets a
  /// marker saying how many were dropped, then the history as it is then. At least 1.
  public var updatesPerBrowser: Int
  /// How many bytes of messages may wait for one browser; a browser that stops reading while a
  /// backlog of several messages grows past this is disconnected, and its memory given back
  /// (it can reload the page: a new connection starts from the whole history). One message
  /// larger than this on its own is sent. At least 1 MB.
  public var bytesPerBrowser: Int
  /// How long a request has for its whole head (the request line and headers, at most 16 KB)
  /// before its token is checked: a client that sends nothing, trickles bytes or sends an
  /// endless header line is cut off then.
  public var requestTimeout: Duration
  /// The largest message a browser may send (an imported recording is one message); a larger
  /// one closes that browser's connection.
  public var maximumMessageBytes: Int
  /// How long the inspector waits after sending changes before it looks for more, so that a
  /// burst of actions reaches the page as one update. `.zero` sends each change at once.
  public var updateInterval: Duration

  /// Creates options; the defaults suit an app on a developer's machine.
  public init(
    title: String = "Redux DevTools",
    updatesPerBrowser: Int = 256,
    bytesPerBrowser: Int = 16 << 20,
    maximumMessageBytes: Int = 8 << 20,
    requestTimeout: Duration = .seconds(10),
    updateInterval: Duration = .milliseconds(50)
  ) {
    self.title = title
    self.updatesPerBrowser = max(updatesPerBrowser, 1)
    self.bytesPerBrowser = max(bytesPerBrowser, 1 << 20)
    self.maximumMessageBytes = maximumMessageBytes
    self.requestTimeout = requestTimeout
    self.updateInterval = updateInterval
  }
}
