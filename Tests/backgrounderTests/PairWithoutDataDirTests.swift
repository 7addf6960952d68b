import Foundation
import TestSupport
import Testing

/// `pair` without `--data-dir` prints the token of the app that runs, not one of a directory no
/// running app uses.
@Suite("pair without --data-dir", .temporaryDirectory)
struct PairWithoutDataDirTests {
    @Test func pairWithoutDataDirPrintsTheRunningAppsToken() async throws {
        let binary = try uniquelyNamedBackgrounder()
        let data = temporaryDataDirectory()
        let app = try InteractiveProcess(binary, headlessRun(["--console-listen", "127.0.0.1:0"], dataDirectory: data))
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("Remote console: listening on ") }, "\(app.stdout)")
        let pair = try await InteractiveProcess.run(binary, ["pair"], environment: ["XDG_DATA_HOME": temporaryDataDirectory()])
        #expect(pair.status == 0, "\(pair.stderr)")
        #expect(pair.stdout == (try String(contentsOfFile: data + "/pairing-token", encoding: .utf8)))
        #expect(pair.stderr == "pair: the token of \(data)/pairing-token; an app run with another --data-dir has its own\n")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func pairWithoutDataDirRefusesToChooseBetweenTwoRunningApps() async throws {
        let binary = try uniquelyNamedBackgrounder()
        let data = [temporaryDataDirectory(), temporaryDataDirectory()].sorted()
        let apps = try data.map { try InteractiveProcess(binary, headlessRun(dataDirectory: $0)) }
        defer { apps.forEach { $0.stop() } }
        for app in apps {
            #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") }, "\(app.stdout)")
        }
        let pair = try await InteractiveProcess.run(binary, ["pair"], environment: ["XDG_DATA_HOME": temporaryDataDirectory()])
        #expect(pair.status == 1)
        #expect(pair.stdout.isEmpty)
        #expect(pair.stderr == """
            Error: 2 apps run, with different data directories: \(data[0]), \(data[1])
            Hint: give the one whose token you want with --data-dir

            """)
        for app in apps {
            app.type("quit")
            #expect(await app.waitForExit() == 0)
        }
    }

    @Test func pairWithoutDataDirAndNoAppRunningUsesTheDefaultDirectory() async throws {
        let binary = try uniquelyNamedBackgrounder()
        let home = temporaryDataDirectory()
        let pair = try await InteractiveProcess.run(binary, ["pair"], environment: ["XDG_DATA_HOME": home])
        #expect(pair.status == 0, "\(pair.stderr)")
        #expect(pair.stdout == (try String(contentsOfFile: home + "/backgrounder/pairing-token", encoding: .utf8)))
    }

    /// A link to the backgrounder binary under a name of its own, so that `pair` finds only the
    /// apps this test starts through it among the suite's parallel runs.
    private func uniquelyNamedBackgrounder() throws -> String {
        let link = TestTemporaryDirectory.make("bin").appendingPathComponent("backgrounder-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: backgrounderPath)
        return link
    }
}
