import BackgroundRuntime
import BackgroundRuntimeTesting
import Testing

@Suite("Suspension: the app's code does not run while it is suspended")
struct SuspensionTests {
    /// Starts a repeating timer that counts its fires in `log`.
    private func startTicker(on device: TestDevice, log: AppLog, every interval: Duration = .milliseconds(500)) {
        device.perform { application in
            _ = application.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in log.append("tick") }
        }
    }

    @Test func timersFireWhileTheAppRuns() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        startTicker(on: device, log: log)
        device.advance(by: .seconds(5))
        #expect(log.take().count == 10)
    }

    @Test func timersDoNotFireWhileSuspendedAndAMissedRepeatingTimerFiresOnceOnResume() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        startTicker(on: device, log: log)
        device.pressHome()
        #expect(device.appState == .suspended)
        device.advance(by: .seconds(60))
        #expect(log.take().isEmpty)
        device.openApp()
        #expect(log.take() == ["tick"])
        device.advance(by: .milliseconds(500))
        #expect(log.take() == ["tick"])
    }

    @Test func aTimerMissedWhileSuspendedFiresAfterTheAppIsBackOnScreen() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        device.perform { application in
            _ = application.scheduledTimer(withTimeInterval: .seconds(1), repeats: true) { _ in
                log.append("tick \(application.applicationState.rawValue)")
            }
        }
        device.pressHome()
        device.advance(by: .seconds(10))
        #expect(device.wakeApp(for: "socket data") { _ in })
        #expect(log.take() == ["tick background"])
        device.advance(by: .seconds(10))
        device.openApp()
        #expect(log.take() == ["tick active"])
    }

    @Test func aSuspendedAppCostsNoTimerWakeUps() {
        let device = makeWorkerDevice()
        device.launch()
        startTicker(on: device, log: AppLog())
        device.pressHome()
        device.advance(by: .seconds(1))
        #expect(device.loop.pendingTimers == 0)
    }

    @Test func anInvalidatedTimerNeverFiresAgain() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        device.perform { application in
            _ = application.scheduledTimer(withTimeInterval: .seconds(1), repeats: true) { timer in
                log.append("tick")
                timer.invalidate()
            }
        }
        device.advance(by: .seconds(10))
        #expect(log.take() == ["tick"])
    }

    @Test func timersKeepFiringInTheBackgroundWhileAnAssertionIsHeld() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        startTicker(on: device, log: log)
        device.pressHome()
        device.advance(by: .seconds(10))
        #expect(log.take().count == 20)
    }

    @Test func postedJobsWaitWhileSuspendedAndRunOnResume() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        device.pressHome()
        #expect(device.perform { _ in log.append("ran") } == nil)
        #expect(device.wakeApp(for: "socket data") { _ in log.append("woken") })
        #expect(log.take() == ["woken"])
        #expect(device.appState == .suspended)
        #expect(device.stateLines.suffix(2) == ["State: suspended → background", "State: background → suspended"])
    }

    @Test func aWakeOfAnAppThatIsNotRunningDoesNothing() {
        let device = makeWorkerDevice()
        #expect(!device.wakeApp(for: "socket data") { _ in })
    }

    @Test func aDeclaredModeActivityKeepsTheAppRunningUntilItEnds() {
        let device = makeDevice(modes: [.audio])
        device.launch()
        let token = device.beginActivity(BackgroundActivity(kind: .mode(.audio), name: "Playing IronBacon.mp3"))
        device.pressHome()
        device.advance(by: .seconds(3600))
        #expect(device.appState == .background)
        #expect(device.status().activities == ["Playing IronBacon.mp3"])
        device.endActivity(token)
        #expect(device.appState == .suspended)
    }

    @Test func anUndeclaredModeActivityDoesNotKeepTheAppRunning() {
        let device = makeDevice(modes: [])
        device.launch()
        _ = device.beginActivity(BackgroundActivity(kind: .mode(.audio), name: "Playing IronBacon.mp3"))
        device.pressHome()
        #expect(device.appState == .suspended)
    }

    @Test func eachDeviceRunsItsOwnAppAndFreezingOneLeavesTheOtherRunning() {
        let firstLog = AppLog(), secondLog = AppLog()
        let first = makeDevice(log: firstLog)
        let second = makeDevice(log: secondLog)
        first.launch()
        second.launch()
        startTicker(on: first, log: firstLog, every: .seconds(1))
        startTicker(on: second, log: secondLog, every: .seconds(1))
        _ = firstLog.take()
        _ = secondLog.take()
        first.pressHome()
        #expect(first.executor.isFrozen)
        #expect(!second.executor.isFrozen)
        #expect(first.postToApp { _ in firstLog.append("posted to the first") })
        first.advance(by: .seconds(3))
        second.advance(by: .seconds(3))
        #expect(secondLog.take() == ["tick", "tick", "tick"])
        #expect(!firstLog.take().contains("tick"))
        first.openApp()
        #expect(firstLog.take().contains("posted to the first"))
        #expect(secondLog.take().isEmpty)
    }
}
