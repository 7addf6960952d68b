import BackgroundRuntime
@testable import BackgrounderWeb
import DemoPeers
import Foundation
import HummingbirdTesting
import Synchronization
import TestSupport
import Testing
import TheBackgrounder

/// No console write happens under the system's lock: a console whose reader stalls stalls only
/// the console's own writer, never the system's timers, the app, `status` or the web UI.
@Suite("A stalled console", .temporaryDirectory)
struct StalledConsoleTests {
    @Test func timersTheAppAPongStatusAndTheWebUIAllGoOnWhileTheConsoleOutputIsStuck() async throws {
        let output = StalledOutput()
        var configuration = Configuration(
            infoPlist: try BundledResources.infoPlist(), dataDirectory: try temporaryDirectory(),
            consoleOutput: output.write, audioOutput: .null)
        configuration.contentServerPort = nil
        let backgrounder = Backgrounder(configuration: configuration)
        let received = Mutex<[String]>([])
        let peer = VoIPPeer { event in
            if case .received(let line) = event { received.withLock { $0.append(line) } }
        }
        let port = try await peer.start(port: 0)
        let server = try await WebServer.start(host: backgrounder.host, port: 0, tabs: WebServer.rendererTabs)
        backgrounder.start()

        #expect(await backgrounder.execute("whatever play") == .done)
        #expect(await backgrounder.execute("voip connect 127.0.0.1 \(port)") == .done)
        try await until("the app's first ping") { received.withLock { $0.contains("ping") } }
        #expect(await backgrounder.execute("home") == .done)
        #expect(backgrounder.device.appState == .background, "the Fibonacci task keeps the app running")

        // The app's timer fires on the system's loop and the app runs it: the position moves.
        let before = try position(in: backgrounder.device.statusJSON())
        try await until("two more Fibonacci numbers") {
            (try? position(in: backgrounder.device.statusJSON())).map { $0 >= before + 2 } ?? false
        }
        // The socket's data reaches the app, which answers.
        peer.send("ping")
        try await until("the app's pong") { received.withLock { $0.contains("pong") } }
        // The web UI answers from the system's state.
        try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
            let response = try await client.execute(.init("/api/status", method: .get, authority: "127.0.0.1:\(server.port)"))
            #expect(response.status == .ok)
            #expect(response.text.contains(#""state":"background""#))
        }
        // All the while the output is stuck in its first write, and the console keeps its lines.
        #expect(output.writesBegun == 1)
        #expect(backgrounder.device.console.recentMessages.contains { $0.hasPrefix("App is backgrounded. Next number") })

        output.release()
        await server.stop()
        await peer.stop()
        await backgrounder.quit()
    }

    private func position(in status: String) throws -> Int {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        let whatever = try #require((object["screens"] as? [String: Any])?["whatever"] as? [String: Any])
        return try #require(whatever["position"] as? Int)
    }
}
