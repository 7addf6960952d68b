import BackgroundRuntime
import Testing

@Suite("The background CPU limit (CPU Monitor)")
struct CPULimitTests {
    /// Runs the app in the background with a task, its own code using `share` of a CPU, for
    /// `seconds`.
    private func spend(_ share: Double, for seconds: Int, on device: TestDevice) {
        for _ in 0..<(seconds / 5) {
            device.usage.spendAppCPU(share * 5)
            device.advance(by: .seconds(5))
        }
    }

    @Test func anAppUsingMoreThan80PercentOfACPUForAMinuteInTheBackgroundIsKilled() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        spend(0.9, for: 55, on: device)
        #expect(device.appState == .background, "not before a whole minute in the background")
        spend(0.9, for: 10, on: device)
        #expect(device.appState == .notRunning)
        #expect(device.energy.status().exits.background == [.cpuResourceLimit: 1])
        #expect(device.console.recentMessages.contains("Event: cpu usage"))
        #expect(device.console.recentMessages.contains(
            "CPU: 54 seconds cpu time over 60 seconds (90% cpu average), exceeding limit of 80% cpu over 60 seconds"))
        #expect(device.diagnosticMessages(.cpuResourceLimit).count == 1)
    }

    @Test func anAppUnderTheLimitKeepsRunning() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        spend(0.7, for: 120, on: device)
        #expect(device.appState == .background)
    }

    @Test func theForegroundHasNoLimit() {
        let device = makeWorkerDevice()
        device.launch()
        spend(1.0, for: 120, on: device)
        #expect(device.appState == .active)
    }

    @Test func aProcessingTaskRunsWithoutTheLimit() {
        let recorder = TaskRecorder(TaskBehavior(duration: .seconds(200)))
        let device = makeTaskDevice(recorder: recorder)
        device.conditions.setExternalPower(true)
        device.launch()
        device.submit(processingRequest())
        device.conditions.lockScreen()
        #expect(recorder.take() == ["launched cleanup (processing, background, user)"])
        spend(1.0, for: 120, on: device)
        #expect(device.appState == .background, "CPU Monitor is off while the processing task runs on a plugged-in device")
        #expect(device.energy.status().exits.background.isEmpty)

        // On battery power the same task is held to the limit.
        let onBattery = makeTaskDevice(recorder: TaskRecorder(TaskBehavior(duration: .seconds(200))))
        onBattery.launch()
        onBattery.submit(processingRequest())
        onBattery.conditions.lockScreen()
        spend(1.0, for: 65, on: onBattery)
        #expect(onBattery.appState == .notRunning)
        #expect(onBattery.energy.status().exits.background == [.cpuResourceLimit: 1])
    }

    @Test func aSuspendedAppIsNotCheckedAndCostsNoTimer() {
        let device = makeWorkerDevice()
        device.launch()
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(device.loop.pendingTimers == 0)
    }
}
