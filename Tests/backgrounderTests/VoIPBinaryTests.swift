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

    @Test func theReadIdleTimeoutAndTheBackoffCapAreFlags() throws {
        let port = freePort()
        let nc = try InteractiveProcess("nc", ["-l", "127.0.0.1", String(port)])
        defer { nc.stop() }
        let app = try InteractiveProcess(backgrounder, [
            "run", "--headless", "--data-dir", temporaryDataDirectory(), "--voip-read-idle", "1", "--voip-backoff-cap", "2",
        ])
        defer { app.stop() }
        #expect(waitUntil { isListening(port: port) })
        app.type("voip connect 127.0.0.1 \(port)")
        #expect(nc.waitFor { $0.stdoutLines == ["ping"] })
        // nc says nothing more: after 1 s the connection is presumed dead; nc -l is gone after
        // it, so the retries fail, their ceilings doubling up to the cap of 2 s.
        #expect(app.waitFor { messages($0.stdoutLines).contains { $0.hasSuffix("(failure 3 in a row; backoff ceiling 2 s)") } })
        app.type("status")
        #expect(app.waitFor { $0.stdoutLines.contains {
            $0.contains("Had error: nothing received from 127.0.0.1:\(port) for 1 s: the connection is presumed dead")
        } })
        #expect(!messages(app.stdoutLines).contains { $0.contains("backoff ceiling 4 s") })
    }

    @Test func badVoIPFlagsAreRefusedByName() throws {
        let idle = try runBackgrounder(["run", "--headless", "--voip-read-idle", "0"], input: "")
        #expect(idle.status != 0)
        #expect(idle.stderr.contains("--voip-read-idle 0.0: not a number of seconds from 1 to 86400"))
        let cap = try runBackgrounder(["run", "--headless", "--voip-backoff-cap", "nan"], input: "")
        #expect(cap.status != 0)
        #expect(cap.stderr.contains("--voip-backoff-cap nan: not a number of seconds from 1 to 86400"))
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
