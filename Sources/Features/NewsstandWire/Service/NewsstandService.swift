import BackgroundWire

/// What the app's ``Library`` and the system's ``TransferService`` say to each other, and
/// nothing more: the library's calls and the service's events.
package enum NewsstandService: ServiceInterface {
    package typealias Call = NewsstandServiceCall
    package typealias Event = NewsstandServiceEvent

    package static let name = "newsstand"
}
