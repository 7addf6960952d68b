import BackgroundRuntimeTesting
import Testing
@testable import BackgroundModesTutorial
import UIKit

/// The tutorial's background fetch, its code as printed: the interval set at launch, and the
/// handler that finds the Fetch tab, fetches and calls its completion handler with `.newData`.
@Suite struct FetchTabTests {
    private func fetchLabel(_ device: TestDevice) -> String? {
        device.withTab(1, as: FetchViewController.self) { $0.updateLabel?.text } ?? nil
    }

    @Test func theIntervalSetAtLaunchLetsTheSystemFetch() throws {
        let device = try makeDevice()
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(1))
        #expect(device.backgroundFetch.nextEarliestFetchDate != nil, "setMinimumBackgroundFetchInterval(Minimum) took effect")
    }

    @Test func aFetchUpdatesTheTabAndCompletesWithNewData() throws {
        let device = try makeDevice()
        device.launch()
        device.performOnMain { _ in
            let tabs = (UIApplication.shared.delegate as? AppDelegate)?.window?.rootViewController as? UITabBarController
            tabs?.selectedIndex = 1
        }
        #expect(fetchLabel(device) == "Not yet updated")
        device.pressHome()
        device.advance(by: .seconds(1))
        device.backgroundFetch.simulate()
        device.advance(by: .seconds(1))
        #expect(device.consoleLines(containing: "Background fetch 1 completed with newData").count == 1)
        device.openApp()
        let label = fetchLabel(device)
        #expect(label != nil && label != "Not yet updated", "the fetch updated the label in the background")
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func aFetchLaunchesTheAppIntoTheBackgroundAndCompletes() throws {
        let device = try makeDevice()
        device.backgroundFetch.simulate()
        device.advance(by: .seconds(1))
        #expect(device.consoleLines(containing: "Background fetch 1 completed with newData").count == 1)
        #expect(device.launchReason == .fetch)
        device.openApp()
        let isLoaded = device.withTab(1, as: FetchViewController.self) { $0.isViewLoaded }
        #expect(isLoaded == false, "the Fetch tab's view has not loaded: updateUI() guarded against it")
        #expect(device.diagnosticMessages.isEmpty)
    }
}
