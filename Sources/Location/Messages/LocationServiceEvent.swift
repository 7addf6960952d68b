/// What the ``LocationService`` sends on a client's channel (``LocationMessages``):
/// events wait for it in the service. The client answers by taking them
/// (``LocationServiceCall/take(client:)``); one notice stands for however many events arrive
/// before it does, which is how fixes are batched and a suspended app's events coalesced.
enum LocationServiceEvent: Codable, Sendable, Equatable {
    /// Events wait for client `client`.
    case eventsWaiting(client: Int)
}
