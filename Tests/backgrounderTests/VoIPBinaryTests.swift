import Foundation
import TestSupport
import Testing

/// On iOS 9, the last era of the legacy VoIP socket (Technical Q&A QA1938).
@Suite("The VoIP tab from the command line, against nc and voip-peer", .serialized, .temporaryDirectory)
struct VoIPBinaryTests {
    @Test func withNetcatPingGetsPongWhileTheAppIsBackgroundedAndNotifyShowsTheNotification() async throws {
        let port = freePort()
        let nc = try InteractiveProcess("nc", ["-l", "127.0.0.1", String(port)])
        defer { nc.stop() }
        let app = try InteractiveProcess(backgrounderPath, headlessRun(["--ios", "9"]))
        defer { app.stop() }
        #expect(await app.waitFor { messages($0.stdoutLines).contains("State: inactive → active") })

        #expect(await waitUntil { isListening(port: port) })
        app.type("voip connect 127.0.0.1 \(port)")
        #expect(await nc.waitFor { $0.stdoutLines == ["ping"] })
        app.type("home")
        #expect(await app.waitFor { messages($0.stdoutLines).contains("State: background → suspended") })
        nc.type("ping")
        #expect(await nc.waitFor { $0.stdoutLines == ["ping", "pong"] })
        #expect(await app.waitFor { messages($0.stdoutLines).contains("App is backgrounded. New event: Received: ping") })
        nc.type("notify")
        #expect(await app.waitFor { messages($0.stdoutLines).contains("Notification: New VOIP call [Answer]") })
        app.endInput()
        #expect(await app.waitForExit() == 0)
        #expect(app.stderrLines.isEmpty)
    }

    @Test func theReadIdleTimeoutAndTheBackoffCapAreFlags() async throws {
        let port = freePort()
        let nc = try InteractiveProcess("nc", ["-l", "127.0.0.1", String(port)])
        defer { nc.stop() }
        let app = try InteractiveProcess(
            backgrounderPath, headlessRun(["--ios", "9", "--voip-read-idle", "1", "--voip-backoff-cap", "2"]))
        defer { app.stop() }
        #expect(await waitUntil { isListening(port: port) })
        app.type("voip connect 127.0.0.1 \(port)")
        #expect(await nc.waitFor { $0.stdoutLines == ["ping"] })
        // nc says nothing more: after 1 s the connection is presumed dead; nc -l is gone after
        // it, so the retries fail, their ceilings doubling up to the cap of 2 s.
        #expect(await app.waitFor { messages($0.stdoutLines).contains { $0.hasSuffix("(failure 3 in a row; backoff ceiling 2 s)") } })
        app.type("status")
        #expect(await app.waitFor { $0.stdoutLines.contains {
            $0.contains("Had error: nothing received from 127.0.0.1:\(port) for 1 s: the connection is presumed dead")
        } })
        #expect(!messages(app.stdoutLines).contains { $0.contains("backoff ceiling 4 s") })
    }

    @Test func badVoIPFlagsAreRefusedByName() async throws {
        let idle = try await runBackgrounder(["run", "--headless", "--voip-read-idle", "0"], input: "")
        #expect(idle.status != 0)
        #expect(idle.stderr.contains("--voip-read-idle 0.0: not a number of seconds from 1 to 86400"))
        let cap = try await runBackgrounder(["run", "--headless", "--voip-backoff-cap", "nan"], input: "")
        #expect(cap.status != 0)
        #expect(cap.stderr.contains("--voip-backoff-cap nan: not a number of seconds from 1 to 86400"))
    }

    @Test func voipPeerIsTheLineServerForPeopleWithoutNetcat() async throws {
        // Port 0: the peer picks a free port and its `listening on` line names it.
        let peer = try InteractiveProcess(backgrounderPath, ["voip-peer", "--port", "0"])
        defer { peer.stop() }
        let port = try #require(await peer.listeningPort(after: "listening on 127.0.0.1:", in: \.stderrLines))
        #expect(peer.stderrLines.contains("voip-peer: listening on 127.0.0.1:\(port); type ping or notify"))
        peer.type("ping")
        #expect(await peer.waitFor { $0.stderrLines.contains("voip-peer: no app is connected; \"ping\" was not sent") })

        let app = try InteractiveProcess(backgrounderPath, headlessRun(["--ios", "9"]))
        defer { app.stop() }
        app.type("voip connect 127.0.0.1 \(port)")
        #expect(await peer.waitFor { $0.stdoutLines == ["ping"] })
        #expect(await peer.waitFor { $0.stderrLines.contains { $0.hasPrefix("voip-peer: connection from 127.0.0.1:") } })
        app.type("home")
        #expect(await app.waitFor { messages($0.stdoutLines).contains("State: background → suspended") })
        peer.type("ping")
        #expect(await peer.waitFor { $0.stdoutLines == ["ping", "pong"] })
        #expect(await app.waitFor { messages($0.stdoutLines).contains("App is backgrounded. New event: Received: ping") })

        app.endInput()
        #expect(await app.waitForExit() == 0)
        #expect(await peer.waitFor { $0.stderrLines.contains { $0.hasSuffix("disconnected; still listening") } })
        peer.endInput()
        #expect(await peer.waitForExit() == 0)
    }

    @Test func aVoIPLaunchReconnectsToTheEndpointTheAppUsedLast() async throws {
        let peer = try InteractiveProcess(backgrounderPath, ["voip-peer", "--port", "0"])
        defer { peer.stop() }
        let port = try #require(await peer.listeningPort(after: "listening on 127.0.0.1:", in: \.stderrLines))
        let data = temporaryDataDirectory()
        let first = try InteractiveProcess(backgrounderPath, headlessRun(dataDirectory: data))
        first.type("voip connect 127.0.0.1 \(port)")
        #expect(await peer.waitFor { $0.stdoutLines == ["ping"] })
        first.endInput()
        #expect(await first.waitForExit() == 0)

        // As iOS launches a VoIP app at boot: into the background, where it connects again.
        let second = try InteractiveProcess(backgrounderPath, headlessRun(["--ios", "9", "--launch-reason", "voip"], dataDirectory: data))
        defer { second.stop() }
        #expect(await peer.waitFor { $0.stdoutLines == ["ping", "ping"] })
        #expect(await second.waitFor { messages($0.stdoutLines).contains("App is backgrounded. New event: Ping sent") })
        second.endInput()
        #expect(await second.waitForExit() == 0)
    }

    @Test func voipPeerOnAPortInUseSaysSo() async throws {
        let first = try InteractiveProcess(backgrounderPath, ["voip-peer", "--port", "0"])
        defer { first.stop() }
        let port = try #require(await first.listeningPort(after: "listening on 127.0.0.1:", in: \.stderrLines))
        let second = try InteractiveProcess(backgrounderPath, ["voip-peer", "--port", String(port)])
        defer { second.stop() }
        let status = await second.waitForExit()
        #expect(status != nil && status != 0, "exit status \(String(describing: status))")
        #expect(second.stderrLines.contains { $0.contains("cannot listen on 127.0.0.1:\(port)") && $0.contains("Address already in use") })
    }

}
