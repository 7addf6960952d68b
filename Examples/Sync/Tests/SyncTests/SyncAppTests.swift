import BackgroundRuntimeTesting
import Testing
@testable import Sync

/// The sync app under iOS 17's rules, on the manual clock.
@Suite struct SyncAppTests {
    func makeDevice(downloads: Int, bugs: SyncBugs = []) -> TestDevice {
        let files = (1...downloads).map { "file\($0).bin" }
        return TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: SyncApp.infoPlist) { application in
            SyncApp(application: application, downloads: files, bugs: bugs)
        }
    }

    @Test func aShortQueueIsDownloadedInTheBackgroundAndTheAppIsSuspended() {
        let device = makeDevice(downloads: 5)
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(5))
        #expect(device.consoleLines(containing: "Downloaded").count == 5)
        #expect(device.appState == .suspended)
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func aLongQueueStopsWhenItsTimeIsUpAndWaits() {
        let device = makeDevice(downloads: 100)
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(60))
        let done = device.consoleLines(containing: "Downloaded").count
        #expect(done > 0 && done <= 30, "iOS 17 gives about 30 s")
        #expect(device.appState == .suspended)
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func aBackgroundFetchCompletes() {
        let device = makeDevice(downloads: 1)
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(1))
        device.backgroundFetch.simulate()
        device.advance(by: .seconds(30))
        #expect(device.consoleLines(containing: "Checked for news").count == 1)
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func theStoreIsCompactedWhenTheDeviceCharges() throws {
        let device = makeDevice(downloads: 1)
        let work = ScheduledWorkDriver(device: device)
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(1))
        try work.setEarliestDateReached(for: SyncApp.compactTask)
        try work.setAllConditionsMet(for: SyncApp.compactTask)
        #expect(device.consoleLines(containing: "Compacted the store").count == 1)
        #expect(device.diagnosticMessages.isEmpty)
    }

    // MARK: The classic bugs, and the words Backgrounder catches them with

    @Test func aLeakedAssertionIsCaught() {
        let device = makeDevice(downloads: 5, bugs: .leakAssertion)
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(60))
        #expect(device.diagnosticMessages.contains { $0.hasPrefix("Diagnostic [leaked-assertion]: ") && $0.contains("downloads") })
    }

    @Test func aCompletionHandlerNeverCalledIsCaught() {
        let device = makeDevice(downloads: 1, bugs: .forgetFetchCompletion)
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(1))
        device.backgroundFetch.simulate()
        device.advance(by: .seconds(60))
        #expect(device.diagnosticMessages.contains {
            $0.hasPrefix("Diagnostic [completion-timeout]: ") && $0.contains("did not call")
        })
    }

    @Test func workAfterExpirationIsCaught() {
        let device = makeDevice(downloads: 100, bugs: .workAfterExpiration)
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(120))
        #expect(device.diagnosticMessages.contains {
            $0.hasPrefix("Diagnostic [code-after-expiration]: the app ran code after its expiration handlers returned")
        })
        #expect(device.appState == .notRunning, "the app is terminated when the budget ends")
    }
}
