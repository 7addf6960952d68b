import BackgroundWire

extension StatusReport {
    /// The status of `machine` at device time `now`, with the screens as published.
    init(
        machine: SystemStateMachine, now: Duration, screens: [String: ScreenStatus], energy: EnergyStatus,
        isolation: IsolationStatus, memory: MemoryStatus
    ) {
        let remaining = machine.backgroundTimeRemaining(at: now)?.seconds
        self.init(
            state: machine.appState,
            profile: machine.profile.name,
            launchReason: machine.launch?.reason,
            backgroundTimeRemaining: remaining,
            assertions: machine.assertionsInOrder.map { assertion in
                AssertionStatus(
                    name: assertion.name, identifier: assertion.identifier.rawValue,
                    timeRemaining: remaining, begunAt: assertion.begunAt.description)
            },
            activities: machine.activities.sorted { $0.key < $1.key }
                .filter { machine.keepsRunningInBackground($0.value) }.map(\.value.name),
            diagnostics: machine.diagnostics.count,
            diagnosticRules: Dictionary(
                uniqueKeysWithValues: machine.diagnostics.countByRule.map { ($0.key.rawValue, $0.value) }),
            backgroundModes: machine.infoPlist.backgroundModes.map(\.rawValue).sorted(),
            uptime: now.seconds,
            screens: screens,
            interrupted: machine.isInterrupted,
            protectedDataAvailable: machine.protectedData.isAvailable,
            usesScenes: machine.usesScenes,
            sceneActivationState: machine.sceneActivationState,
            device: DeviceStatus(machine.conditions, unlockedSinceBoot: machine.protectedData.isUnlockedSinceBoot),
            alerts: machine.alerts,
            continuedProcessingTasks: machine.continuedProcessingActivities,
            push: machine.pushStatus,
            energy: energy,
            isolation: isolation,
            backgroundTransfers: machine.backgroundTransferStatuses,
            transferResumeDelay: machine.urlSessions.resumeDelay.seconds,
            prewarmed: machine.prewarm != nil,
            memory: memory)
    }
}
