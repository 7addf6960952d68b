import BackgroundCommands
import BackgrounderHost
import BackgroundRuntime
@testable import BackgrounderWeb
@testable import ForgetfulApp
import Foundation
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

/// A user's own app, hosted by `AppHost` on a manual device, in the web UI.
@Suite("A hosted app in the web UI", .temporaryDirectory)
struct HostedAppWebTests {
    /// `ForgetfulApp` launched on a manual device under iOS 10's rules, and the web UI of it.
    private func withHostedApp(_ body: @escaping @Sendable (AppHost, WebClient) async throws -> Void) async throws {
        let setup = DeviceSetup(infoPlist: ForgetfulApp.infoPlist) { ForgetfulApp(application: $0) }
        let host = AppHost(setup: setup, dataDirectory: try temporaryDirectory()) { TestDevice($0) }
        host.start()
        let server = try await WebServer.start(host: host, port: 0)
        do {
            try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
                try await body(host, WebClient(client: client, authority: "127.0.0.1:\(server.port)"))
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func theLeakedAssertionsDiagnosticReachesTheWebUIsConsoleAndStatus() async throws {
        try await withHostedApp { _, client in
            #expect(try await client.command("home")["ok"] as? Bool == true)
            #expect(try await client.command("wait 200")["ok"] as? Bool == true)
            let status = try await client.get("/api/status").json()
            #expect((status["diagnosticRules"] as? [String: Int])?["leaked-assertion"] == 1, "\(status)")
            let page = try await client.get("/api/console").json()
            let messages = (page["lines"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            let leak = messages.first { $0.hasPrefix("Diagnostic [leaked-assertion]: ") }
            #expect(leak?.contains("\"sync\"") == true, "\(messages)")
        }
    }

    @Test func thePageShowsTheAppsOwnScreensAndCommandsEveryAppHas() async throws {
        try await withHostedApp { _, client in
            let app = try await client.get("/api/app").json()
            #expect(app["name"] as? String == "Forgetful")
            #expect(app["tabs"] == nil, "no tabs named: the page shows every published screen")
            #expect(try await client.command("home")["ok"] as? Bool == true)
            let screens = try await client.get("/api/status").json()["screens"] as? [String: Any]
            #expect((screens?["forgetful"] as? [String: Any])?["backgroundings"] as? Int == 1)
            let body = try await client.get("/api/commands").text
            let commands = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: String]])
            let usages = commands.compactMap { $0["usage"] }
            for usage in ["home", "open", "status", "wait SECONDS", "fetch simulate", "bgtask list", "notification answer [ID] [ACTION]"] {
                #expect(usages.contains(usage), "\(usage)")
            }
            #expect(!usages.contains { $0.hasPrefix("audio") || $0.hasPrefix("location") }, "no tab of TheBackgrounder")
            let refused = try await client.command("audio play")
            #expect(refused["error"] as? String == "unknown command \"audio play\"; type help for the list of commands")
        }
    }

    @Test func theTabsFilesAreNotServedForAnAppWithoutThem() async throws {
        try await withHostedApp { _, client in
            let document = try await client.get("/api/newsstand/document")
            #expect(document.status == .notFound)
            #expect(try document.json()["error"] as? String == "this app serves no /api/newsstand/document")
            #expect(try await client.get("/api/location/map.svg").status == .notFound)
        }
    }
}
