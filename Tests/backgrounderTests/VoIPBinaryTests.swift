import Foundation
import TestSupport
import Testing

/// The console's messages among a run's standard output lines.
private func messages(_ lines: [String]) -> [String] {
    let pattern = #/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} TheBackgrounder\[\d+\] (.*)$/#
    return lines.compactMap { try? pattern.wholeMatch(in: $0)?.output.1 }.map(String.init)
}

@Suite("The VoIP tab from the command line, against nc and voip-peer", .serialized)
struct VoIPBinaryTests {
    var backgrounder: String { productsDirectory.appendingPathComponent("backgrounder").path }

    @Test func withNetcatPingGetsPongWhileTheAppIsBackgroundedAndNotifyShowsTheNotification() throws {
        let port = freePort()
        let nc = try InteractiveProcess("nc", ["-l", "127.0.0.1", String(port)])
        defer { nc.stop() }
        let app = try InteractiveProcess(backgrounder, ["run", "--headless", "--data-dir", temporaryDataDirectory()])
        defer { app.stop() }
        #expect(app.waitFor { messages($0.stdoutLines).contains("State: inactive → active") })

        #expect(waitUntil { isListening(port: port) })
        app.type("voip connect 127.0.0.1 \(port)")
        #expect(nc.waitFor { $0.stdoutLines == ["ping"] })
        app.type("home")
        #expect(app.waitFor { messages($0.stdoutLines).contains("State: background → suspended") })
        nc.type("ping")
        #expect(nc.waitFor { $0.stdoutLines == ["ping", "pong"] })
        #expect(app.waitFor { messages($0.stdoutLines).contains("App is backgrounded. New event: Received: ping") })
        nc.type("notify")
        #expect(app.waitFor { messages($0.stdoutLines).contains("Notification: New VOIP call [Answer]") })
        app.endInput()
        #expect(app.waitForExit() == 0)
        #expect(app.stderrLines.isEmpty)
    }

    @Test func voipPeerIsTheLineServerForPeopleWithoutNetcat() throws {
        let port = freePort()
        let peer = try InteractiveProcess(backgrounder, ["voip-peer", "--port", String(port)])
        defer { peer.stop() }
        #expect(peer.waitFor { $0.stderrLines.contains("voip-peer: listening on 127.0.0.1:\(port); type ping or notify") })
        peer.type("ping")
        #expect(peer.waitFor { $0.stderrLines.contains("voip-peer: no app is connected; \"ping\" was not sent") })

        let app = try InteractiveProcess(backgrounder, ["run", "--headless", "--data-dir", temporaryDataDirectory()])
        defer { app.stop() }
        app.type("voip connect 127.0.0.1 \(port)")
        #expect(peer.waitFor { $0.stdoutLines == ["ping"] })
        #expect(peer.stderrLines.contains { $0.hasPrefix("voip-peer: connection from 127.0.0.1:") })
        app.type("home")
        #expect(app.waitFor { messages($0.stdoutLines).contains("State: background → suspended") })
        peer.type("ping")
        #expect(peer.waitFor { $0.stdoutLines == ["ping", "pong"] })
        #expect(app.waitFor { messages($0.stdoutLines).contains("App is backgrounded. New event: Received: ping") })

        app.endInput()
        #expect(app.waitForExit() == 0)
        #expect(peer.waitFor { $0.stderrLines.contains { $0.hasSuffix("disconnected; still listening") } })
        peer.endInput()
        #expect(peer.waitForExit() == 0)
    }

    @Test func aVoIPLaunchReconnectsToTheEndpointTheAppUsedLast() throws {
        let port = freePort()
        let peer = try InteractiveProcess(backgrounder, ["voip-peer", "--port", String(port)])
        defer { peer.stop() }
        #expect(peer.waitFor { !$0.stderrLines.isEmpty })
        let data = temporaryDataDirectory()
        let first = try InteractiveProcess(backgrounder, ["run", "--headless", "--data-dir", data])
        first.type("voip connect 127.0.0.1 \(port)")
        #expect(peer.waitFor { $0.stdoutLines == ["ping"] })
        first.endInput()
        #expect(first.waitForExit() == 0)

        // As iOS launches a VoIP app at boot: into the background, where it connects again.
        let second = try InteractiveProcess(backgrounder, ["run", "--headless", "--data-dir", data, "--launch-reason", "voip"])
        defer { second.stop() }
        #expect(peer.waitFor { $0.stdoutLines == ["ping", "ping"] })
        #expect(second.waitFor { messages($0.stdoutLines).contains("App is backgrounded. New event: Ping sent") })
        second.endInput()
        #expect(second.waitForExit() == 0)
    }

    @Test func voipPeerOnAPortInUseSaysSo() throws {
        let port = freePort()
        let first = try InteractiveProcess(backgrounder, ["voip-peer", "--port", String(port)])
        defer { first.stop() }
        #expect(first.waitFor { !$0.stderrLines.isEmpty })
        let second = try InteractiveProcess(backgrounder, ["voip-peer", "--port", String(port)])
        defer { second.stop() }
        #expect(second.waitForExit() != 0)
        #expect(second.stderrLines.contains { $0.contains("cannot listen on 127.0.0.1:\(port)") && $0.contains("Address already in use") })
    }
}
