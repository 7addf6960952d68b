import BackgroundRuntime
import Foundation
import Testing
import VoIP
import VoIPSystem
import VoIPWire

@Suite("VoIP socket: the tutorial's ping, pong and notify, on real peers over loopback", .serialized)
struct VoIPServiceTests {
    @Test func theAppPingsOnceTheConnectionIsWritableAndAnswersPingWithPongInTheForeground() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        #expect(harness.log == ["Connection Opened", "Ping sent"])
        peer.peer.send("ping")
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "pong"] })
        peer.peer.send("xxxxx")
        #expect(await harness.waitUntil { harness.log.last == "Received: xxxxx" })
        #expect(peer.log.lines == ["ping", "pong"])
        #expect(harness.log == ["Connection Opened", "Ping sent", "Received: ping", "Received: xxxxx"])
        #expect(!harness.console.contains { $0.hasPrefix("App is backgrounded") })
        let status = harness.service.status
        #expect(status.state == .connected)
        #expect(status.linesReceived == 2)
        #expect(status.linesSent == 2)
        #expect(status.isVoIPService)
    }

    /// A socket's `send` goes one way (the screen's pongs in the other tests), so it refuses in the
    /// app what it can tell there.
    @Test func aSocketRefusesALineWithABreakOrWithNoConnectionInTheApp() async throws {
        let (harness, _) = try await VoIPHarness.connectedToPeer()
        let refusals = harness.device.perform { application -> [String] in
            let socket = VoIPSocket(application: application)
            var refusals: [String] = []
            for line in ["two\nlines", "before connecting"] {
                do throws(VoIPError) { try socket.send(line) } catch { refusals.append("\(error)") }
            }
            return refusals
        }
        #expect(refusals == [VoIPError.lineBreakInLine.description, VoIPError.notConnected.description])
        #expect(harness.service.status.linesSent == 1, "only the screen's first ping reached the service")
    }

    @Test func whileSuspendedThePingWakesTheAppWhichAnswersPongAndIsSuspendedAgain() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        harness.device.pressHome()
        #expect(harness.device.appState == .suspended)
        peer.peer.send("ping")
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "pong"] })
        #expect(harness.device.appState == .suspended)
        #expect(harness.console.contains("App is backgrounded. New event: Received: ping"))
        #expect(harness.console.containsInOrder([
            "Woken in the background: the VoIP socket to \(peer.endpoint)",
            "State: suspended → background",
            "App is backgrounded. New event: Received: ping",
            "State: background → suspended",
        ]))
        #expect(harness.device.diagnostics.count == 0)
    }

    @Test func notifyPresentsNewVOIPCallAndAnswerBringsTheAppToTheForeground() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        harness.device.pressHome()
        peer.peer.send("notify")
        #expect(await harness.waitUntil { harness.console.contains("Notification: New VOIP call [Answer]") })
        #expect(harness.console.contains("App is backgrounded. New event: Received: notify"))
        #expect(harness.device.appState == .suspended)
        let banner = try #require(harness.device.notificationCenter.snapshot.banner)
        #expect(banner.alertBody == "New VOIP call")
        #expect(banner.action == "Answer")
        #expect(harness.device.snapshot(for: .notifications)?.banner == banner)
        #expect(harness.device.notificationCenter.answer()?.id == banner.id)
        #expect(harness.device.appState == .active)
        #expect(harness.device.notificationCenter.snapshot.banner == nil)
    }

    @Test func withoutTheVoIPModeTheDataWaitsUntilTheAppIsOpened() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(modes: [])
        harness.device.pressHome()
        #expect(harness.device.appState == .suspended)
        #expect(harness.device.diagnostics.countByRule[.missingBackgroundMode] == 2)
        peer.peer.send("ping")
        #expect(await harness.waitUntil { harness.service.status.heldEvents == 1 })
        #expect(harness.device.appState == .suspended)
        #expect(peer.log.lines == ["ping"])
        #expect(!harness.console.contains { $0.hasPrefix("Woken in the background") })
        harness.device.openApp()
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "pong"] })
        #expect(harness.service.status.heldEvents == 0)
        #expect(harness.log.last == "Received: ping")
    }

    @Test func inIOS17AVoIPSocketNoLongerWakesTheAppAndTheConsoleSaysWhy() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(iOS: 17)
        #expect(harness.log.first == "In iOS 17 a VoIP socket no longer wakes the suspended app and there is no keep-alive handler (Technical Q&A QA1938: PushKit replaced them). Run with --ios 9 or earlier to see it work.")
        harness.device.pressHome()
        #expect(harness.device.diagnostics.countByRule[.voipSocketsUnavailable] == 1)
        peer.peer.send("ping")
        #expect(await harness.waitUntil { harness.service.status.heldEvents == 1 })
        #expect(peer.log.lines == ["ping"])
        harness.device.openApp()
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "pong"] })
    }

    @Test(arguments: [10, 16, 26])
    func theConsoleDatesTheEndOfVoIPSocketsToIOS10AsQA1938Does(version: Int) async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(iOS: version)
        harness.device.pressHome()
        let line = try #require(harness.console.first { $0.hasPrefix("Diagnostic [voip-sockets-unavailable]") })
        #expect(line.contains("the legacy VoIP architecture is disabled from iOS 10 for apps linked with its SDK; Technical Q&A QA1938"))
        #expect(!line.contains("ended with iOS 16"), "\(line)")
        #expect(peer.log.lines == ["ping"])
    }

    @Test func severalCommandsInOneWriteAndCRLFAreEachHandled() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        harness.device.pressHome()
        peer.peer.sendBytes(Array("ping\r\nnotify\nping\n".utf8))
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "pong", "pong"] })
        #expect(await harness.waitUntil { harness.console.contains("Notification: New VOIP call [Answer]") })
        #expect(harness.log.suffix(3) == ["Received: ping", "Received: notify", "Received: ping"])
    }

    @Test func garbageAnOverlongLineAndInvalidUTF8AreReportedAndTheConnectionGoesOn() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(configuration: VoIPConfiguration(lineLimit: 1_024, randomSeed: 1))
        peer.peer.sendBytes([0xFF, 0xFE, 0x41, 0x0A])
        peer.peer.sendBytes(Array(repeating: UInt8(ascii: "x"), count: 200_000))
        peer.peer.sendBytes(Array("\u{1B}[31mred\nping\n".utf8))
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "pong"] })
        #expect(harness.log == [
            "Connection Opened", "Ping sent",
            "Had error: a line of 3 bytes that is not valid UTF-8 was received and dropped",
            "Had error: a line longer than 1024 bytes was received and dropped",
            "Received: ping",
        ])
        #expect(harness.service.status.state == .connected)
        #expect(harness.service.status.errors == 2)
        #expect(harness.service.status.bytesReceived == 4 + 200_000 + 14)
    }

    @Test func controlCharactersFromThePeerAreEscapedOnTheConsole() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        harness.device.pressHome()
        peer.peer.sendBytes(Array("\u{1B}[2Jcleared\n".utf8))
        #expect(await harness.waitUntil { harness.console.contains("App is backgrounded. New event: Received: \\u{1B}[2Jcleared") })
    }

    @Test func itConnectsOverIPv6() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(host: "::1")
        peer.peer.send("ping")
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "pong"] })
        #expect(harness.service.status.endpoint == "[::1]:\(peer.port)")
    }

    @Test func writingToAPeerThatIsGoneNeverCrashesTheProcess() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        await peer.peer.resetClients()
        await peer.peer.stop()
        for _ in 0..<200 { try? harness.service.send("pong") }
        #expect(await harness.waitUntil { harness.service.status.state == .waitingToReconnect })
        #expect(harness.log.last?.hasPrefix("Had error: the connection to \(peer.endpoint) failed") == true
            || harness.log.last == "Connection Closed")
    }
}
