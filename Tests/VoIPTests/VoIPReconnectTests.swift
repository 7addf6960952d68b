import BackgroundRuntime
import Foundation
import TestSupport
import Testing
import VoIP
import VoIPSystem
import VoIPWire

@Suite("VoIP socket: dead connections are replaced after a backoff, on the test clock", .serialized)
struct VoIPReconnectTests {
    static let backoff = ReconnectBackoff(base: .seconds(1), cap: .seconds(8))

    /// The delays the service draws with seed 42, in order.
    static func expectedDelays(_ count: Int) -> [Duration] {
        var random = SeededRandom(seed: 42)
        return (0..<count).map { backoff.delay(forAttempt: $0, using: &random) }
    }

    @Test func aResetByThePeerIsReportedAndTheSocketReconnectsAfterItsBackoffDelay() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(configuration: VoIPConfiguration(backoff: Self.backoff, randomSeed: 42))
        harness.device.pressHome()
        await peer.peer.resetClients()
        #expect(await harness.waitUntil { harness.service.status.state == .waitingToReconnect })
        #expect(harness.log.last == "Had error: the connection to \(peer.endpoint) failed: Connection reset by peer")
        #expect(harness.console.contains("App is backgrounded. New event: Had error: the connection to \(peer.endpoint) failed: Connection reset by peer"))
        let delay = try #require(Self.expectedDelays(1).first)
        #expect(harness.service.status.nextAttemptIn == delay.seconds)
        #expect(harness.device.appState == .suspended)

        harness.device.advance(by: delay - .nanoseconds(1))
        #expect(harness.service.status.attempts == 1)
        harness.device.advance(by: .nanoseconds(1))
        #expect(harness.service.status.attempts == 2)
        #expect(await harness.waitUntilConnected(connections: 2))
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "ping"] })
        #expect(harness.log.suffix(2) == ["Connection Opened", "Ping sent"])
        #expect(harness.service.status.failuresInARow == 0)
        #expect(harness.device.appState == .suspended)
    }

    @Test func aPeerThatIsGoneIsRetriedWithGrowingJitteredDelaysUpToTheCap() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(
            configuration: VoIPConfiguration(backoff: Self.backoff, randomSeed: 42))
        let port = peer.port
        await peer.peer.stop()
        #expect(await harness.waitUntil { harness.service.status.state == .waitingToReconnect })
        #expect(harness.log.last == "Connection Closed")

        let delays = Self.expectedDelays(7)
        for (failure, delay) in delays.enumerated() {
            #expect(harness.service.status.nextAttemptIn == delay.seconds)
            #expect(delay <= Self.backoff.ceiling(forAttempt: failure))
            harness.device.advance(by: delay)
            guard failure < delays.count - 1 else { break }
            #expect(await harness.waitUntil { harness.service.status.failuresInARow == failure + 2 })
            #expect(harness.log.last == "Had error: could not connect to 127.0.0.1:\(port): Connection refused")
        }
        #expect(Self.backoff.ceiling(forAttempt: 6) == .seconds(8))
        #expect(await harness.waitUntil { harness.service.status.state == .waitingToReconnect && harness.service.status.failuresInARow == 8 })

        let revived = try await TestPeer.start(port: port)
        let next = try #require(harness.service.status.nextAttemptIn)
        harness.device.advance(by: .milliseconds(Int64((next * 1000).rounded(.up))))
        #expect(await harness.waitUntilConnected(connections: 2))
        #expect(harness.service.status.failuresInARow == 0)
        #expect(await harness.waitUntil { revived.log.lines == ["ping"] })
    }

    @Test func aHalfOpenConnectionIsFoundByTheReadIdleTimeout() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(configuration: VoIPConfiguration(
            readIdleTimeout: .seconds(900), backoff: Self.backoff, randomSeed: 42))
        harness.device.advance(by: .seconds(300))
        peer.peer.send("xxxxx")
        #expect(await harness.waitUntil { harness.service.status.linesReceived == 1 })
        harness.device.advance(by: .seconds(899))
        #expect(harness.service.status.state == .connected)
        harness.device.advance(by: .seconds(1))
        #expect(harness.service.status.state == .waitingToReconnect)
        #expect(harness.log.last == "Had error: nothing received from \(peer.endpoint) for 900 s: the connection is presumed dead")
        #expect(await harness.waitUntil { peer.log.disconnections == 1 })
    }

    @Test func aConnectThatHangsTimesOutOnTheTestClock() async throws {
        let listener = HangingListener()
        defer { listener.close() }
        let harness = VoIPHarness(configuration: VoIPConfiguration(
            connectTimeout: .seconds(10), backoff: Self.backoff, randomSeed: 42))
        harness.connect(to: try VoIPEndpoint(host: "127.0.0.1", port: listener.port))
        #expect(harness.service.status.state == .connecting)
        harness.device.advance(by: .seconds(9))
        #expect(harness.service.status.state == .connecting)
        harness.device.advance(by: .seconds(1))
        #expect(harness.service.status.state == .waitingToReconnect)
        #expect(harness.log.last == "Had error: could not connect to 127.0.0.1:\(listener.port) within 10 s")
    }

    @Test func disconnectClosesTheSocketAndNothingIsRetried() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        harness.device.perform { ($0.delegate as! VoIPTestApp).screen.didTapDisconnect() }
        #expect(await harness.waitUntil { peer.log.disconnections == 1 })
        #expect(harness.service.status.state == .disconnected)
        #expect(harness.device.keepAliveTimeout == nil)
        harness.device.advance(by: .seconds(3600))
        #expect(peer.log.connections == 1)
        #expect(harness.device.loop.pendingTimers == 0)
    }
}

/// A listening socket whose accept queue is full, so that a further connect hangs (the
/// kernel drops its SYNs) until it times out.
struct HangingListener {
    let port: Int
    private let sockets: [LoopbackSocket]

    init() {
        let listener = LoopbackSocket()
        port = listener.bindToAnyPort()
        listener.listen(backlog: 0)
        // The accept queue holds backlog + 1 connections; fill it, without waiting for the
        // connects that hang once it is full.
        let fillers = (0..<2).map { _ in LoopbackSocket(nonBlocking: true) }
        for filler in fillers { filler.connect(to: port) }
        sockets = [listener] + fillers
    }

    func close() {
        for socket in sockets { socket.close() }
    }
}
