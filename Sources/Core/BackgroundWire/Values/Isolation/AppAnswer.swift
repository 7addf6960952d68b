import Foundation

/// The system's answer to an ``AppCall`` that waits for one.
package enum AppAnswer: Codable, Sendable, Equatable {
    case identifier(Int)
    case seconds(Double?)
    case timer(id: Int)
    case path(String?)
    case date(Double)
    /// The device's time since it booted, and whether it is real time (it runs on script time
    /// otherwise: the system moves it).
    case deviceClock(nanoseconds: Int64, isRealTime: Bool)
    case conditions(DeviceConditions)
    case optionalDate(Double?)
    case requests([ScheduledTaskRequest])
    /// A submitted request: nil, or why it was refused.
    case submitted(TaskSchedulerError?)
    /// A keep-alive handler set: nil, or why it was refused.
    case keepAlive(KeepAliveError?)
    /// A service's answer to a call.
    case serviceAnswer(ServicePayload?)
    case granted(Bool)
    case notification(DeliveredNotification?)
    case notifications(NotificationsSnapshot)
    case protectedDataAccess(ProtectedDataAccess)
    /// A background transfer's identifier, or nil when the session was not made.
    case transfer(Int?)
    /// The state the system hands back at a launch (state restoration).
    case restoredState(RestorationArchive?)
}
