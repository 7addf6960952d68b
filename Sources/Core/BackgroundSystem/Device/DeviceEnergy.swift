import BackgroundWire
import Foundation

/// The device's energy accounts, reached as ``Device/energy``: fed by the system's services and
/// the app's state changes, with the rules that read them — threads that run while the app is
/// suspended; the background CPU limit (`CPULimitCheck`) and MetricKit's periods
/// (`MetricKitReports`) are told each state change.
///
/// A view of the device: it holds the device and keeps nothing of its own.
public struct DeviceEnergy: Sendable {
    let device: Device

    /// The meter that keeps the accounts, and the source of its readings.
    public var meter: EnergyMeter { device.energyAccounts.meter }

    /// Counts bytes a system service sent or received for the app (a download, the VoIP
    /// socket, a push).
    public func recordNetwork(bytes: Int) {
        meter.addNetwork(bytes: bytes, at: device.loop.now)
    }

    /// The system powers `resource` for the app until the token is ended
    /// (``endUsing(_:)``): the location receiver, the audio output.
    public func beginUsing(_ resource: EnergyResource) -> EnergyUsageToken {
        EnergyUsageToken(rawValue: meter.begin(resource, at: device.loop.now))
    }

    /// The resource of `token` is off.
    public func endUsing(_ token: EnergyUsageToken) {
        meter.end(token.rawValue, at: device.loop.now)
    }

    /// The energy accounts now; a thread that has run while the app is suspended is reported.
    public func status() -> EnergyStatus {
        let (status, findings) = meter.status(at: device.loop.now, exits: device.read(\.exits))
        reportThreadsRunningWhileSuspended(findings)
        return status
    }

    /// The energy timeline of the last `seconds`, oldest first, in entries of five seconds.
    public func timeline(seconds: Double = 300) -> [EnergyTimelineEntry] {
        meter.timeline(seconds: seconds, at: device.loop.now)
    }

    func stateChanged(_ change: AppStateChange) {
        let launch = device.read { $0.launch }
        let findings = meter.changeState(
            change, launch: launch?.number, reason: launch?.reason, date: device.date(at: change.time),
            freezesLater: device.appRunsInOwnProcess)
        reportThreadsRunningWhileSuspended(findings)
        device.energyAccounts.cpuLimit.stateChanged(change, on: device)
        device.energyAccounts.metricKit.stateChanged(change, on: device)
    }

    private func reportThreadsRunningWhileSuspended(_ findings: [SuspendedRunFinding]) {
        for finding in findings {
            device.report(
                .ranWhileSuspended,
                "thread \(finding.thread.id) (\"\(finding.thread.name)\") of \(device.infoPlist.bundleName) used "
                    + "\(Duration.seconds(finding.cpuSeconds).secondsText) s of CPU in the "
                    + "\(Duration.seconds(finding.suspendedSeconds).secondsText) s the app was suspended; on iOS the kernel "
                    + "stops every thread of a suspended app, so this work would not have run")
        }
    }
}

extension Device {
    /// The energy accounts: what the app costs in CPU, wake-ups, network, location and audio, by
    /// launch and state, and what the system's services tell them.
    public var energy: DeviceEnergy { DeviceEnergy(device: self) }
}
