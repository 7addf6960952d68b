import BackgrounderHost
import Foundation
import TestSupport
import Testing

/// What a person sees when a command fails: a usage mistake is the error and the usage; a
/// runtime failure (an app that does not answer, a port that is taken, a file that is not there)
/// is one `Error:` line, a `Hint:` line when there is one, status 1, and no usage.
@Suite("The command line's errors", .temporaryDirectory)
struct CommandLineErrorTests {
    /// Runs `backgrounder ARGUMENTS` to its end and checks that it failed at run time: status 1,
    /// no usage. Its standard error's lines.
    private func runtimeFailure(_ arguments: [String], environment: [String: String] = [:]) async throws -> [String] {
        let run = try await InteractiveProcess.run(backgrounderPath, arguments, environment: environment)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(!run.stderr.contains("Usage:"), "\(run.stderr)")
        #expect(!run.stderr.contains("errno"), "\(run.stderr)")
        return run.stderr.split(separator: "\n").map(String.init)
    }

    // MARK: Usage mistakes

    @Test func aWordThatIsNoSubcommandIsSaidToBeNoneWithTheSubcommands() async throws {
        let run = try await runBackgrounder(["frobnicate"], input: "")
        #expect(run.status == 64)
        #expect(run.stderr == """
            Error: 'frobnicate' is not a subcommand of backgrounder; the subcommands are run (the default), rules, new, port, \
            content-server, console, pair, voip-peer, push, energy, host
            Usage: backgrounder <subcommand>
              See 'backgrounder --help' for more information.

            """)
    }

    @Test func theAppsOwnProcessRefusesALaunchEnvironmentThatIsNotTheApps() async throws {
        let appProcess = ["app-process", "--ios", "10", "--wire", "\(WireVersion.current)"]
        let garbage = try await runBackgrounder(appProcess + ["--environment", "[1]"], input: "")
        #expect(garbage.status == 64)
        #expect(garbage.stderr.hasPrefix("Error: --environment: not a JSON object of strings"), "\(garbage.stderr)")
        let stranger = try await runtimeFailure(appProcess + ["--environment", "{}"])
        #expect(stranger == ["Error: app-process: --environment is not TheBackgrounder's launch environment"])
    }

    @Test func pushWithPortSuggestsPushPort() async throws {
        let run = try await runBackgrounder(["push", "--port", "2197", "push.json"], input: "")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown option '--port'. Did you mean '--push-port'?\nUsage: backgrounder push "), "\(run.stderr)")
    }

    @Test func aCloseMisspellingKeepsArgumentParsersSuggestion() async throws {
        let run = try await runBackgrounder(["push", "--voi", "push.json"], input: "")
        #expect(run.stderr.hasPrefix("Error: Unknown option '--voi'. Did you mean '--voip'?\n"), "\(run.stderr)")
    }

    // MARK: Runtime failures

    @Test func energyOnAMissingDataDirectory() async throws {
        let data = temporaryDataDirectory() + "/not-there"
        let lines = try await runtimeFailure(["energy", "--data-dir", data])
        #expect(lines == ["Error: --data-dir \(data): no such directory; `run --data-dir \(data)` makes it"])
    }

    @Test func aDirectoryAsInfoPlistIsNamed() async throws {
        let directory = temporaryDataDirectory()
        let lines = try await runtimeFailure(headlessRun(["--info-plist", directory]))
        #expect(lines == ["Error: --info-plist \(directory): a directory, not an Info.plist file"])
    }

    @Test func aMissingInfoPlistIsNamed() async throws {
        let path = temporaryDataDirectory() + "/Info.plist"
        let lines = try await runtimeFailure(headlessRun(["--info-plist", path]))
        #expect(lines == ["Error: --info-plist \(path): no such file"])
    }

    @Test func aTextFileAsInfoPlistIsNamed() async throws {
        let path = temporaryDataDirectory() + "/notes.txt"
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: path))
        let lines = try await runtimeFailure(headlessRun(["--info-plist", path]))
        #expect(lines == ["Error: --info-plist \(path): not an Info.plist: plain text, not a property list of keys"])
    }

    @Test func consoleWhereNothingListensSaysSo() async throws {
        let (port, socket) = refusingPort()
        defer { socket.close() }
        let lines = try await runtimeFailure(
            ["console", "--port", "\(port)"], environment: ["BACKGROUNDER_PAIRING_TOKEN": String(repeating: "ab", count: 32)])
        #expect(lines == [
            "Error: cannot reach the app's console at 127.0.0.1:\(port): nothing listens there (Connection refused)",
            "Hint: is `backgrounder run` running there? Another machine needs --console-listen on the app's side",
        ])
    }

    @Test func aConsoleTheAppRefusesSaysWhereTheTokenCameFrom() async throws {
        let app = try InteractiveProcess(backgrounderPath, headlessRun(["--console-listen", "127.0.0.1:0"]))
        defer { app.stop() }
        let port = try #require(await app.listeningPort(after: "Remote console: listening on 127.0.0.1:"), "\(app.stdout)")
        let lines = try await runtimeFailure(
            ["console", "--port", "\(port)"], environment: ["BACKGROUNDER_PAIRING_TOKEN": String(repeating: "ab", count: 32)])
        #expect(lines == [
            "Error: the app refused the console: wrong pairing token; the token came from BACKGROUNDER_PAIRING_TOKEN",
            "Hint: give the data directory the app runs with (--data-dir), or its `pair` token in BACKGROUNDER_PAIRING_TOKEN",
        ])
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func pushWhereNothingListensSaysSo() async throws {
        let data = temporaryDataDirectory()
        // A run with a gateway leaves the tokens and the gateway's certificate in the data directory.
        let run = try await runBackgrounder(headlessRun(["--push-port", "auto"], dataDirectory: data), input: "quit\n")
        #expect(run.status == 0, "\(run.stderr)")
        let file = data + "/push.json"
        try Data(#"{"aps":{"content-available":1}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let (port, socket) = refusingPort()
        defer { socket.close() }
        let lines = try await runtimeFailure(["push", file, "--data-dir", data, "--push-port", "\(port)"])
        #expect(lines == [
            "Error: cannot reach the push gateway at https://127.0.0.1:\(port): nothing listens there (Connection refused)",
            "Hint: is the app running with its gateway there? Give --push-port the port of the app's `Push gateway:` console line",
        ])
    }

    @Test func aTakenWebUIPortSaysSo() async throws {
        let web = ListeningSocket()
        defer { web.close() }
        let lines = try await runtimeFailure([
            "run", "--data-dir", temporaryDataDirectory(), "--port", "\(web.port)", "--content-port", "0", "--push-port", "0",
            "--console-listen", "127.0.0.1:0",
        ])
        #expect(lines == [
            "Error: web UI: cannot listen on 127.0.0.1:\(web.port): the port is taken (Address already in use)",
            "Hint: choose another port with --port N (0 picks a free one)",
        ])
    }

    @Test func aTakenVoIPPeerPortSaysSo() async throws {
        let taken = ListeningSocket()
        defer { taken.close() }
        let lines = try await runtimeFailure(["voip-peer", "--port", "\(taken.port)"])
        #expect(lines == [
            "Error: cannot listen on 127.0.0.1:\(taken.port): the port is taken (Address already in use)",
            "Hint: --port N listens on another port (and the app's `voip connect 127.0.0.1 N` reaches it)",
        ])
    }

    @Test func aTakenContentServerPortSaysSo() async throws {
        let taken = ListeningSocket()
        defer { taken.close() }
        let lines = try await runtimeFailure(["content-server", "--port", "\(taken.port)"])
        #expect(lines == [
            "Error: cannot listen on 127.0.0.1:\(taken.port): the port is taken (Address already in use)",
            "Hint: --port N serves on another port (0 picks a free one)",
        ])
    }
}

/// A socket listening on a free port of 127.0.0.1, so that nothing else can listen there.
private struct ListeningSocket {
    let port: Int
    private let socket = LoopbackSocket()

    init() {
        port = socket.bindToAnyPort()
        socket.listen(backlog: 1)
    }

    func close() { socket.close() }
}
