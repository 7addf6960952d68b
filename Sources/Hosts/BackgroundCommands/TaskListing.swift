import BackgroundRuntime
import Foundation

/// What `bgtask list` prints: the pending and running `BGTaskScheduler` tasks.
struct TaskListing: Encodable {
    let pending: [ScheduledTaskRequest]
    let running: [String]

    /// `{"pending":[…],"running":[…]}` with ISO 8601 dates.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
