import BackgroundCommands
import BackgroundRuntime
import Foundation
import TestSupport
import Testing
import TheBackgrounder

@Suite("The Whatever tab's headless commands", .temporaryDirectory)
struct WhateverCommandTests {
    /// `screens.whatever` of a status line.
    func whateverScreen(_ backgrounder: Backgrounder) async throws -> [String: Any] {
        guard case .output(let json) = await backgrounder.execute("status") else { throw CommandError.usage("no status") }
        let status = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require((status["screens"] as? [String: Any])?["whatever"] as? [String: Any])
    }

    @Test func theAppShowsTheWhateverScreenFromLaunch() async throws {
        let backgrounder = try makeBackgrounder()
        let screen = try await whateverScreen(backgrounder)
        #expect(screen["playing"] as? Bool == false)
        #expect(screen["assertion"] as? String == "none")
        #expect(screen["position"] as? Int == 1)
    }

    @Test func playHomeWaitOpenPause() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("whatever play") == .done)
        _ = await backgrounder.execute("wait 2")
        var screen = try await whateverScreen(backgrounder)
        #expect(screen["label"] as? String == "Position 5 = 8")
        #expect(screen["assertion"] as? String == "held")
        _ = await backgrounder.execute("home")
        _ = await backgrounder.execute("wait 5")
        let messages = backgrounder.device.console.recentMessages
        #expect(messages.contains("App is backgrounded. Next number = Position 6 = 13"))
        #expect(messages.contains("Background time remaining = 179.5 seconds"))
        #expect(messages.contains("Background time remaining = 175.0 seconds"))
        #expect(await backgrounder.execute("whatever pause") == .failed(.notOnScreen(.background)))
        _ = await backgrounder.execute("open")
        #expect(await backgrounder.execute("whatever pause") == .done)
        screen = try await whateverScreen(backgrounder)
        #expect(screen["playing"] as? Bool == false)
        #expect(screen["position"] as? Int == 15)
        #expect(backgrounder.device.status().assertions.isEmpty)
        #expect(backgrounder.device.status().diagnostics == 0)
    }

    @Test func underIOS17TheTaskEndsAfterTwentyFiveSecondsAndTheAppIsSuspendedNotTerminated() async throws {
        let backgrounder = try makeBackgrounder(iOS: 17)
        _ = await backgrounder.execute("whatever play")
        _ = await backgrounder.execute("home")
        _ = await backgrounder.execute("wait 26")
        #expect(backgrounder.device.console.recentMessages.contains("Background task ended."))
        #expect(backgrounder.device.appState == .suspended)
        #expect(try await whateverScreen(backgrounder)["assertion"] as? String == "expired")
        _ = await backgrounder.execute("open")
        #expect(try await whateverScreen(backgrounder)["assertion"] as? String == "held")
        #expect(backgrounder.device.status().diagnostics == 0)
    }

    @Test func computeRunsOnInTheBackgroundAndStopTaskEndsIt() async throws {
        let backgrounder = try makeBackgrounder(iOS: 26)
        #expect(await backgrounder.execute("whatever compute 0") == .failed(
            .invalidArgument("whatever compute: \"0\" is not a count from 1 to 10000")))
        #expect(await backgrounder.execute("whatever compute 100") == .done)
        #expect(await backgrounder.execute("whatever compute") == .failed(
            .invalidArgument("whatever compute: a computation is running already (com.raywenderlich.TheBackgrounder.fibonacci.1)")))
        _ = await backgrounder.execute("home")
        _ = await backgrounder.execute("wait 5")
        #expect(backgrounder.device.appState == .background)
        let computation = try #require(try await whateverScreen(backgrounder)["computation"] as? [String: Any])
        #expect(computation["position"] as? Int == 10)
        #expect(await backgrounder.execute("device stop-task") == .done)
        #expect(backgrounder.device.appState == .suspended)
        #expect(await backgrounder.execute("device stop-task") == .failed(
            .invalidArgument("device stop-task: no continued processing task is running")))
        _ = await backgrounder.execute("open")
        let stopped = try #require(try await whateverScreen(backgrounder)["computation"] as? [String: Any])
        #expect(stopped["state"] as? String == "stopped")
    }

    @Test func computeBeforeIOS26SaysWhy() async throws {
        let backgrounder = try makeBackgrounder(iOS: 17)
        #expect(await backgrounder.execute("whatever compute") == .failed(.invalidArgument(
            "whatever compute: BGContinuedProcessingTask is new in iOS 26; this is iOS 17 (run with --ios 26)")))
    }

    @Test func playAndPauseAreTheHelpsWords() throws {
        let help = try makeBackgrounder().host.commands.helpText
        #expect(help.contains("whatever play"))
        #expect(help.contains("whatever pause"))
    }
}
