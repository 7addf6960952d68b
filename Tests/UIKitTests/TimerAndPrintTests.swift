import BackgroundRuntimeTesting
import Synchronization
import Testing
import UIKit

/// `Timer` and `print` as an iOS app's main-thread code uses them: the timer on the device's
/// clock and frozen with the app, the line on the device's console.
@Suite struct TimerAndPrintTests {
    @Test func aTimerNobodyKeepsFiresOnTheDevicesClockUntilTheAppIsSuspended() {
        let device = makeDevice { SilentDelegate() }
        let fires = Counter()
        device.launch()
        device.performOnMain { _ in
            _ = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in fires.add() }
        }
        device.advance(by: .seconds(5))
        #expect(fires.value == 10)
        device.pressHome()
        device.advance(by: .seconds(60))
        let whenSuspended = fires.value
        #expect(device.appState == .suspended)
        #expect(whenSuspended <= 10 + 12, "it fired at most through the 5 s after leaving the screen")
        device.advance(by: .seconds(60))
        #expect(fires.value == whenSuspended)
    }

    @Test func anInvalidatedTimerNeverFiresAgain() {
        let device = makeDevice { SilentDelegate() }
        let fires = Counter()
        device.launch()
        device.performOnMain { _ in
            let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                fires.add()
                if fires.value == 3 { timer.invalidate() }
            }
            #expect(timer.isValid && timer.timeInterval == 1)
        }
        device.advance(by: .seconds(10))
        #expect(fires.value == 3)
    }

    @Test func printInTheAppsCodeGoesToTheDevicesConsole() {
        let device = makeDevice { SilentDelegate() }
        device.launch()
        _ = device.perform { _ in print("Background time remaining =", 180.0, "seconds") }
        #expect(device.consoleLines(containing: "Background time remaining = 180.0 seconds").count == 1)
    }
}
