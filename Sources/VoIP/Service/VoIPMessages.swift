import BackgroundRuntime

/// What the app's ``VoIPSocket`` and the system's ``VoIPService`` say to each other: the
/// socket's calls and the service's events.
enum VoIPMessages: ServiceInterface {
    typealias Call = VoIPServiceCall
    typealias Event = VoIPServiceEvent

    static let name = "voip"
}
