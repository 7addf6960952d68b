/// The remote console listener's limits.
public struct RemoteConsoleSettings: Sendable {
    /// Failed pairing attempts an address may make within ``failureWindow``.
    public var maxFailures = 5
    /// How long a failed attempt counts against its address.
    public var failureWindow: Duration = .seconds(60)
    /// How long a client has to send its first line.
    public var handshakeTimeout: Duration = .seconds(10)
    /// Connections served at once; more are refused.
    public var maxConnections = 32
    /// Console lines a slow client may fall behind before it loses the oldest.
    public var followBuffer = 1_000

    public init() {}
}
