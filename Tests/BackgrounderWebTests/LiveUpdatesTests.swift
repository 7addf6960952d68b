@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
@testable import BackgrounderWeb
import Foundation
import Hummingbird
import HummingbirdWSClient
import Logging
import Synchronization
import TestSupport
import Testing
import TheBackgrounder

/// Each test is bounded (`.timeLimit`): a feed event that never comes fails it, instead of an
/// `await events.next()` that would wait for ever.
@Suite("Live updates", .serialized, .temporaryDirectory, .timeLimit(.minutes(1)))
struct LiveUpdatesTests {
    @Test func theFeedSendsTheStatusWhenItChangedAtMostOncePerIntervalAndStateChangesAtOnce() async throws {
        let device = try makeBackgrounder().testDevice
        let timersBefore = device.loop.pendingTimers
        let feed = StatusFeed(device: device, interval: .milliseconds(100))
        var events = feed.subscribe().makeAsyncIterator()
        guard case .status(let first)? = await events.next() else { throw TimedOut(what: "the first status") }
        #expect(first.contains(#""state":"active""#))

        device.advance(by: .seconds(1))
        for value in 1...5 { device.publish(CounterSnapshot(value: value), for: .counter) }
        device.advance(by: .milliseconds(99))
        device.beginInterruption()
        #expect(await events.next() == .state(AppStateChange(from: .active, to: .inactive, time: .milliseconds(1_099))))

        device.advance(by: .milliseconds(1))
        guard case .status(let changed)? = await events.next() else { throw TimedOut(what: "the changed status") }
        #expect(changed.contains(#""counter":{"value":5}"#))
        #expect(changed.contains(#""interrupted":true"#))
        #expect(changed.contains(#""state":"inactive""#))

        device.advance(by: .seconds(1))
        device.endInterruption()
        #expect(await events.next() == .state(AppStateChange(from: .inactive, to: .active, time: .milliseconds(2_100))))

        feed.stop()
        #expect(await events.next() == nil)
        #expect(device.loop.pendingTimers == timersBefore)
        #expect(feed.subscriberCount == 0)
    }

    @Test func aChangeIsPushedOnlyToSubscribersAndNothingRunsWhileNothingChanges() async throws {
        let device = try makeBackgrounder().testDevice
        let timersBefore = device.loop.pendingTimers
        let feed = StatusFeed(device: device)
        defer { feed.stop() }
        device.publish(CounterSnapshot(value: 1), for: .counter)
        #expect(device.loop.pendingTimers == timersBefore, "no subscriber, nothing to send")
        var events = feed.subscribe().makeAsyncIterator()
        guard case .status? = await events.next() else { throw TimedOut(what: "the first status") }
        device.advance(by: .seconds(10))
        #expect(device.loop.pendingTimers == timersBefore, "nothing changed, nothing is sampled")
        device.publish(CounterSnapshot(value: 2), for: .counter)
        #expect(device.loop.pendingTimers == timersBefore + 1)
        device.advance(by: feed.interval)
        guard case .status(let pushed)? = await events.next() else { throw TimedOut(what: "the pushed status") }
        #expect(pushed.contains(#""counter":{"value":2}"#))
        #expect(device.loop.pendingTimers == timersBefore)
    }

    @Test func eventsAreJSONMessagesOfTheirType() throws {
        let change = AppStateChange(from: .background, to: .suspended, time: .milliseconds(2_500))
        #expect(FeedEvent.state(change).json == #"{"from":"background","time":2.5,"to":"suspended","type":"state"}"#)
        #expect(FeedEvent.status(#"{"state":"active"}"#).json == #"{"status":{"state":"active"},"type":"status"}"#)
        let line = ConsoleLine(sequence: 7, date: Device.manualEpoch, process: "TheBackgrounder", pid: 42, message: "Hi \"there\"")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(FeedEvent.console(line).json.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "console")
        let payload = try #require(object["line"] as? [String: Any])
        #expect(payload["sequence"] as? Int == 7)
        #expect(payload["message"] as? String == "Hi \"there\"")
        #expect(payload["text"] as? String == line.formatted)
    }

    @Test func theWebSocketSendsTheStatusStateChangesAndConsoleLines() async throws {
        try await withWebServer { backgrounder, server, client in
            let device = backgrounder.testDevice
            let after = try #require(device.console.recentLines.last?.sequence)
            let received = ReceivedMessages()
            let url = "ws://127.0.0.1:\(server.port)/ws?after=\(after)"
            let socket = Task {
                try await WebSocketClient.connect(url: url, logger: Logger(label: "test")) { inbound, _, _ in
                    var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                    while let message = try await messages.next() {
                        guard case .text(let text) = message else { continue }
                        received.append(text)
                        if text.contains("the test is done") { return }
                    }
                }
            }
            try await received.waitFor(#""type":"status""#, #""state":"active""#)
            #expect(try await client.command("home")["ok"] as? Bool == true)
            try await received.waitFor(#""type":"state""#, #""from":"active""#, #""to":"inactive""#)
            try await received.waitFor(#""type":"state""#, #""from":"background""#, #""to":"suspended""#)
            try await received.waitFor(#""type":"console""#, "State: background → suspended")
            device.advance(by: .milliseconds(100))
            try await received.waitFor(#""type":"status""#, #""state":"suspended""#)
            #expect(!received.all.contains { $0.contains("\"sequence\":\(after),") })
            device.console.log("the test is done")
            _ = try await within("the socket to close") { try await socket.value }
            try await until("the server to forget the client") { server.subscriberCount == 0 }
        }
    }

    @Test func aReloadRestoresEverything() async throws {
        try await withWebServer { backgrounder, _, client in
            backgrounder.device.publish(CounterSnapshot(value: 42), for: .counter)
            _ = try await client.command("home")
            let status = try await client.get("/api/status").json()
            #expect(status["state"] as? String == "suspended")
            #expect((status["screens"] as? [String: Any])?["counter"] as? [String: Int] == ["value": 42])
            let lines = try #require(try await client.get("/api/console").json()["lines"] as? [[String: Any]])
            #expect(lines.contains { $0["message"] as? String == "State: background → suspended" })
        }
    }

    @Test func aWebSocketWithABadStartingPointIsRefused() async throws {
        try await withWebServer { _, server, client in
            // The upgrade is answered 400 Bad Request: the connection is never upgraded.
            let response = try await client.get("/ws?after=-5", headers: [
                .connection: "Upgrade", .upgrade: "websocket",
                .secWebSocketVersion: "13", .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==",
            ])
            #expect(response.status == .badRequest)
            // A WebSocket client hears the refusal as such: a failed upgrade, not a timeout.
            await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
                try await within("the refusal") {
                    try await WebSocketClient.connect(url: "ws://127.0.0.1:\(server.port)/ws?after=-5", logger: Logger(label: "test")) { _, _, _ in
                        Issue.record("upgraded")
                    }
                }
            }
        }
    }
}
