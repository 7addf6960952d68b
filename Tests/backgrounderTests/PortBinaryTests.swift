import Foundation
import TestSupport
import Testing

/// A port on 127.0.0.1 that the test holds with a listening socket until ``release()``: taken
/// for any other listener, whatever the other tests running in parallel do.
private struct HeldPort {
    let port: Int
    private let socket = LoopbackSocket()

    init() {
        port = socket.bindToAnyPort()
        socket.listen(backlog: 1)
    }

    func release() { socket.close() }
}

/// The port in the first `Content server: http://127.0.0.1:PORT/…` line of `output`.
private func contentServerPort(in output: String) -> Int? {
    output.firstMatch(of: #/Content server: http://127\.0\.0\.1:(\d+)/#).flatMap { Int($0.output.1) }
}

/// The optional listeners — the remote console, the push gateway, the content server — never
/// stop the start: a port that is taken is one console line naming the flag that moves it; a
/// free port asked for is named on the console; the Newsstand tab's URL follows the content
/// server's real port. The web UI's port taken is an error naming `--port`.
@Suite("Ports of backgrounder run", .temporaryDirectory)
struct PortBinaryTests {
    @Test func takenOptionalPortsAreOneConsoleLineEachAndTheAppRuns() async throws {
        let console = HeldPort(), push = HeldPort(), content = HeldPort()
        defer { [console, push, content].forEach { $0.release() } }
        let run = try await runBackgrounder(
            [
                "run", "--headless", "--data-dir", temporaryDataDirectory(),
                "--console-listen", "127.0.0.1:\(console.port)", "--push-port", "\(push.port)",
                "--content-port", "\(content.port)",
            ],
            input: "status\n")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = messages(run.stdout.split(separator: "\n").map(String.init))
        #expect(lines.contains("State: inactive → active"))
        #expect(lines.filter { $0.hasPrefix("Remote console: not started, cannot listen on 127.0.0.1:\(console.port) (it is taken); ") && $0.hasSuffix("--console-listen HOST:PORT moves it (HOST:0 picks a free port)") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("Push gateway: not started, cannot listen on 127.0.0.1:\(push.port) (it is taken); ") && $0.hasSuffix("--push-port N moves it (auto picks a free port, 0 starts none)") }.count == 1, "\(lines)")
        // The content server serves on a free port instead, in one line, and the tab's URL names it.
        let served = try #require(contentServerPort(in: run.stdout), "\(run.stdout)")
        #expect(served != content.port)
        #expect(lines.filter { $0.hasPrefix("Content server: ") }.count == 1)
        #expect(lines.contains { $0.hasPrefix("Content server: http://127.0.0.1:\(served)/") && $0.contains("cannot listen on 127.0.0.1:\(content.port) (it is taken), so it serves on a free port") && $0.hasSuffix("--content-port N moves it") })
        #expect(run.stdout.contains(#""url":"http:\/\/127.0.0.1:\#(served)\/issues\/the-backgrounder-2013.pdf""#) || run.stdout.contains(#""url":"http://127.0.0.1:\#(served)/issues/the-backgrounder-2013.pdf""#), "\(run.stdout)")
    }

    @Test func autoAndZeroPickFreePortsAndTheConsoleNamesThem() async throws {
        let app = try InteractiveProcess(backgrounderPath, [
            "run", "--data-dir", temporaryDataDirectory(), "--port", "0", "--console-listen", "127.0.0.1:0",
            "--content-port", "auto", "--push-port", "auto",
        ])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") && $0.stdout.contains("Push gateway: ") })
        let stdout = app.stdout
        let web = stdout.firstMatch(of: #/Web UI: http://127\.0\.0\.1:(\d+)/#).flatMap { Int($0.output.1) }
        let remote = stdout.firstMatch(of: #/Remote console: listening on 127\.0\.0\.1:(\d+) /#).flatMap { Int($0.output.1) }
        let gateway = stdout.firstMatch(of: #/Push gateway: https://127\.0\.0\.1:(\d+) /#).flatMap { Int($0.output.1) }
        let content = contentServerPort(in: stdout)
        for (name, port) in [("web UI", web), ("remote console", remote), ("push gateway", gateway), ("content server", content)] {
            let port = try #require(port, "no port for the \(name) in \(stdout)")
            #expect(port > 0, "\(name)")
            #expect(await waitUntil { isListening(port: port) }, "the \(name) does not listen on \(port): \(app.stdout)")
        }
        app.type("status")
        let served = try #require(content)
        #expect(await app.waitFor { $0.stdout.contains("127.0.0.1:\(served)/issues/the-backgrounder-2013.pdf") && $0.stdout.contains(#""url":"#) })
        app.send(SIGTERM)
        #expect(await app.waitForExit() == 0)
    }

    @Test func aTakenWebUIPortIsAnErrorNamingPort() async throws {
        let web = HeldPort()
        defer { web.release() }
        let run = try await runBackgrounder(
            ["run", "--data-dir", temporaryDataDirectory(), "--port", "\(web.port)", "--content-port", "0", "--push-port", "0",
             "--console-listen", "127.0.0.1:0"],
            input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("web UI: cannot listen on 127.0.0.1:\(web.port): "), "\(run.stderr)")
        #expect(run.stderr.contains("choose another port with --port N"), "\(run.stderr)")
    }

    @Test func pushToAPortWithNoGatewayNamesPushPort() async throws {
        let data = temporaryDataDirectory()
        // A run with a gateway leaves the tokens and the gateway's certificate in the data directory.
        let run = try await runBackgrounder(
            ["run", "--headless", "--data-dir", data, "--content-port", "0", "--push-port", "auto"], input: "quit\n")
        #expect(run.status == 0, "\(run.stderr)")
        let file = data + "/push.json"
        try Data(#"{"aps":{"content-available":1}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let (port, socket) = refusingPort()  // no gateway there
        defer { socket.close() }
        let push = try await runBackgrounder(["push", file, "--data-dir", data, "--push-port", "\(port)"], input: "")
        #expect(push.status != 0)
        #expect(push.stderr.contains("cannot reach the push gateway at https://127.0.0.1:\(port): "), "\(push.stderr)")
        #expect(push.stderr.contains("Give --push-port the port of the app's `Push gateway:` console line"), "\(push.stderr)")
    }

    @Test func aPortFlagThatIsNoPortIsRefusedByName() async throws {
        let content = try await runBackgrounder(
            ["run", "--headless", "--data-dir", temporaryDataDirectory(), "--content-port", "70000"], input: "")
        #expect(content.status != 0)
        #expect(content.stderr.contains("--content-port 70000: not a TCP port (1 to 65535, 0 for none, or auto for a free one)"), "\(content.stderr)")
        let push = try await runBackgrounder(headlessRun(["--push-port", "70000"]), input: "")
        #expect(push.status != 0)
        #expect(push.stderr.contains("--push-port 70000: not a TCP port"), "\(push.stderr)")
    }
}
