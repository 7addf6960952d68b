import BackgrounderHost
import Foundation
import TestSupport
import Testing

/// An app's own binary on Backgrounder's host: the MainAttributeApp binary, an app delegate
/// marked `@main` on the UIKit product, links the app's side only and hands its command line to
/// the `backgrounder` binary (`backgrounder host`), which starts it again for the app's process.
@Suite("An app's own binary on the host", .temporaryDirectory)
struct AppBinaryOnTheHostTests {
    private let app = productsDirectory.appendingPathComponent("MainAttributeApp").path

    @Test func itHandsItsCommandLineToTheHostWhichStartsItAgainForTheApp() async throws {
        // A host that notes what it was given (the app's wire version first), then is the host.
        let directory = temporaryDataDirectory()
        let given = "\(directory)/given"
        let host = "\(directory)/host"
        let script = "#!/bin/sh\nprintf '%s\\n' \"$BACKGROUNDER_APP_WIRE_VERSION\" \"$0\" \"$@\" > \(given)\nexec \(backgrounderPath) \"$@\"\n"
        try Data(script.utf8).write(to: URL(fileURLWithPath: host))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: host)
        let data = "\(directory)/data"
        let run = try await InteractiveProcess.run(
            app, ["run", "--headless", "--data-dir", data], input: "status\n", environment: ["BACKGROUNDER_HOST": host])
        #expect(run.status == 0, "\(run.stderr)")
        let arguments = try String(contentsOfFile: given, encoding: .utf8).split(separator: "\n").map(String.init)
        let resolved = URL(fileURLWithPath: app).resolvingSymlinksInPath().path
        #expect(arguments == ["\(WireVersion.current)", host, "host", "--module", "MainAttributeApp", resolved, "run", "--headless", "--data-dir", data])
        #expect(run.stdout.contains("Isolation: process — the app runs in its own process"))
        #expect(run.stdout.contains("Launched by @main, in MainAttributeApp"), "the app's own process ran the delegate: \(run.stdout)")
        #expect(run.stdout.contains("Attributed["), "its Info.plist's CFBundleName names it")
    }

    @Test func backgrounderHostRunsAnAppsBinaryByItsPath() async throws {
        let run = try await runBackgrounder(["host", app, "run", "--headless", "--data-dir", temporaryDataDirectory()], input: "status\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Launched by @main, in MainAttributeApp"), "\(run.stdout)")
        #expect(run.stdout.contains(#""isolation":{"appPid":"#))
    }

    @Test func aHostThatIsNoExecutableIsNamed() async throws {
        let run = try await InteractiveProcess.run(
            app, ["run", "--headless"], environment: ["BACKGROUNDER_HOST": "/nonexistent/backgrounder"])
        #expect(run.status == 1)
        #expect(run.stderr == """
            \(app): BACKGROUNDER_HOST=/nonexistent/backgrounder is not an executable file: name Backgrounder's `backgrounder` binary there

            """)
    }

    @Test func theAppsBinaryRunsInItsOwnProcessOnly() async throws {
        let run = try await InteractiveProcess.run(
            app, ["run", "--headless", "--isolation", "thread", "--data-dir", temporaryDataDirectory()])
        #expect(run.status != 0)
        #expect(
            run.stderr.contains("--isolation thread: MainAttributeApp is a binary of its own, which runs in its own process only"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("Usage:"))
    }

    @Test func whatIsNoAppsBinaryIsRefusedByName() async throws {
        let notes = "\(temporaryDataDirectory())/notes.txt"
        #expect(FileManager.default.createFile(atPath: notes, contents: Data("mine".utf8), attributes: [.posixPermissions: 0o644]))
        let run = try await runBackgrounder(["host", notes, "run"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("\(notes) is not an executable file: name an app's binary, such as .build/debug/Sync"), "\(run.stderr)")
        let process = try await InteractiveProcess.run(app, ["app-process", "--frobnicate", "1"])
        #expect(process.status == 1)
        #expect(process.stderr.contains("app-process --frobnicate 1: not the arguments the host starts the app's process with"))
    }

    @Test func aHostOfAnotherWireIsRefusedBeforeItStartsAnything() async throws {
        let run = try await InteractiveProcess.run(
            backgrounderPath, ["host", app, "run", "--headless", "--data-dir", temporaryDataDirectory()], input: "status\n",
            environment: [WireVersion.appEnvironmentKey: "\(WireVersion.current + 1)"])
        #expect(run.status != 0)
        #expect(
            run.stderr.contains("\(app) speaks Backgrounder's wire version \(WireVersion.current + 1), this host ("),
            "\(run.stderr)")
        #expect(run.stderr.contains("build the host from the Backgrounder the app builds on"))
        #expect(!run.stdout.contains("Launched"), "no app ran: \(run.stdout)")
    }

    @Test func anAppsBinaryRefusesAHostOfAnotherWire() async throws {
        for (given, said) in [
            (
                ["--wire", "\(WireVersion.current + 1)"],
                "the host speaks Backgrounder's wire version \(WireVersion.current + 1), this app's binary version \(WireVersion.current)"
            ),
            ([], "the host passed no wire version: it is older than this app's binary, which speaks Backgrounder's wire version"),
        ] {
            let process = try await InteractiveProcess.run(app, ["app-process", "--ios", "17"] + given)
            #expect(process.status == 1)
            #expect(process.stderr.contains(said), "\(process.stderr)")
            #expect(process.stderr.contains("--product backgrounder"), "\(process.stderr)")
        }
        // An app linked with the host (AppHost.main), and TheBackgrounder's own process.
        let other = "the host speaks Backgrounder's wire version \(WireVersion.current + 1), this app's binary version"
        for (binary, extra) in [(productsDirectory.appendingPathComponent("SpinnerApp").path, []), (backgrounderPath, ["--environment", "{}"])] {
            let process = try await InteractiveProcess.run(binary, ["app-process", "--ios", "17", "--wire", "\(WireVersion.current + 1)"] + extra)
            #expect(process.status != 0)
            #expect(process.stderr.contains(other), "\(binary): \(process.stderr)")
        }
    }
}
