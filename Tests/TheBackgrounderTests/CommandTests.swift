import BackgroundCommands
import BackgroundRuntime
import Foundation
import TestSupport
import Testing
@testable import TheBackgrounder

/// TheBackgrounder on a manual device, silent, with its own Info.plist.
func makeBackgrounder(iOS version: Int = 10, launchReason: LaunchReason = .user) throws -> Backgrounder {
    let backgrounder = Backgrounder.onTestDevice(Configuration(
        profile: PolicyProfile(iOS: version)!,
        infoPlist: try BundledResources.infoPlist(),
        dataDirectory: TestTemporaryDirectory.make("backgrounder-tests"),
        launchReason: launchReason,
                consoleOutput: nil))
    backgrounder.start()
    return backgrounder
}

/// The `state` of a status line.
func state(in result: CommandResult) throws -> String {
    guard case .output(let json) = result else { throw CommandError.usage("status gave no output") }
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return try #require(object?["state"] as? String)
}

@Suite("Headless commands", .temporaryDirectory)
struct CommandTests {
    @Test func theReadmeScenarioShowsActiveSuspendedActive() async throws {
        let backgrounder = try makeBackgrounder()
        var states: [String] = []
        for line in ["status", "home", "wait 7", "status", "open", "status"] {
            let result = await backgrounder.execute(line)
            if line == "status" { states.append(try state(in: result)) } else { #expect(result == .done) }
        }
        #expect(states == ["active", "suspended", "active"])
        #expect(backgrounder.device.console.recentMessages.filter { $0.hasPrefix("State:") }.count == 8)
    }

    @Test func statusIsOneLineOfJSONWithEveryKey() async throws {
        let backgrounder = try makeBackgrounder()
        guard case .output(let json) = await backgrounder.execute("status") else {
            Issue.record("no output")
            return
        }
        #expect(!json.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: [
            "state", "profile", "assertions", "diagnostics", "screens", "backgroundTimeRemaining", "launchReason",
            "backgroundTransfers", "transferResumeDelay",
        ]))
        #expect(object["profile"] as? String == "iOS 10")
    }

    @Test func anUnknownCommandIsOneClearErrorAndTheAppGoesOn() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("fly away") == .failed(.unknown("fly away")))
        #expect(CommandError.unknown("fly away").description == "unknown command \"fly away\"; type help for the list of commands")
        #expect(try state(in: await backgrounder.execute("status")) == "active")
    }

    @Test func quotesKeepAWordWithSpacesWhole() async throws {
        #expect(try CommandWords.split(#"location route "/tmp/My Route.gpx" 2"#) == ["location", "route", "/tmp/My Route.gpx", "2"])
        #expect(try CommandWords.split(#"audio add '/a b/it''s.mp3'"#) == ["audio", "add", "/a b/its.mp3"])
        #expect(try CommandWords.split(#"audio add /a\ b/\"x\".mp3"#) == ["audio", "add", #"/a b/"x".mp3"#])
        #expect(try CommandWords.split("  home  ") == ["home"])
        #expect(try CommandWords.split(#"voip connect "" 1"#) == ["voip", "connect", "", "1"])
        let backgrounder = try makeBackgrounder()
        guard case .failed(let error) = await backgrounder.execute(#"location route "/nonexistent/My Route.gpx""#) else {
            Issue.record("a missing route file was accepted")
            return
        }
        #expect(error.description.contains("/nonexistent/My Route.gpx"))
        #expect(await backgrounder.execute(#"location route "/tmp/open"#)
            == .failed(.invalidArgument(#"the quote " is not closed in: location route "/tmp/open"#)))
        #expect(await backgrounder.execute(#"home \"#)
            == .failed(.invalidArgument(#"the line ends with a lone backslash: home \"#)))
    }

    @Test func wrongArgumentsGetTheUsage() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("wait") == .failed(.usage("wait SECONDS")))
        #expect(await backgrounder.execute("home now") == .failed(.usage("home")))
        #expect(await backgrounder.execute("interrupt") == .failed(.unknown("interrupt")))
        if case .failed(.invalidArgument(let message)) = await backgrounder.execute("wait -3") {
            #expect(message.contains("\"-3\""))
        } else {
            Issue.record("wait -3 was accepted")
        }
        #expect(await backgrounder.execute("wait nan") != .done)
    }

    @Test func aBadWordIsOneErrorNamingTheCommandTheWordAndWhatItMustBe() async throws {
        let backgrounder = try makeBackgrounder()
        let reasons = LaunchReason.allCases.map(\.rawValue).joined(separator: ", ")
        for (line, message) in [
            ("wait soon", #"wait: "soon" is not a number of seconds between 0 and 86400"#),
            ("launch party", #"launch: "party" is not a launch reason; choose \#(reasons)"#),
            ("device network sideways", #"device network: "sideways" is not online or offline"#),
            ("device background-refresh maybe", #"device background-refresh: "maybe" is not on, off or restricted"#),
            ("location route city-run fast", #"location route: speed "fast" is not a number above 0 and at most 1000"#),
            ("transfer end soon", #"transfer end: "soon" is not a background transfer's number"#),
            ("transfer end 5 /data/a.zip", "transfer end: no background transfer 5 is waiting or running"),
        ] {
            #expect(await backgrounder.execute(line) == .failed(.invalidArgument(message)))
        }
        let arguments = CommandArguments(command: "location route", words: ["city-run"])
        #expect(try arguments.valueIfPresent(1, as: ReplaySpeed.self) == nil)
        #expect(throws: CommandError.invalidArgument(#"location route: switch "city-run" is not on or off"#)) {
            try arguments.value(0, as: OnOff.self, named: "switch")
        }
    }

    @Test func blankLinesAndCommentsDoNothing() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("") == .done)
        #expect(await backgrounder.execute("   ") == .done)
        #expect(await backgrounder.execute("# home") == .done)
        #expect(backgrounder.device.appState == .active)
    }

    @Test func interruptionsAndTermination() async throws {
        let backgrounder = try makeBackgrounder()
        _ = await backgrounder.execute("interrupt begin")
        #expect(backgrounder.device.appState == .inactive)
        _ = await backgrounder.execute("interrupt end")
        #expect(backgrounder.device.appState == .active)
        _ = await backgrounder.execute("terminate")
        #expect(backgrounder.device.appState == .notRunning)
        _ = await backgrounder.execute("open")
        #expect(backgrounder.device.appState == .active)
    }

    @Test func aCallCanBeAnsweredAndShownAsABannerFromIOS14() async throws {
        let old = try makeBackgrounder(iOS: 13)
        #expect(await old.execute("interrupt begin banner")
            == .failed(.invalidArgument("interrupt begin: the incoming-call banner came with iOS 14; this is iOS 13")))
        #expect(await old.execute("interrupt begin sideways")
            == .failed(.invalidArgument(#"interrupt begin: "sideways" is not a way a call shows; choose full-screen or banner"#)))
        #expect(await old.execute("interrupt begin") == .done)
        #expect(await old.execute("interrupt answer") == .done)
        #expect(!old.device.appState.isForeground, "an answered call sends the app to the background")
        let banner = try makeBackgrounder(iOS: 17)
        #expect(await banner.execute("interrupt begin") == .done)
        #expect(banner.device.appState == .active)
        #expect(await banner.execute("interrupt end") == .done)
        #expect(await banner.execute("interrupt begin full-screen") == .done)
        #expect(banner.device.appState == .inactive)
    }

    @Test func waitMovesManualTime() async throws {
        let backgrounder = try makeBackgrounder()
        _ = await backgrounder.execute("wait 2.5")
        #expect(backgrounder.device.now == .milliseconds(2500))
    }

    @Test func helpListsEveryCommandWithItsHelp() async throws {
        let backgrounder = try makeBackgrounder()
        guard case .output(let text) = await backgrounder.execute("help") else {
            Issue.record("no help")
            return
        }
        for command in backgrounder.host.commands.commands {
            #expect(text.contains(command.usage))
            #expect(text.contains(command.help))
        }
    }

    @Test func quitEndsTheRunningAppWithWillTerminate() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("quit") == .quit)
        await backgrounder.quit()
        #expect(backgrounder.device.appState == .notRunning)
        #expect(backgrounder.device.console.recentMessages.contains("Terminated by the user"))
    }

    @Test func aTapNeedsTheAppOnScreen() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("whatever play") == .done)
        backgrounder.device.pressHome()
        #expect(await backgrounder.execute("whatever pause") == .failed(.notOnScreen(.background)))
    }

    @Test func aBackgroundLaunchStartsInTheBackground() async throws {
        let backgrounder = try makeBackgrounder(launchReason: .fetch)
        #expect(try state(in: await backgrounder.execute("status")) == "suspended")
    }
}
