import Foundation
import TestSupport
import Testing

@Suite("backgrounder pair and backgrounder console", .temporaryDirectory)
struct RemoteConsoleCommandTests {
    @Test func pairPrintsTheSameTokenUntilReset() async throws {
        let data = temporaryDataDirectory()
        let first = try await runBackgrounder(["pair", "--data-dir", data], input: "")
        #expect(first.status == 0)
        #expect(first.stdout.wholeMatch(of: #/[0-9a-f]{64}\n/#) != nil)
        #expect(try await runBackgrounder(["pair", "--data-dir", data], input: "").stdout == first.stdout)
        let reset = try await runBackgrounder(["pair", "--data-dir", data, "--reset"], input: "")
        #expect(reset.status == 0)
        #expect(reset.stdout != first.stdout)
        #expect(try String(contentsOfFile: data + "/pairing-token", encoding: .utf8) == reset.stdout)
    }

    @Test func pairSaysWhichTokenFileItPrintedOnItsErrorStream() async throws {
        let data = temporaryDataDirectory()
        let run = try await runBackgrounder(["pair", "--data-dir", data], input: "")
        #expect(run.stderr.contains("pair: the token of \(data)/pairing-token; an app run with another --data-dir has its own"))
    }

    @Test func aTokenOfAnotherDataDirectoryIsRefusedAndTheErrorNamesItsFile() async throws {
        let app = try InteractiveProcess(backgrounderPath, headlessRun(["--console-listen", "127.0.0.1:0"]))
        defer { app.stop() }
        let port = try #require(await app.listeningPort(after: "Remote console: listening on 127.0.0.1:"), "\(app.stdout)")
        let other = temporaryDataDirectory()
        _ = try await runBackgrounder(["pair", "--data-dir", other], input: "")
        let run = try await runBackgrounder(["console", "--data-dir", other, "--port", "\(port)"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("the app refused the console: "), "\(run.stderr)")
        #expect(run.stderr.contains("the token came from \(other)/pairing-token"), "\(run.stderr)")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func consoleWithoutATokenSaysWhereToGetOne() async throws {
        let data = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let run = try await runBackgrounder(["console", "--data-dir", data, "--port", "1"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("no pairing token in \(data): run `backgrounder pair` where the app runs"))
    }

    @Test func consoleWithAnUnreachableAppSaysSo() async throws {
        let data = temporaryDataDirectory()
        _ = try await runBackgrounder(["pair", "--data-dir", data], input: "")
        let run = try await runBackgrounder(["console", "--data-dir", data, "--port", "1"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot reach the app's console at 127.0.0.1:1"))
    }

    @Test func aBadConsoleListenAddressIsRefusedByName() async throws {
        let run = try await runBackgrounder(["run", "--headless", "--console-listen", "host:99999"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains(#"--console-listen "host:99999": "99999" is not a TCP port (1 to 65535)"#))
    }

    @Test func headlessListensForTheRemoteConsoleOnlyWhenAsked() async throws {
        let quiet = temporaryDataDirectory()
        let without = try await runBackgrounder(headlessRun(dataDirectory: quiet), input: "quit\n")
        #expect(without.status == 0)
        #expect(!without.stdout.contains("Remote console"))
        #expect(!FileManager.default.fileExists(atPath: quiet + "/pairing-token"))

        let data = temporaryDataDirectory()
        let with = try await runBackgrounder(
            headlessRun(["--console-listen", "127.0.0.1:0"], dataDirectory: data), input: "quit\n")
        #expect(with.status == 0)
        #expect(with.stdout.contains("Remote console: listening on 127.0.0.1:"))
        let attributes = try FileManager.default.attributesOfItem(atPath: data + "/pairing-token")
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
    }
}
