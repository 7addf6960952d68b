import BackgroundWire
import Foundation

/// A request for a short background refresh (an ``AppRefreshTask``, with the fetch budget of
/// 30 s). Needs `fetch` in `UIBackgroundModes`; one may be pending at a time.
public struct AppRefreshTaskRequest: TaskRequest {
    public let identifier: String
    public var earliestBeginDate: Date?

    public init(identifier: String) {
        self.identifier = identifier
    }

    public var scheduledRequest: ScheduledTaskRequest {
        ScheduledTaskRequest(kind: .appRefresh, identifier: identifier, earliestBeginDate: earliestBeginDate)
    }
}
