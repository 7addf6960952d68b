import BackgroundRuntimeTesting
@testable import BackgroundIdioms
import Foundation
import Testing
import UIKit

/// The background-task idioms as written, on the test device: their tasks keep the app running
/// in the background until they end — from a queue of the app's, through
/// `DispatchQueue.main.async`, or in the expiration handler — and a task never ended is caught
/// when the budget runs out. Their `DispatchQueue` blocks run on the test process's main queue
/// and global queues, which belong to the device holding the main actor.
@Suite struct BackgroundTaskIdiomTests {
    @Test func anExportEndedFromItsQueueThroughTheMainQueueLetsTheAppBeSuspended() async throws {
        let device = try makeIdiomsDevice()
        await device.holdMainActor()
        let release = DispatchSemaphore(value: 0)
        device.launch()
        let exporter = try #require(device.performOnMain { _ in (UIApplication.shared.delegate as? AppDelegate)?.exporter } ?? nil)
        device.performOnMain { _ in exporter.export("photos") { release.wait() } }
        device.pressHome()
        device.advance(by: .seconds(10))
        #expect(device.appState == .background, "the export's task keeps the app running")
        release.signal()
        #expect(await device.runUntil { device.appState == .suspended }, "ended on the main queue, the app is suspended")
        #expect(exporter.done == ["photos"])
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func anExportLongerThanTheBudgetIsEndedByItsExpirationHandlerInTime() async throws {
        let device = try makeIdiomsDevice()
        await device.holdMainActor()
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        device.launch()
        let exporter = try #require(device.performOnMain { _ in (UIApplication.shared.delegate as? AppDelegate)?.exporter } ?? nil)
        device.performOnMain { _ in exporter.export("video") { release.wait() } }
        device.pressHome()
        let profile = PolicyProfile(iOS: 17)!
        device.advance(by: profile.finiteTaskBudget - profile.expirationLeadTime - .seconds(1))
        #expect(device.appState == .background, "the task holds the app until its expiration handler")
        #expect(await device.runUntil(step: .milliseconds(100)) { device.appState == .suspended })
        #expect(device.now < profile.finiteTaskBudget, "ended through the main queue before iOS 17's background time ran out")
        #expect(exporter.done.isEmpty, "the work goes on, suspended with the app")
        // The end went through the main queue after the handler returned, and before the budget
        // ran out: not a leak, as on iOS, and the app is not killed.
        #expect(device.diagnosticMessages.isEmpty)
        #expect(device.appState == .suspended, "suspended, not terminated")
    }

    @Test func applesBackgroundQueuePatternHoldsTheAppFromAGlobalQueueUntilTheDataIsSent() async throws {
        let device = try makeIdiomsDevice()
        await device.holdMainActor()
        device.launch()
        // The app's object, which the test only reads, and whose send it releases.
        let uploads = HeldUploadQueue()
        device.performOnMain { _ in uploads.sendDataToServer(data: Data("receipt".utf8)) }
        #expect(await device.runUntil { uploads.backgroundTaskID.map { $0 != .invalid } ?? false }, "begun on the global queue")
        device.pressHome()
        device.advance(by: .seconds(10))
        #expect(device.appState == .background, "the task begun on the global queue holds the app")
        uploads.release.signal()
        #expect(await device.runUntil { device.appState == .suspended }, "ended on the global queue once the data is sent")
        #expect(uploads.sent == [Data("receipt".utf8)])
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func aPlainClassThatNeverEndsItsTaskIsCaughtAtItsOwnLine() async throws {
        let device = try makeIdiomsDevice()
        device.launch()
        device.performOnMain { application in UploadSession(application: application).begin() }
        device.pressHome()
        device.advance(by: .seconds(31))
        #expect(device.consoleLines(containing: "Upload expired").count == 1, "the expiration handler ran, on the main thread")
        #expect(device.diagnosticMessages.contains { $0.contains("[leaked-assertion]") && $0.contains("begun at BackgroundIdioms/UploadSession.swift:15") })
        #expect(device.appState == .notRunning, "iOS terminates an app that holds its task past the budget")
    }
}

/// UNUserNotificationCenter from a background queue, as written: the request reaches the
/// system, which presents it.
@Suite struct NotificationIdiomTests {
    @Test func aNotificationAddedFromABackgroundQueueIsPresented() async throws {
        let device = try makeIdiomsDevice()
        await device.holdMainActor()
        device.launch()
        device.performOnMain { _ in (UIApplication.shared.delegate as? AppDelegate)?.notifier.syncFinished(count: 3) }
        #expect(await device.runUntil { device.notificationCenter.snapshot.delivered.contains { $0.title == "Sync finished" && $0.alertBody == "3 new items" } })
        #expect(device.consoleLines(containing: "Could not notify").isEmpty)
        #expect(device.diagnosticMessages.isEmpty)
    }
}

/// Apple's pattern's queue whose send waits until the test releases it.
final class HeldUploadQueue: UploadQueue, @unchecked Sendable {
    let release = DispatchSemaphore(value: 0)

    override func sendAppDataToServer(data: Data) {
        release.wait()
        super.sendAppDataToServer(data: data)
    }
}

/// A `Timer` in a file that imports Foundation beside UIKit, as written: it is the device's,
/// firing on its clock and not while the app is suspended.
@Suite struct TimerIdiomTests {
    @Test func theAutosaveTimerFiresOnTheDevicesClockAndNotWhileSuspended() throws {
        let device = try makeIdiomsDevice()
        device.launch()
        // The app's object, of no actor and not Sendable, as Swift 5 code's are: the test only reads it.
        nonisolated(unsafe) let autosave = AutosaveTimer()
        device.performOnMain { _ in autosave.start() }
        device.advance(by: .seconds(61))
        #expect(autosave.saves == 2)
        device.pressHome()
        device.advance(by: .seconds(300))
        #expect(autosave.saves == 2, "a suspended app's run loop does not run")
        device.openApp()
        device.performOnMain { _ in autosave.stop() }
        device.advance(by: .seconds(60))
        #expect(autosave.saves == 3, "the timer owed while suspended fires once on resume, then it is stopped")
    }
}
