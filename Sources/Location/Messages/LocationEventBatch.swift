/// The answer to ``LocationServiceCall/take(client:)``: everything that waited for one client,
/// oldest first.
struct LocationEventBatch: Codable, Sendable, Equatable {
    var events: [LocationEvent]
}
