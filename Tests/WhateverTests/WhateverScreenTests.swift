import BackgroundRuntime
import Foundation
import Testing
import Whatever

@Suite("The Whatever screen on the test clock")
struct WhateverScreenTests {
    @Test func whileActiveTheNumbersGoToTheResultLabel() {
        let device = TestDevice.whatever()
        device.launch()
        var console = ConsoleCursor(device.console)
        device.withScreen { $0.play() }
        device.advance(by: .milliseconds(500))
        #expect(device.whatever?.label == "Position 2 = 2")
        device.advance(by: .seconds(1))
        #expect(device.whatever == WhateverSnapshot(
            label: "Position 4 = 5", position: 4, value: "5", playing: true, assertion: .held, backgroundTask: 1))
        #expect(console.readAppLines().isEmpty)
    }

    @Test func inTheBackgroundTheNumbersAndTheTimeRemainingGoToTheConsole() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.play() }
        device.advance(by: .seconds(2))
        var console = ConsoleCursor(device.console)
        device.pressHome()
        device.advance(by: .seconds(1))
        #expect(console.readAppLines() == [
            "App is backgrounded. Next number = Position 6 = 13",
            "Background time remaining = 179.5 seconds",
            "App is backgrounded. Next number = Position 7 = 21",
            "Background time remaining = 179.0 seconds",
        ])
        #expect(device.appState == .background)
        #expect(device.whatever?.label == "Position 5 = 8")
        #expect(device.whatever?.position == 7)
        #expect(device.whatever?.value == "21")
    }

    @Test func theSnapshotAtSuspensionAlreadySaysTheTaskExpired() {
        // Ending the last task suspends the app at once; what the card and `status` show from
        // then on is the snapshot published before, so it must already say the task is over.
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.play() }
        let atSuspension = SnapshotRecorder()
        device.observers.observeStateChanges { [weak device] change in
            if change.to == .suspended { atSuspension.record(device?.whatever) }
        }
        device.pressHome()
        device.advance(by: .seconds(181))
        #expect(device.appState == .suspended)
        let snapshots = atSuspension.snapshots
        #expect(snapshots.count == 1)
        #expect(snapshots.first??.assertion == .expired)
        #expect(snapshots.first??.backgroundTask == nil)
    }

    @Test func anExpirationHandlerThatForgetsToEndTheTaskGetsTheAppKilledForTheAssertion() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { screen in
            screen.endsTaskOnExpiration = false
            screen.play()
        }
        device.pressHome()
        device.advance(by: .seconds(179))
        #expect(device.appState == .background)
        device.advance(by: .seconds(2))
        #expect(device.appState == .notRunning)
        #expect(device.energy.status().exits.background == [.backgroundTaskAssertionTimeout: 1])
        #expect(device.diagnostics.countByRule[.leakedAssertion] == 1)
    }

    @Test func aJournalKeptLockedGetsTheAppKilledWhenItIsSuspended() throws {
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("whatever-\(UUID())")
        defer { try? FileManager.default.removeItem(at: storage) }
        let device = TestDevice.whatever(storage: storage)
        defer { device.shutdown() }  // its last saves land before the directory goes
        device.launch()
        device.withScreen { screen in
            screen.keepsJournalLocked = true
            screen.play()
        }
        device.advance(by: .seconds(2))
        device.pressHome()
        device.advance(by: .seconds(170))
        #expect(device.appState == .background)
        device.advance(by: .seconds(11))
        #expect(device.appState == .notRunning)
        #expect(device.energy.status().exits.background == [.suspendedWithLockedFile: 1])
        #expect(device.console.recentMessages.contains("Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc"))
        let journal = storage.appendingPathComponent("AppGroups/group.com.raywenderlich.TheBackgrounder/fibonacci.journal")
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "Position 2 = 2")
        #expect(lines.count > 300)
    }

    @Test func withoutTheJournalTheSameRunEndsSuspended() {
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("whatever-\(UUID())")
        defer { try? FileManager.default.removeItem(at: storage) }
        let device = TestDevice.whatever(storage: storage)
        defer { device.shutdown() }  // its last saves land before the directory goes
        device.launch()
        device.withScreen { $0.play() }
        device.pressHome()
        device.advance(by: .seconds(181))
        #expect(device.appState == .suspended)
    }

    @Test func withNoClockRunningTheNumbersComeWithoutATimeLine() {
        // Music keeps the app running after the task's expiration: no budget runs out any more.
        let device = TestDevice(profile: PolicyProfile(iOS: 10)!, infoPlist: InfoPlist(backgroundModes: [.audio])) {
            ObjectApp(object: WhateverScreen(application: $0))
        }
        device.launch()
        let music = device.beginActivity(BackgroundActivity(kind: .mode(.audio), name: "Playing IronBacon.mp3"))
        device.withScreen { $0.play() }
        device.pressHome()
        device.advance(by: .seconds(181))
        #expect(device.whatever?.assertion == .expired)
        var console = ConsoleCursor(device.console)
        device.advance(by: .seconds(1))
        let lines = console.readAppLines()
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("App is backgrounded. Next number = ") })
        #expect(device.appState == .background)
        device.endActivity(music)
    }

    @Test func whileInactiveNothingIsShownButTheNumbersGoOn() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.play() }
        device.advance(by: .seconds(1))
        var console = ConsoleCursor(device.console)
        device.beginInterruption()
        device.advance(by: .seconds(2))
        #expect(console.readAppLines() == ["Interruption began (incoming call)"])
        #expect(device.whatever?.label == "Position 3 = 3")
        #expect(device.whatever?.position == 7)
        device.endInterruption()
        device.advance(by: .milliseconds(500))
        #expect(device.whatever?.label == "Position 8 = 34")
    }

    @Test(arguments: [(6, 600.0), (10, 180.0), (17, 30.0)])
    func theCountdownStartsFromTheBudgetAndTheHandlerEndsTheTask(version: Int, budget: Double) {
        let device = TestDevice.whatever(iOS: version)
        device.launch()
        device.withScreen { $0.play() }
        device.advance(by: .seconds(2))
        var console = ConsoleCursor(device.console)
        device.pressHome()
        let expiration = Duration.seconds(budget) - device.profile.expirationLeadTime
        device.advance(by: expiration - .milliseconds(250))
        var lines = console.readAppLines()
        #expect(!lines.contains("Background task ended."))
        device.advance(by: .milliseconds(250))
        lines += console.readAppLines()

        let remaining = lines.compactMap(Self.secondsRemaining(in:))
        #expect(remaining.first == budget - 0.5)
        #expect(zip(remaining, remaining.dropFirst()).allSatisfy { $0 - $1 == 0.5 })
        #expect((5.0...5.5).contains(remaining.last ?? 0))
        #expect(lines.last == "Background task ended.")
        #expect(lines.filter { $0 == "Background task ended." }.count == 1)
        #expect(device.appState == .suspended)
        #expect(device.whatever?.assertion == .expired)
        #expect(device.whatever?.playing == true)

        device.advance(by: .seconds(600))
        #expect(console.readAppLines().isEmpty, "the timer stops firing once the app is suspended")
        #expect(device.appState == .suspended, "the app ended its task, so it is not terminated")
        #expect(device.launchCount == 1)
        #expect(device.diagnostics.count == 0)
    }

    @Test func underIOS17TheTaskExpiresAfterAboutThirtySecondsAndTheAppIsNotTerminated() {
        let device = TestDevice.whatever(iOS: 17)
        device.launch()
        device.withScreen { $0.play() }
        device.pressHome()
        var console = ConsoleCursor(device.console)
        device.advance(by: .milliseconds(24_900))
        #expect(!console.readAppLines().contains("Background task ended."))
        device.advance(by: .milliseconds(100))
        #expect(console.readAppLines().last == "Background task ended.")
        device.advance(by: .seconds(60))
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.countByRule[.assertionTimeout] == nil)
        #expect(device.diagnostics.count == 0)
    }

    @Test func backInTheAppTheTimerFiresAgain() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.play() }
        device.pressHome()
        device.advance(by: .seconds(200))
        let positionWhenSuspended = device.whatever!.position
        device.openApp()
        device.advance(by: .milliseconds(500))
        let position = device.whatever!.position
        #expect(position > positionWhenSuspended)
        #expect(device.whatever?.label == "Position \(position) = \(device.whatever!.value)")
        device.advance(by: .seconds(1))
        #expect(device.whatever?.position == position + 2)
    }

    /// The 2016 tutorial's bug: after an expiration, back in the app and out again, there is no
    /// background time at all — unless the screen begins its task again on didBecomeActive.
    @Test(arguments: [false, true])
    func leavingAgainAfterAnExpiration(withTheFix fix: Bool) {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { screen in
            screen.reinstatesBackgroundTask = fix
            screen.play()
        }
        device.pressHome()
        device.advance(by: .seconds(200))
        device.openApp()
        device.advance(by: .seconds(1))
        #expect(device.whatever?.assertion == (fix ? .held : .expired))
        var console = ConsoleCursor(device.console)
        device.pressHome()
        device.advance(by: .seconds(1))
        let backgrounded = console.readAppLines().filter { $0.hasPrefix("App is backgrounded.") }
        if fix {
            #expect(device.appState == .background)
            #expect(backgrounded.count == 2)
            #expect(device.status().assertions.map(\.name) == ["Fibonacci"])
            device.advance(by: .seconds(175))
            #expect(console.readAppLines().last == "Background task ended.")
        } else {
            #expect(device.appState == .suspended, "no background time at all")
            #expect(backgrounded.isEmpty)
            #expect(device.status().assertions.isEmpty)
        }
        #expect(device.diagnostics.count == 0)
    }

    @Test func theFixHoldsAcrossManyTrips() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.play() }
        var console = ConsoleCursor(device.console)
        for trip in 1...20 {
            device.pressHome()
            device.advance(by: .seconds(190))
            #expect(console.readAppLines().last == "Background task ended.", "trip \(trip)")
            device.openApp()
            device.advance(by: .seconds(3))
        }
        #expect(device.diagnostics.count == 0)
        #expect(device.status().assertions.count == 1)
    }

    @Test func theFixDoesNotBeginASecondTaskOrOneWhilePaused() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.play() }
        device.beginInterruption()
        device.endInterruption()
        #expect(device.status().assertions.count == 1)
        device.withScreen { $0.pause() }
        device.pressHome()
        device.openApp()
        #expect(device.status().assertions.isEmpty)
        #expect(device.diagnostics.count == 0)
    }

    @Test func pauseStopsTheTimerAndEndsTheTask() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.play() }
        device.advance(by: .seconds(1))
        var console = ConsoleCursor(device.console)
        device.withScreen { $0.pause() }
        #expect(console.readAppLines() == ["Background task ended."])
        #expect(device.status().assertions.isEmpty)
        #expect(device.whatever == WhateverSnapshot(
            label: "Position 3 = 3", position: 3, value: "3", playing: false, assertion: .none, backgroundTask: nil))
        device.advance(by: .seconds(5))
        #expect(device.whatever?.position == 3)
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.count == 0)
    }

    @Test func playStartsOverAndPlayingTwiceChangesNothing() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.didTapPlayPause() }
        device.advance(by: .seconds(3))
        device.withScreen { $0.play() }
        #expect(device.whatever?.position == 7)
        #expect(device.status().assertions.count == 1)
        device.withScreen { $0.didTapPlayPause() }
        #expect(device.whatever?.playing == false)
        device.withScreen { $0.didTapPlayPause() }
        #expect(device.whatever?.position == 1)
        #expect(device.whatever?.value == "1")
        device.advance(by: .milliseconds(500))
        #expect(device.whatever?.label == "Position 2 = 2")
        #expect(device.status().assertions.map(\.identifier) == [2])
    }

    @Test func statusShowsTheScreenUnderScreensWhatever() throws {
        let device = TestDevice.whatever()
        device.launch()
        var screen = try Self.whateverScreen(in: device.statusJSON())
        #expect(screen["playing"] as? Bool == false)
        #expect(screen["assertion"] as? String == "none")
        #expect(screen["backgroundTask"] is NSNull)
        #expect(screen["label"] as? String == "")
        device.withScreen { $0.play() }
        device.advance(by: .milliseconds(500))
        screen = try Self.whateverScreen(in: device.statusJSON())
        #expect(screen["label"] as? String == "Position 2 = 2")
        #expect(screen["position"] as? Int == 2)
        #expect(screen["value"] as? String == "2")
        #expect(screen["assertion"] as? String == "held")
        #expect(screen["backgroundTask"] as? Int == 1)
    }

    @Test func theValuesNearTheLimitAreShownExactlyAndThenItStartsOver() {
        let device = TestDevice.whatever()
        device.launch()
        device.withScreen { $0.play() }
        device.advance(by: .seconds(95.5))
        #expect(device.whatever?.label == "Position 192 = 9663391306290450775010025392525829059713")
        device.advance(by: .milliseconds(500))
        #expect(device.whatever?.label == "Position 1 = 1")
    }

    @Test func aScreenThatGoesAwayEndsItsTask() {
        let device = TestDevice.whatever()
        device.launch()
        device.perform { application in
            let screen = WhateverScreen(application: application)
            screen.play()
        }
        #expect(device.status().assertions.isEmpty)
        device.advance(by: .seconds(2))
        #expect(device.diagnostics.count == 0)
    }

    /// The seconds of a `Background time remaining = X seconds` line.
    static func secondsRemaining(in line: String) -> Double? {
        guard let match = line.wholeMatch(of: #/Background time remaining = (\d+\.\d) seconds/#) else { return nil }
        return Double(match.output.1)
    }

    static func whateverScreen(in json: String) throws -> [String: Any] {
        let status = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let screens = try #require(status["screens"] as? [String: Any])
        return try #require(screens["whatever"] as? [String: Any])
    }
}
