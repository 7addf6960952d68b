import Foundation

/// A submitted `BGTaskScheduler` request as the system keeps it: pending until its task is
/// launched, across relaunches of the app.
public struct ScheduledTaskRequest: Sendable, Equatable, Codable {
    /// The two kinds of background task.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// `BGAppRefreshTaskRequest`: a short refresh, with the fetch budget (30 s).
        case appRefresh
        /// `BGProcessingTaskRequest`: minutes of deferrable work.
        case processing

        /// How many requests of this kind may be pending at once.
        public var pendingLimit: Int {
            switch self {
            case .appRefresh: 1
            case .processing: 10
            }
        }

        /// The background mode the Info.plist must declare.
        public var requiredMode: BackgroundMode {
            switch self {
            case .appRefresh: .fetch
            case .processing: .processing
            }
        }

        /// How the console names it.
        package var displayName: String {
            switch self {
            case .appRefresh: "app refresh"
            case .processing: "processing"
            }
        }
    }

    public var kind: Kind
    public var identifier: String
    /// The task does not start before this date; nil means as soon as the system likes.
    public var earliestBeginDate: Date?
    public var requiresNetworkConnectivity: Bool
    public var requiresExternalPower: Bool

    public init(
        kind: Kind,
        identifier: String,
        earliestBeginDate: Date? = nil,
        requiresNetworkConnectivity: Bool = false,
        requiresExternalPower: Bool = false
    ) {
        self.kind = kind
        self.identifier = identifier
        self.earliestBeginDate = earliestBeginDate
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
        self.requiresExternalPower = requiresExternalPower
    }

    /// Whether the device's conditions let the task run: its power and network, and for a
    /// processing task an idle device (the screen locked).
    public func canRun(under conditions: DeviceConditions) -> Bool {
        (!requiresNetworkConnectivity || conditions.hasNetworkConnectivity)
            && (!requiresExternalPower || conditions.isOnExternalPower)
            && (kind != .processing || conditions.isScreenLocked)
    }

    /// The condition the task needs that `conditions` lack, as the console names it.
    package func lostCondition(under conditions: DeviceConditions) -> String {
        if requiresExternalPower, !conditions.isOnExternalPower { return "external power" }
        if requiresNetworkConnectivity, !conditions.hasNetworkConnectivity { return "the network" }
        return "the idle device (the screen was unlocked)"
    }
}
