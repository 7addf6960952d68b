import BackgrounderHost
import Foundation
import TestSupport
import Testing

/// A user's app on the host, as `AppHost.main` runs it: the ForgetfulApp binary, which begins
/// a background task at Home and never ends it.
@Suite("A hosted app's binary", .temporaryDirectory)
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

    @Test func aCommandOfTheAppsOwnIsListedAndRunsBesideEveryAppsCommands() async throws {
        let run = try await runForgetful(
            ["run", "--headless", "--data-dir", temporaryDataDirectory()], input: "help\nbackgroundings\nhome\nopen\nbackgroundings\n")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("backgroundings ") && $0.hasSuffix("Print how many times the app went to the background.") }, "\(run.stdout)")
        #expect(lines.filter { $0.hasPrefix("backgroundings: ") } == ["backgroundings: 0", "backgroundings: 1"], "\(run.stdout)")
    }

    @Test func theTaskItNeverEndsIsNamedInTheDiagnostic() async throws {
        // iOS 17's budget is 30 s of real time: the diagnostic comes when it runs out.
        let run = try await runForgetful(
            ["run", "--headless", "--ios", "17", "--data-dir", temporaryDataDirectory()], input: "home\nwait 31\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"Diagnostic [leaked-assertion]: "sync""#), "\(run.stdout)")
        #expect(run.stdout.contains(#""leaked-assertion":1"#))
    }

    @Test func itsEnergyReportHasTheLaunchThatEndedAsTheSessionQuit() async throws {
        let data = temporaryDataDirectory()
        let run = try await runForgetful(["run", "--headless", "--data-dir", data], input: "home\nterminate\n")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try await runForgetful(["energy", "--data-dir", data], input: "")
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasPrefix("Launch 1 (user) at "))
        #expect(report.stdout.contains("MXBackgroundExitData: cumulativeNormalAppExitCount 1"))
    }

    @Test func badArgumentsAreRefusedByName() async throws {
        let run = try await runForgetful(["run", "--ios", "3"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("--ios 3: no policy profile for that version"))
        let plist = try await runForgetful(["run", "--headless", "--info-plist", "/nonexistent/Info.plist"], input: "")
        #expect(plist.status != 0)
        #expect(plist.stderr.contains("--info-plist"))
    }

    @Test func itsRemoteConsoleIsPairedWithItsOwnPairAndFollowedWithItsOwnConsole() async throws {
        let data = temporaryDataDirectory()
        let run = try await runForgetful(
            ["run", "--headless", "--data-dir", data, "--console-listen", "127.0.0.1:0"], input: "quit\n")
        #expect(run.status == 0, "\(run.stderr)")
        // Started by its path, not found on the PATH: the hint names the path.
        let path = URL(fileURLWithPath: productsDirectory.appendingPathComponent("ForgetfulApp").path).standardizedFileURL.path
        let line = run.stdout.split(separator: "\n").first { $0.contains("Remote console: listening on 127.0.0.1:") }
        #expect(line?.hasSuffix(" (`\(path) pair` prints the pairing token)") == true, "\(run.stdout)")
        let pair = try await runForgetful(["pair", "--data-dir", data], input: "")
        #expect(pair.status == 0)
        #expect(try String(contentsOfFile: data + "/pairing-token", encoding: .utf8) == pair.stdout)
        let console = try await runForgetful(["console", "--data-dir", data, "--port", "1"], input: "")
        #expect(console.status != 0)
        #expect(console.stderr.contains("cannot reach the app's console at 127.0.0.1:1"))
    }

    @Test func anAppNameThatIsNoFolderNameCannotNameTheDataDirectory() throws {
        let options = try HostOptions.parse(["--headless"])
        for name in ["../Elsewhere", "a/b", "..", ""] {
            let error = #expect(throws: (any Error).self) { try options.data.prepared(named: name) }
            #expect("\(error.map { "\($0)" } ?? "")".contains(
                "the app's name \"\(name)\" (CFBundleName) cannot name its data directory; give --data-dir"))
        }
    }

    @Test func anAppsMinimumOSVersionIsTheDefaultIOSAndTheOldestAllowed() throws {
        var plist = InfoPlist(bundleName: "Sync")
        plist.minimumOSVersion = 13
        #expect(try HostOptions.parse([]).resolved(for: plist).iOSVersion == 13, "no --ios: the app's oldest iOS")
        #expect(try HostOptions.parse(["--ios", "17"]).resolved(for: plist).iOSVersion == 17)
        let error = #expect(throws: (any Error).self) { try HostOptions.parse(["--ios", "10"]).resolved(for: plist) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("--ios 10: Sync runs on iOS 13 and later (MinimumOSVersion in Info.plist); choose --ios 13 or later"))
        #expect(try HostOptions.parse([]).resolved(for: InfoPlist(bundleName: "Old")).iOSVersion == 10, "none named: 10, as before")
    }

    @Test func anAppDelegateMarkedMainIsTheAppOnTheHostWithItsOwnInfoPlist() async throws {
        let binary = productsDirectory.appendingPathComponent("MainAttributeApp").path
        let run = try await InteractiveProcess.run(
            binary, ["run", "--headless", "--data-dir", temporaryDataDirectory()], input: "home\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Attributed["), "its Info.plist's CFBundleName names it: \(run.stdout)")
        #expect(run.stdout.contains("Launched by @main, in MainAttributeApp"))
        #expect(run.stdout.contains("In the background with time left"))
        #expect(run.stdout.contains(#""state":"suspended""#) || run.stdout.contains(#""state":"background""#))
    }

    @Test func rulesPrintsTheRuntimesRulesOfAnEra() async throws {
        let run = try await runForgetful(["rules", "--ios", "17"], input: "")
        #expect(run.status == 0)
        #expect(run.stdout.contains("leaked-assertion"))
    }
}
