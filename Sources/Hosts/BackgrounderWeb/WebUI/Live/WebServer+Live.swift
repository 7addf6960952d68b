import BackgroundRuntime
import Hummingbird
import HummingbirdWebSocket

extension WebServer {
    /// The most messages waiting for one slow client before the oldest are dropped.
    static let liveBuffer = 2_048

    /// `GET /ws?after=N`: the status now and on every change, each state change, and the
    /// console lines after sequence N, as ``FeedEvent`` messages.
    static func addLiveUpdates(to router: Router<BasicWebSocketRequestContext>, device: Device, feed: StatusFeed) {
        router.ws("/ws") { request, _ in
            guard let after = Int(request.uri.queryParameters["after"] ?? "0"), after >= 0 else {
                throw HTTPError(.badRequest, message: "after: expected a console line's sequence number (0 or more)")
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let after = Int(context.request.uri.queryParameters["after"] ?? "0") ?? 0
            let (messages, sender) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(liveBuffer))
            let events = feed.subscribe()
            let lines = device.console.follow(after: after)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await _ in inbound {}
                }
                group.addTask {
                    for await event in events { sender.yield(event.json) }
                }
                group.addTask {
                    for await line in lines { sender.yield(FeedEvent.console(line).json) }
                }
                group.addTask {
                    for await message in messages { try await outbound.write(.text(message)) }
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
    }
}
