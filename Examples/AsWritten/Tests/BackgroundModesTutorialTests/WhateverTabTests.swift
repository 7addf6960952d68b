import BackgroundRuntimeTesting
import Testing
@testable import BackgroundModesTutorial
import UIKit

/// The tutorial's Whatever tab, its code as printed, under iOS's rules on the manual clock: what
/// the tutorial says the reader sees in Xcode's console is what the device's console shows.
@Suite struct WhateverTabTests {
    /// Taps Play/Pause, as the user does.
    private func tapPlayPause(_ device: TestDevice) {
        _ = device.withTab(0, as: WhateverViewController.self) { whatever in
            whatever.didTapPlayPause(whatever.playPauseButton)
        }
    }

    @Test func theNumbersShowOnScreenWhileTheAppIsActive() throws {
        let device = try makeDevice()
        device.launch()
        tapPlayPause(device)
        device.advance(by: .seconds(5))
        let label = device.withTab(0, as: WhateverViewController.self) { $0.resultsLabel.text }
        #expect(label == "Position 11 = 89")
        #expect(device.consoleLines(containing: "App is backgrounded").isEmpty)
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func inTheBackgroundItCalculatesUntilItsTimeIsUpThenEndsItsTask() throws {
        let device = try makeDevice()
        device.launch()
        tapPlayPause(device)
        device.pressHome()
        device.advance(by: .seconds(10))
        #expect(device.appState == .background)
        #expect(device.consoleLines(containing: "App is backgrounded. Next number = Position").count >= 19)
        let remaining = device.consoleLines(containing: "Background time remaining = ")
        #expect(remaining.last?.contains("Background time remaining = 170") == true, "\(remaining.suffix(1))")

        device.advance(by: .seconds(200))
        #expect(device.consoleLines(containing: "Background task ended.").count == 1)
        #expect(device.appState == .suspended)
        let printed = device.consoleLines(containing: "App is backgrounded").count
        device.advance(by: .seconds(60))
        #expect(device.consoleLines(containing: "App is backgrounded").count == printed, "a suspended app prints nothing")
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func theFixBringsTheTaskBackWhenTheAppBecomesActiveAgain() throws {
        let device = try makeDevice()
        device.launch()
        tapPlayPause(device)
        device.pressHome()
        device.advance(by: .seconds(200))
        #expect(device.appState == .suspended)

        device.openApp()
        device.pressHome()
        let before = device.consoleLines(containing: "Background time remaining = ").count
        device.advance(by: .seconds(10))
        #expect(device.appState == .background, "UIApplicationDidBecomeActive began a new task")
        #expect(device.consoleLines(containing: "Background time remaining = ").count >= before + 19)
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func pausingEndsTheTaskAndTheAppIsSuspended() throws {
        let device = try makeDevice()
        device.launch()
        tapPlayPause(device)
        device.advance(by: .seconds(2))
        tapPlayPause(device)
        #expect(device.consoleLines(containing: "Background task ended.").count == 1)
        device.pressHome()
        device.advance(by: .seconds(10))
        #expect(device.appState == .suspended)
        #expect(device.diagnosticMessages.isEmpty)
    }
}
