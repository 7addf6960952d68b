import BackgroundRuntime
import Foundation
import TestSupport
import Testing
@testable import VoIP
@testable import VoIPSystem
@testable import VoIPWire

/// The system's watch on a socket the app's own process owns: once the app is frozen, it
/// compares the kernel's count of what the socket received with the app's count of what it
/// handled, and an app that cannot count is never taken to have left data unhandled.
@Suite("The system's watch on a socket the app owns")
struct ReadabilityWatchTests {
    @Test func dataTheAppHasNotHandledCountsUntilTheAppSaysItCannotCount() throws {
        let listener = LoopbackSocket()
        defer { listener.close() }
        let port = listener.bindToAnyPort()
        listener.listen(backlog: 1)
        let peer = LoopbackSocket()
        defer { peer.close() }
        #expect(peer.connect(to: port))
        let accepted = accept(listener.descriptor, nil, nil)
        try #require(accepted >= 0)
        let counters = try #require(SharedCounters(count: SocketTraffic.counterCount))
        let watch = ReadabilityWatch(descriptor: accepted, counters: counters, readable: {}, closed: { _ in })
        defer { watch.cancel() }
        #expect(!watch.hasUnhandledData())

        let ping = Array("ping\n".utf8)
        #expect(send(peer.descriptor, ping, ping.count, 0) == ping.count)
        #expect(Self.waitUntilReadable(accepted))
        #expect(watch.hasUnhandledData(), "the app has handled none of it")
        counters.add(ping.count, to: SocketTraffic.receivedHandledCounter)
        #expect(!watch.hasUnhandledData(), "the app handled all of it")

        #expect(send(peer.descriptor, ping, ping.count, 0) == ping.count)
        var pending = [UInt8](repeating: 0, count: 2 * ping.count)
        // What the app read is gone from the socket; the second ping is what comes now.
        #expect(recv(accepted, &pending, ping.count, 0) == ping.count)
        #expect(Self.waitUntilReadable(accepted))
        #expect(watch.hasUnhandledData())
        // An app that has no counters would leave the count at what it was for good: every
        // suspension would wake it again.
        watch.appCannotCount()
        #expect(!watch.hasUnhandledData())
    }

    /// Waits, 10 s at most, until the kernel says `descriptor` has data to read.
    private static func waitUntilReadable(_ descriptor: Int32) -> Bool {
        var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&readable, 1, 10_000) == 1
    }
}
