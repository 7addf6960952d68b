import BackgroundWire
import Foundation

/// A request for minutes of deferrable work (a ``ProcessingTask``), which can wait for the
/// network or for external power. Needs `processing` in `UIBackgroundModes`; ten may be pending.
public struct ProcessingTaskRequest: TaskRequest {
    public let identifier: String
    public var earliestBeginDate: Date?
    /// The task runs only while the device has a network connection.
    public var requiresNetworkConnectivity = false
    /// The task runs only while the device is on external power; unplugging it expires the task.
    public var requiresExternalPower = false

    public init(identifier: String) {
        self.identifier = identifier
    }

    public var scheduledRequest: ScheduledTaskRequest {
        ScheduledTaskRequest(
            kind: .processing, identifier: identifier, earliestBeginDate: earliestBeginDate,
            requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower)
    }
}
