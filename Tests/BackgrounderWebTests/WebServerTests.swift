import BackgroundCommands
import BackgroundRuntime
@testable import BackgrounderWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Newsstand
import TestSupport
import Testing
import TheBackgrounder

@Suite("The web UI's server", .serialized, .temporaryDirectory)
struct WebServerTests {
    @Test func itServesThePageAndItsAssetsFromTheModule() async throws {
        try await withWebServer { _, _, client in
            let page = try await client.get("/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains("<title>TheBackgrounder</title>"))
            for asset in ["/style.css", "/icon.svg", "/js/app.js", "/js/screens/index.js"] {
                #expect(try await client.get(asset).status == .ok, "\(asset)")
            }
            let script = try await client.get("/js/app.js")
            #expect(script.headers[.contentType]?.contains("javascript") == true)
            #expect(try await client.get("/icon.svg").headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            #expect(try await client.get("/nothing-here.js").status == .notFound)
        }
    }

    @Test func everyScreenOfTheTabBarHasItsRenderer() async throws {
        try await withWebServer { _, _, client in
            let index = try await client.get("/js/screens/index.js").text
            for tab in ["audio", "location", "whatever", "newsstand", "voip", "fetch"] {
                #expect(index.contains("import \(tab) from \"./\(tab).js\";"))
                let screen = try await client.get("/js/screens/\(tab).js")
                #expect(screen.status == .ok)
                #expect(screen.text.contains("name: \"\(tab)\""))
            }
        }
    }

    @Test func nothingOutsideTheAssetsIsServed() async throws {
        try await withWebServer { _, _, client in
            for path in ["/../Package.swift", "/js/../../Package.swift", "/%2e%2e/Package.swift", "/..%2fPackage.swift"] {
                let status = try await client.get(path).status
                #expect(status == .badRequest || status == .notFound, "\(path): \(status)")
            }
        }
    }

    @Test func theIssueDocumentIsServedOnlyWhileShownAndOnlyFromTheDataDirectory() async throws {
        try await withWebServer { backgrounder, _, client in
            let hidden = try await client.get("/api/newsstand/document")
            #expect(hidden.status == .notFound)
            #expect(try hidden.json()["error"] as? String == "the Newsstand screen shows no document")
            let directory = backgrounder.configuration.dataDirectory.appendingPathComponent("Newsstand/test", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let document = directory.appendingPathComponent("issue.pdf")
            try Data("%PDF-1.4 a test issue".utf8).write(to: document)
            let shown = NewsstandSnapshot(
                url: "http://127.0.0.1/issue.pdf", progress: nil, documentPath: document.path, currentIssue: "test",
                issues: [], error: nil)
            backgrounder.device.publish(shown, for: .newsstand)
            let served = try await client.get("/api/newsstand/document")
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "application/pdf")
            #expect(served.text == "%PDF-1.4 a test issue")
            for outside in ["/etc/passwd", directory.path + "/../../../../etc/passwd"] {
                var lying = shown
                lying.documentPath = outside
                backgrounder.device.publish(lying, for: .newsstand)
                #expect(try await client.get("/api/newsstand/document").status == .forbidden, "\(outside)")
            }
        }
    }

    @Test func theLocationMapIsServedAsTheCLIWritesIt() async throws {
        try await withWebServer { backgrounder, _, client in
            let response = try await client.get("/api/location/map.svg")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(response.text.hasPrefix("<?xml") || response.text.hasPrefix("<svg"))
            let written = backgrounder.configuration.dataDirectory.appendingPathComponent("map.svg")
            #expect(await backgrounder.execute("location map \(written.path)") == .output("Wrote the map of 0 pins to \(written.path)"))
            #expect(try String(contentsOf: written, encoding: .utf8) == response.text)
        }
    }

    @Test func statusIsTheDevicesStatusAndCommandsChangeIt() async throws {
        try await withWebServer { _, _, client in
            let before = try await client.get("/api/status")
            #expect(before.headers[.cacheControl] == "no-store")
            #expect(try before.json()["state"] as? String == "active")
            #expect(try await client.command("home")["ok"] as? Bool == true)
            #expect(try await client.get("/api/status").json()["state"] as? String == "suspended")
            #expect(try await client.command("open")["ok"] as? Bool == true)
            #expect(try await client.command("interrupt begin")["ok"] as? Bool == true)
            let status = try await client.get("/api/status").json()
            #expect(status["state"] as? String == "inactive")
            #expect(status["interrupted"] as? Bool == true)
        }
    }

    @Test func commandsAnswerAsTheHeadlessConsoleDoes() async throws {
        try await withWebServer { backgrounder, _, client in
            let status = try await client.command("status")
            #expect(status["ok"] as? Bool == true)
            #expect((status["output"] as? String)?.contains(#""state":"active""#) == true)
            let unknown = try await client.command("dance")
            #expect(unknown["ok"] as? Bool == false)
            #expect(unknown["error"] as? String == "unknown command \"dance\"; type help for the list of commands")
            let usage = try await client.command("wait")
            #expect(usage["error"] as? String == "usage: wait SECONDS")
            let quit = try await client.command("quit")
            #expect(quit["ok"] as? Bool == false)
            #expect((quit["error"] as? String)?.contains("terminal") == true)
            #expect(backgrounder.device.appState == .active)
        }
    }

    @Test func aBadCommandRequestIsRefusedWithAReason() async throws {
        try await withWebServer { _, _, client in
            for body in ["", "home", "{\"line\": 5}", "[]", "\u{0}\u{ff}"] {
                let response = try await client.post("/api/command", body: ByteBuffer(string: body))
                #expect(response.status == .badRequest)
                #expect(try response.json()["error"] as? String == #"expected a JSON object {"line": "a command line"}"#)
            }
            let huge = ByteBuffer(repeating: UInt8(ascii: "a"), count: WebServer.maxCommandBody + 1)
            #expect(try await client.post("/api/command", body: huge).status == .contentTooLarge)
        }
    }

    @Test func launchRelaunchesTheAppForAReason() async throws {
        try await withWebServer { backgrounder, _, client in
            #expect(try await client.command("launch fetch")["ok"] as? Bool == true)
            #expect(backgrounder.device.launchReason == .fetch)
            #expect(backgrounder.device.launchCount == 2)
            #expect(backgrounder.device.appState.isForeground == false)
            let bad = try await client.command("launch party")
            #expect((bad["error"] as? String)?.hasPrefix("launch: \"party\" is not a launch reason; choose user, fetch") == true)
        }
    }

    @Test func theConsoleRouteGivesTheKeptLinesAfterASequence() async throws {
        try await withWebServer { backgrounder, _, client in
            for number in 1...5 { backgrounder.device.console.log("line \(number)") }
            let all = try await client.get("/api/console").json()
            let lines = try #require(all["lines"] as? [[String: Any]])
            #expect(lines.compactMap { $0["message"] as? String }.suffix(5) == (1...5).map { "line \($0)" })
            let last = try #require(lines.last)
            #expect((last["text"] as? String)?.hasSuffix("TheBackgrounder[\(backgrounder.device.console.pid)] line 5") == true)
            let sequence = try #require(last["sequence"] as? Int)
            let page = try await client.get("/api/console?after=\(sequence - 3)&limit=2").json()
            #expect((page["lines"] as? [[String: Any]])?.compactMap { $0["message"] as? String } == ["line 4", "line 5"])
            #expect(page["capacity"] as? Int == backgrounder.device.console.capacity)
            for query in ["after=-1", "after=x", "limit=0", "limit=10001", "limit="] {
                let response = try await client.get("/api/console?\(query)")
                #expect(response.status == .badRequest, "\(query)")
                #expect(try response.json()["error"] != nil)
            }
        }
    }

    @Test func theCommandsRouteListsTheCommandTable() async throws {
        try await withWebServer { _, _, client in
            let body = try await client.get("/api/commands").text
            let commands = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: String]])
            #expect(commands.contains { $0["usage"] == "wait SECONDS" && $0["help"]?.isEmpty == false })
            #expect(commands.contains { $0["usage"] == "launch REASON" })
        }
    }

    @Test func requestsForOtherHostsOrFromOtherSitesAreRefused() async throws {
        try await withWebServer { _, server, client in
            let rebound = try await client.execute(.init("/api/status", method: .get, authority: "evil.example:\(server.port)"))
            #expect(rebound.status == .forbidden)
            let crossSite = try await client.get("/api/status", headers: [.origin: "http://evil.example"])
            #expect(crossSite.status == .forbidden)
            #expect(try crossSite.json()["error"] as? String == "requests from other sites (Origin http://evil.example) are refused")
            let body = ByteBuffer(string: #"{"line": "home"}"#)
            #expect(try await client.post("/api/command", headers: [.origin: "null"], body: body).status == .forbidden)
            let sameSite = try await client.get("/api/status", headers: [.origin: "http://127.0.0.1:\(server.port)"])
            #expect(sameSite.status == .ok)
            let noHost = try await client.client.get("/api/status")
            #expect(noHost.status == .forbidden)
            let byName = try await client.execute(.init("/", method: .get, authority: "localhost:\(server.port)"))
            #expect(byName.status == .ok)
        }
    }

    @Test(arguments: [
        ("127.0.0.1:8080", true), ("127.0.0.1", true), ("127.1.2.3:80", true), ("localhost:8080", true), ("LOCALHOST", true),
        ("[::1]:8080", true), ("[::1]", true), ("evil.example", false), ("127.0.0.1.evil.example", false),
        ("127.0.0.1:80:80", false), ("[::2]:8080", false), ("10.0.0.1:8080", false), ("127.0.0.256", false), ("", false),
        ("localhost:", false), ("127.0.0.1@evil.example", false), ("[::1]evil", false), ("[::1]:", false),
    ])
    func loopbackAuthorities(authority: String, isLoopback: Bool) {
        #expect(authority.isLoopbackAuthority == isLoopback)
    }

    @Test func aConnectionThatNeverSendsARequestDoesNotHoldUpTheStop() async throws {
        let server = try await WebServer.start(host: try makeBackgrounder().host, port: 0, tabs: WebServer.rendererTabs)
        let port = server.port
        try await within("the server to stop") {
            try await LineConnection.with(port: port) { _ in
                await server.stop()
            }
        }
    }

    @Test func aSecondServerOnTheSamePortFailsClearly() async throws {
        try await withWebServer { backgrounder, server, _ in
            await #expect {
                _ = try await WebServer.start(host: backgrounder.host, port: server.port, tabs: WebServer.rendererTabs)
            } throws: { error in
                guard case .cannotListen(let port, _) = error as? WebServerError else { return false }
                return port == server.port && "\(error)".contains("choose another port with --port N")
            }
        }
    }
}
