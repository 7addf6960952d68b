import BackgroundRuntimeTesting
import Foundation
import Testing
@testable import UIKit

/// UIKit's state preservation and restoration, as an app delegate opts in to it: the view
/// controllers with a restoration identifier, preserved as the app goes to the background, come
/// back as the user left them after the system ends the app — not after the user does.
@Suite struct StateRestorationTests {
    /// The app, preserved on the episodes tab at episode 7, is ended by memory pressure while
    /// suspended, and the user opens it again.
    private func relaunchAfterJetsam(optsIn: Bool = true) -> (TestDevice, CallRecorder, Delegates) {
        let recorder = CallRecorder()
        let delegates = Delegates()
        let device = makeDevice(iOS: 17) {
            let delegate = RestoringDelegate(recorder, optsIn: optsIn)
            delegates.append(delegate)
            return delegate
        }
        device.launch()
        device.performOnMain { _ in delegates.last?.choose(episode: 7) }
        device.pressHome()
        device.advance(by: .seconds(60))
        device.simulateMemoryPressure()
        #expect(device.appState == .notRunning)
        device.openApp()
        return (device, recorder, delegates)
    }

    @Test func anInterfaceTheSystemEndedComesBackAsTheUserLeftIt() {
        let (device, recorder, delegates) = relaunchAfterJetsam()
        #expect(device.performOnMain { _ in delegates.all.count } == 2)
        #expect(device.performOnMain { _ in delegates.all[1].shown.tab } == 1, "the episodes tab, selected again")
        #expect(device.performOnMain { _ in delegates.all[1].shown.episode } == 7)
        #expect(recorder.calls.suffix(5) == [
            "willFinishLaunching", "shouldRestore version 3", "decodeRestorableState episode 7",
            "applicationFinishedRestoringState", "didFinishLaunching",
        ], "restored between will- and did-finish-launching, the delegate's own state with it")
        #expect(device.console.recentMessages.contains("State restoration: UIKit restored Tabs ▸ Episodes"))
    }

    @Test func nothingIsRestoredAfterTheUserSwipedTheAppAway() {
        let recorder = CallRecorder()
        let delegates = Delegates()
        let device = makeDevice(iOS: 17) {
            let delegate = RestoringDelegate(recorder)
            delegates.append(delegate)
            return delegate
        }
        device.launch()
        device.performOnMain { _ in delegates.last?.choose(episode: 7) }
        device.pressHome()
        device.terminate(.user)
        device.openApp()
        #expect(device.performOnMain { _ in delegates.last?.shown.tab } == 0)
        #expect(device.performOnMain { _ in delegates.last?.shown.episode } == Int?.none)
        #expect(!recorder.calls.contains { $0.hasPrefix("shouldRestore") })
    }

    @Test func anAppThatDoesNotOptInPreservesNothing() {
        let (device, recorder, delegates) = relaunchAfterJetsam(optsIn: false)
        #expect(device.performOnMain { _ in delegates.all[1].shown.episode } == Int?.none)
        #expect(!recorder.calls.contains { $0.hasPrefix("decodeRestorableState") })
        #expect(device.consoleLines(containing: "State restoration").isEmpty)
    }

    @MainActor @Test func aControllerWithoutAnIdentifierEndsWhatIsPreserved() {
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "Tabs"
        let anonymous = UIViewController()
        let presented = UIViewController()
        presented.restorationIdentifier = "Sheet"
        anonymous.presentedViewController = presented
        tabs.viewControllers = [anonymous]
        #expect(InterfaceRestoration.preservedPath(from: tabs).map(\.restorationIdentifier) == ["Tabs"])
        #expect(InterfaceRestoration.preservedPath(from: anonymous).isEmpty)
    }

    @Test func aDamagedArchiveRestoresTheControllersWithNoValues() {
        let recorder = CallRecorder()
        let device = makeDevice(iOS: 17) { RestoringDelegate(recorder) }
        device.launch()
        let damaged = RestorationArchive(restorationIdentifiers: ["Tabs", "Episodes"], userInfo: "{not json")
        let restored = device.performOnMain { application -> [String]? in
            guard let delegate = application.delegate else { return nil }
            return InterfaceRestoration.restore(damaged, into: delegate, of: application)?.compactMap(\.restorationIdentifier)
        }
        #expect(restored == ["Tabs", "Episodes"])
        #expect(recorder.calls.contains("decodeRestorableState episode none"))
        #expect(recorder.calls.contains("shouldRestore version 0"))
    }
}
