import BackgroundRuntime

/// What the app's ``Library`` and the system's ``TransferService`` say to each other, and
/// nothing more: the library's calls and the service's events.
enum NewsstandService: ServiceInterface {
    typealias Call = NewsstandServiceCall
    typealias Event = NewsstandServiceEvent

    static let name = "newsstand"
}
