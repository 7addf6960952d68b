/// What a system service and its app-side client say to each other, as an iOS framework and
/// the daemon behind it do: the calls the client makes and the events the service sends. A
/// service declares one, and both sides name it — the client in the app's code
/// (`ServiceClient`), the host in the system's (`ServiceHost`) — so that a new message is
/// one case in one enum. A call that waits is answered with a value of the type the client asks
/// for.
///
/// The values cross as they are while the app runs in the system's process, and encoded once,
/// in `BackgroundWire`'s binary form (`ServicePayload`), when the app has a process of its own.
public protocol ServiceInterface: SendableMetatype {
    /// What the client asks or tells the service.
    associatedtype Call: Codable & Sendable
    /// What the service sends the client, unasked.
    associatedtype Event: Codable & Sendable
    /// The service's name on the link, e.g. `audio`.
    static var name: String { get }
    /// The most events a client may have to take in before the service's offers are refused
    /// (`ServiceHost/offer(_:on:whileSuspended:)`); the client says what it took in every half
    /// of it. 32 unless the interface says otherwise: a service whose every event is a batch of
    /// what waited keeps it small, so that what arrives meanwhile gathers into the next batch.
    static var creditWindow: Int { get }
}

extension ServiceInterface {
    /// The window of a service that does not say otherwise, 32.
    public static var creditWindow: Int { 32 }

    /// The channel of one of the service's clients, `id`: a service with a client per object of
    /// the app (a location manager each) sends each its own events.
    public static func channel(_ id: Int) -> String {
        "\(name)/\(id)"
    }
}
