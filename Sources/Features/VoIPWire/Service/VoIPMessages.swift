import BackgroundWire

/// What the app's ``VoIPSocket`` and the system's ``VoIPService`` say to each other: the
/// socket's calls and the service's events.
package enum VoIPMessages: ServiceInterface {
    package typealias Call = VoIPServiceCall
    package typealias Event = VoIPServiceEvent

    package static let name = "voip"
}
