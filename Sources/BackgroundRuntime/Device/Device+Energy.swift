import Foundation

/// The energy accounts, fed by the system's services and the app's state changes, and the
/// rules that read them: threads that run while the app is suspended; the background CPU limit
/// (`CPULimitCheck`) and MetricKit's periods (`MetricKitReports`) are told each state change.
extension Device {
    /// Counts bytes a system service sent or received for the app (a download, the VoIP
    /// socket, a push).
    public func recordNetwork(bytes: Int) {
        energy.addNetwork(bytes: bytes, at: loop.now)
    }

    /// The system powers `resource` for the app until the token is ended
    /// (``endUsing(_:)``): the location receiver, the audio output.
    public func beginUsing(_ resource: EnergyResource) -> EnergyUsageToken {
        EnergyUsageToken(rawValue: energy.begin(resource, at: loop.now))
    }

    /// The resource of `token` is off.
    public func endUsing(_ token: EnergyUsageToken) {
        energy.end(token.rawValue, at: loop.now)
    }

    /// The energy accounts now; a thread that has run while the app is suspended is reported.
    public func energyStatus() -> EnergyStatus {
        let (status, findings) = energy.status(at: loop.now, exits: read(\.exits))
        reportThreadsRunningWhileSuspended(findings)
        return status
    }

    /// The energy timeline of the last `seconds`, oldest first, in entries of five seconds.
    public func energyTimeline(seconds: Double = 300) -> [EnergyTimelineEntry] {
        energy.timeline(seconds: seconds, at: loop.now)
    }

    func energyStateChanged(_ change: AppStateChange) {
        let launch = read { $0.launch }
        let findings = energy.changeState(change, launch: launch?.number, reason: launch?.reason, date: date(at: change.time))
        reportThreadsRunningWhileSuspended(findings)
        cpuLimit.stateChanged(change, on: self)
        metricKit.stateChanged(change, on: self)
    }

    private func reportThreadsRunningWhileSuspended(_ findings: [SuspendedRunFinding]) {
        for finding in findings {
            report(
                .ranWhileSuspended,
                "thread \(finding.thread.id) (\"\(finding.thread.name)\") of \(infoPlist.bundleName) used "
                    + "\(Duration.seconds(finding.cpuSeconds).secondsText) s of CPU in the "
                    + "\(Duration.seconds(finding.suspendedSeconds).secondsText) s the app was suspended; on iOS the kernel "
                    + "stops every thread of a suspended app, so this work would not have run")
        }
    }
}
