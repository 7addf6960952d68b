import BackgroundRuntimeTesting
import Testing
@testable import BackgroundModesTutorial
import UIKit

/// The bugs the tutorial warns of, caught in the words of iOS, with the reader's own file and
/// line where the runtime has one.
@Suite struct ClassicBugTests {
    @Test func aTaskItsExpirationHandlerDoesNotEndIsCaughtWhereItBegan() throws {
        let device = try makeDevice(whatever: { ForgetfulWhateverViewController() })
        device.launch()
        _ = device.withTab(0, as: WhateverViewController.self) { $0.didTapPlayPause($0.playPauseButton) }
        device.pressHome()
        device.advance(by: .seconds(200))
        let begunAt = "begun at BackgroundModesTutorial/ClassicBugs.swift:\(ForgetfulWhateverViewController.beginLine)"
        #expect(device.diagnosticMessages.contains { $0.contains("[leaked-assertion]") && $0.contains(begunAt) })
        #expect(device.appState == .notRunning, "the app is terminated when its time ends")
    }

    @Test func aStoredFetchCompletionHandlerIsNeverCalledAndTheAppIsTerminated() throws {
        let device = try makeDevice(delegate: { StoringAppDelegate() })
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(1))
        device.backgroundFetch.simulate()
        device.advance(by: .seconds(31))
        #expect(device.diagnosticMessages.contains {
            $0.contains("[completion-timeout]") && $0.contains("did not call the completion handler of background fetch 1")
        })
        #expect(device.appState == .notRunning)
    }
}
