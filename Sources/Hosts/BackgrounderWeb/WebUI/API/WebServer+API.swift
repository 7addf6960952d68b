import BackgroundCommands
import BackgroundRuntime
import Foundation
import Hummingbird
import HummingbirdWebSocket

extension WebServer {
    /// The most console lines one request returns.
    static let maxConsolePage = 10_000
    /// The largest command request body.
    static let maxCommandBody = 16 * 1024

    static func addAPI<Host: CommandHost>(to router: Router<BasicWebSocketRequestContext>, host: Host, tabs: [String]?) {
        let device = host.device
        let app = AppView(name: device.infoPlist.bundleName, tabs: tabs)
        router.get("/api/status") { _, _ in
            Response.json(device.statusJSON())
        }
        router.get("/api/console") { request, _ in
            let query = request.uri.queryParameters
            guard let after = wholeNumber(query["after"], default: 0, in: 0...Int.max) else {
                return Response.error("after: expected a console line's sequence number (0 or more)", status: .badRequest)
            }
            guard let limit = wholeNumber(query["limit"], default: 1_000, in: 1...maxConsolePage) else {
                return Response.error("limit: expected a number of lines from 1 to \(maxConsolePage)", status: .badRequest)
            }
            let lines = device.console.lines(after: after, limit: limit)
            return Response.json(ConsolePage(lines: lines.map(ConsoleLineView.init), capacity: device.console.capacity))
        }
        let metrics = EnergyMetrics()
        router.get("/metrics") { _, _ in
            Response.text(metrics.scrape(device.energy.status()), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("/api/energy") { request, _ in
            guard let seconds = wholeNumber(request.uri.queryParameters["seconds"], default: 300, in: 5...300) else {
                return Response.error("seconds: expected how many seconds of timeline, from 5 to 300", status: .badRequest)
            }
            return Response.json(EnergyView(status: device.energy.status(), timeline: device.energy.timeline(seconds: Double(seconds))))
        }
        router.get("/api/app") { _, _ in
            Response.json(app)
        }
        router.get("/api/rules") { _, _ in
            Response.json(host.rules.json(for: device.profile))
        }
        router.get("/api/commands") { _, _ in
            Response.json(host.commands.commands.map(CommandView.init))
        }
        router.post("/api/command") { request, _ in
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: maxCommandBody)
            } catch {
                return Response.error("the request is larger than \(maxCommandBody) bytes", status: .contentTooLarge)
            }
            guard let command = try? JSONDecoder().decode(CommandRequest.self, from: Data(buffer: body)) else {
                return Response.error(#"expected a JSON object {"line": "a command line"}"#, status: .badRequest)
            }
            return Response.json(CommandReply(await host.execute(command.line)))
        }
    }

    /// A query parameter as a whole number in `range`; `fallback` when absent, nil when invalid.
    private static func wholeNumber(_ text: Substring?, default fallback: Int, in range: ClosedRange<Int>) -> Int? {
        guard let text else { return fallback }
        guard let value = Int(text), range.contains(value) else { return nil }
        return value
    }
}
