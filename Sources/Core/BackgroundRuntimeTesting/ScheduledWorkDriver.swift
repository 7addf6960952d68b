@_exported import BackgroundRuntime

/// Drives the system's side of `BGTaskScheduler` on a ``BackgroundRuntime/TestDevice``, the
/// way Android WorkManager's `TestDriver` drives scheduled work: instead of waiting for the
/// conditions and the date a request asks for, a test says they are met, and the device's
/// rules take it from there.
///
/// Each call acts on the pending request with that identifier and runs what follows on the
/// device (the app's handler, its expiration, its completion) before it returns:
///
/// ```swift
/// let device = TestDevice(infoPlist: plist) { SyncApp(application: $0) }
/// let work = ScheduledWorkDriver(device: device)
/// device.launch()
/// device.pressHome()
/// try work.setAllConditionsMet(for: "com.example.sync.cleanup")
/// try work.setEarliestDateReached(for: "com.example.sync.cleanup")
/// #expect(device.taskScheduler.runningTaskIdentifiers == ["com.example.sync.cleanup"])
/// ```
///
/// Only the system's side is simulated: the app still has to register a handler at launch,
/// submit the request, and complete its task, and the device reports it when it does not.
public struct ScheduledWorkDriver: Sendable {
    /// The device whose scheduler is driven.
    public let device: TestDevice

    public init(device: TestDevice) {
        self.device = device
    }

    /// WorkManager's `setAllConstraintsMet`: gives the device what the pending request
    /// requires (external power, a network; for a processing task an idle device, its screen
    /// locked) and takes away what defers background work (Low Power Mode, a serious thermal
    /// state), with Background App Refresh on.
    public func setAllConditionsMet(for identifier: String) throws(ScheduledWorkError) {
        let request = try pendingRequest(identifier)
        device.conditions.setBackgroundAppRefresh(enabled: true)
        device.conditions.setLowPowerMode(false)
        device.conditions.setThermalState(.nominal)
        if request.requiresExternalPower { device.conditions.setExternalPower(true) }
        if request.requiresNetworkConnectivity { device.conditions.setNetworkConnectivity(true) }
        if request.kind == .processing { device.conditions.lockScreen() }
        device.runUntilIdle()
    }

    /// WorkManager's `setInitialDelayMet`: moves the device's clock to the moment the system
    /// planned for the request (never before its `earliestBeginDate`; for an app refresh task,
    /// when the system's own schedule chose), so that it launches if its conditions hold.
    public func setEarliestDateReached(for identifier: String) throws(ScheduledWorkError) {
        _ = try pendingRequest(identifier)
        guard let delay = device.taskScheduler.plannedTaskLaunch(identifier: identifier) else {
            throw .notPlanned(identifier: identifier)
        }
        device.advance(by: delay)
    }

    /// Xcode's `_simulateLaunchForTaskWithIdentifier:`: launches the task now, whatever its
    /// date and conditions.
    public func simulateLaunch(of identifier: String) throws(TaskSimulationError) {
        try device.taskScheduler.simulateLaunchOfTask(identifier: identifier)
        device.runUntilIdle()
    }

    /// Xcode's `_simulateExpirationForTaskWithIdentifier:`: the running task's expiration
    /// handler is called now.
    public func simulateExpiration(of identifier: String) throws(TaskSimulationError) {
        try device.taskScheduler.simulateExpirationOfTask(identifier: identifier)
        device.runUntilIdle()
    }

    private func pendingRequest(_ identifier: String) throws(ScheduledWorkError) -> ScheduledTaskRequest {
        let pending = device.taskScheduler.pendingTaskRequests
        guard let request = pending.first(where: { $0.identifier == identifier }) else {
            throw .noPendingRequest(identifier: identifier, pending: pending.map(\.identifier))
        }
        return request
    }
}
