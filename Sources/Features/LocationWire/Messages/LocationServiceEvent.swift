/// What the ``LocationService`` sends on a client's channel (``LocationMessages``): what waited
/// for the client, pushed as it can leave — no call of the client's, so no round trip on the
/// live path.
package enum LocationServiceEvent: Codable, Sendable, Equatable {
    /// Events for client `client`, oldest first, in the order the service decided them: fixes
    /// that arrived while the batch before was on its way come together as one
    /// ``LocationEvent/locations(_:)``. `stops` is how many times the client's updates had
    /// stopped when the batch left: a manager that has stopped them since drops its fixes, as
    /// updates stopped deliver nothing more.
    case events(client: Int, stops: Int, [LocationEvent])
}
