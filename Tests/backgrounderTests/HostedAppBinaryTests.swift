import Foundation
import TestSupport
import Testing

/// A user's app on the host, as `AppHost.main` runs it: the ForgetfulApp binary, which begins
/// a background task at Home and never ends it.
@Suite("A hosted app's binary")
struct HostedAppBinaryTests {
    /// Runs the ForgetfulApp binary beside the tests to its end, with `input` on standard input.
    private func runForgetful(_ arguments: [String], input: String) async throws -> FinishedProcess {
        try await InteractiveProcess.run(productsDirectory.appendingPathComponent("ForgetfulApp").path, arguments, input: input)
    }

    @Test func headlessItTakesTheCommandsEveryAppHasAndShowsItsScreen() async throws {
        let run = try await runForgetful(
            ["run", "--headless", "--data-dir", temporaryDataDirectory()], input: "status\nhelp\naudio play\nhome\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""screens":{"forgetful":{"backgroundings":0}}"#), "\(run.stdout)")
        #expect(run.stdout.contains(#""screens":{"forgetful":{"backgroundings":1}}"#))
        #expect(run.stdout.contains("Forgetful[") && run.stdout.contains("Device booted: iOS 10"))
        #expect(run.stdout.contains("bgtask simulate-launch ID"))
        #expect(!run.stdout.contains("whatever play"), "TheBackgrounder's tabs are not a hosted app's")
        #expect(run.stderr.contains(#"error: unknown command "audio play""#))
    }

    @Test func theTaskItNeverEndsIsNamedInTheDiagnostic() async throws {
        // iOS 17's budget is 30 s of real time: the diagnostic comes when it runs out.
        let run = try await runForgetful(
            ["run", "--headless", "--ios", "17", "--data-dir", temporaryDataDirectory()], input: "home\nwait 31\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"Diagnostic [leaked-assertion]: "sync""#), "\(run.stdout)")
        #expect(run.stdout.contains(#""leaked-assertion":1"#))
    }

    @Test func badArgumentsAreRefusedByName() async throws {
        let run = try await runForgetful(["run", "--ios", "3"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("--ios 3: no policy profile for that version"))
        let plist = try await runForgetful(["run", "--headless", "--info-plist", "/nonexistent/Info.plist"], input: "")
        #expect(plist.status != 0)
        #expect(plist.stderr.contains("--info-plist"))
        let slashed = FileManager.default.temporaryDirectory.appendingPathComponent("slashed-\(UUID()).plist")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>CFBundleName</key><string>../Elsewhere</string></dict></plist>
            """.utf8).write(to: slashed)
        let name = try await runForgetful(["run", "--headless", "--info-plist", slashed.path], input: "")
        #expect(name.status != 0)
        #expect(name.stderr.contains(#"the app's name "../Elsewhere" (CFBundleName) cannot name its data directory; give --data-dir"#))
    }

    @Test func rulesPrintsTheRuntimesRulesOfAnEra() async throws {
        let run = try await runForgetful(["rules", "--ios", "17"], input: "")
        #expect(run.status == 0)
        #expect(run.stdout.contains("leaked-assertion"))
    }
}
