import BackgroundRuntime

/// What the VoIP screen shows, published under `voip`: its Address and Port fields, the
/// received-data log as the app last wrote it, and the socket's connection state and counters
/// as the system sees them when `status` is read (the socket outlives the app's suspension).
public struct VoIPSnapshot: ScreenSnapshot {
    public let address: String
    public let port: String
    public let log: [String]
    let service: VoIPService

    private enum CodingKeys: String, CodingKey {
        case address, port, connection, log
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(address, forKey: .address)
        try container.encode(port, forKey: .port)
        try container.encode(service.status, forKey: .connection)
        try container.encode(log, forKey: .log)
    }
}
