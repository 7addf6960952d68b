import BackgroundRuntime
import Testing

@Suite("Crashes and how a launch ended")
struct CrashTests {
    @Test func aCrashEndsTheAppAtOnceWithoutWillTerminate() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = log.take()
        device.crash("EXC_BAD_ACCESS (SIGSEGV)")
        #expect(device.appState == .notRunning)
        #expect(log.take().isEmpty)
        #expect(device.console.recentMessages.suffix(3) == [
            "Crashed: EXC_BAD_ACCESS (SIGSEGV)", "State: active → notRunning",
            "Exit reason: abnormal (iOS 10 has no MetricKit exit counts; from iOS 14 it counts this in MXForegroundExitData.cumulativeAbnormalExitCount)",
        ])
        #expect(device.lastTermination == .crash(reason: "EXC_BAD_ACCESS (SIGSEGV)"))
    }

    @Test func theLastTerminationNamesWhoEndedTheApp() {
        let device = makeWorkerDevice()
        #expect(device.lastTermination == nil)
        device.launch()
        device.terminate(.user)
        #expect(device.lastTermination == .user)
        device.launch()
        device.terminate(.system(reason: "memory pressure"))
        #expect(device.lastTermination == .system(reason: "memory pressure"))
        device.launch()
        device.withWorker { $0.endsOnExpiration = false }
        device.withWorker { $0.begin() }
        device.pressHome()
        device.advance(by: .seconds(180))
        #expect(device.appState == .notRunning)
        #expect(device.lastTermination == .system(reason: "assertions held beyond permitted time"))
    }
}
