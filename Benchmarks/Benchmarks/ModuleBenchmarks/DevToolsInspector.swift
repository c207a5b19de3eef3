import Benchmark
import Foundation
import ReduxCore
import ReduxDevTools
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Benchmark 10L: what the live inspector adds to a dispatch. The setup serves an inspector and
/// connects a browser stand-in over a real socket, and waits until it is connected; the samples
/// measure the dispatches alone. Recording hands each change to the inspector with one atomic
/// exchange; the inspector renders and sends on its own task, so the dispatches never wait
/// for the socket. The baselines, in the same run: the same store without DevTools, and with
/// DevTools recording but no inspector. "browser not reading" is a browser that connected and
/// then stopped reading: its updates are dropped past its bounded queue, and dispatch must
/// cost the same.
func registerDevToolsInspector() {
  let bare = Store(initialState: InspectedCounter(), reducer: inspectedReducer)
  Benchmark("10L DevTools inspector baseline: dispatch, no DevTools") { benchmark in
    for _ in benchmark.scaledIterations {
      bare.dispatch(InspectedIncrement())
    }
  }

  let recording = DevTools(reducer: inspectedReducer, capacity: 1_000)
  let recordingStore = Store(
    initialState: InspectedCounter(), reducer: inspectedReducer,
    middleware: [recording.middleware])
  Benchmark("10L DevTools inspector baseline: dispatch, recording on, no inspector") {
    benchmark in
    for _ in benchmark.scaledIterations {
      recordingStore.dispatch(InspectedIncrement())
    }
  }

  for reads in [true, false] {
    let name = reads ? "one browser reading" : "one browser not reading"
    let devTools = DevTools(reducer: inspectedReducer, capacity: 1_000)
    let store = Store(
      initialState: InspectedCounter(), reducer: inspectedReducer,
      middleware: [devTools.middleware])
    let session = ServedInspector()
    Benchmark(
      "10L DevTools inspector: dispatch, recording on, \(name)",
      closure: { benchmark in
        for _ in benchmark.scaledIterations {
          store.dispatch(InspectedIncrement())
        }
      },
      setup: {
        let server = try await devTools.serve(
          registry: inspectedRegistry, options: InspectorOptions(updateInterval: .zero))
        let browser = try BrowserStandIn(port: server.port, token: server.token, reads: reads)
        while server.connectionCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        session.open(server, browser)
      },
      teardown: { await session.close() })
  }
}

/// The inspector and browser of one benchmark, from its setup to its teardown.
final class ServedInspector: Sendable {
  private let running = Mutex<(InspectorServer, BrowserStandIn)?>(nil)

  func open(_ server: InspectorServer, _ browser: BrowserStandIn) {
    running.withLock { $0 = (server, browser) }
  }

  func close() async {
    guard let (server, browser) = running.withLock({ $0.take() }) else { return }
    await server.stop()
    browser.close()
  }
}

struct InspectedCounter: Sendable, Codable {
  var count = 0
}

struct InspectedIncrement: Action, Codable {}

let inspectedReducer = Reducer<InspectedCounter>.on(InspectedIncrement.self) { state, _ in
  state.count &+= 1
}

let inspectedRegistry = ActionRegistry().registering(InspectedIncrement.self)

/// A WebSocket client on a plain socket that asks for the inspector's feed and then reads and
/// discards everything (a browser that keeps up), or reads nothing (one that fell behind).
final class BrowserStandIn: Sendable {
  private let descriptor: Int32

  init(port: UInt16, token: String, reads: Bool) throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard descriptor >= 0, connected == 0 else { throw BrowserStandInError() }
    self.descriptor = descriptor
    let request =
      "GET /socket?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
      + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    let bytes = Array(request.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count else {
      throw BrowserStandInError()
    }
    guard reads else { return }
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while read(descriptor, &buffer, buffer.count) > 0 {}
    }
  }

  func close() {
    shutdown(descriptor, Int32(SHUT_RDWR))
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }
}

struct BrowserStandInError: Error {}
