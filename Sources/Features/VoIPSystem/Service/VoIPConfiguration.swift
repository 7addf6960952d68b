import BackgroundWire

/// The VoIP socket's settings: its timeouts, its line limit and how it reconnects.
public struct VoIPConfiguration: Sendable {
    /// How long a connection attempt may take.
    public var connectTimeout: Duration
    /// How long the connection may receive nothing before it is presumed dead (half-open) and
    /// replaced; nil never presumes so. Off by default: `nc -l 10000` only speaks when typed to.
    /// The socket also has TCP keep-alive on, which finds a dead peer after the kernel's own
    /// (long) timeout.
    public var readIdleTimeout: Duration?
    /// The longest line accepted, in bytes.
    public var lineLimit: Int
    /// The delays between reconnection attempts.
    public var backoff: ReconnectBackoff
    /// The seed of the backoff's jitter; nil picks one at random.
    public var randomSeed: UInt64?
    /// How many events are held for an app that cannot be woken, at most, or handed to an app
    /// that has not handled them yet; reading from the socket stops meanwhile, so the peer's
    /// data waits in the kernel's buffers.
    public var heldEventLimit: Int

    public init(
        connectTimeout: Duration = .seconds(10),
        readIdleTimeout: Duration? = nil,
        lineLimit: Int = 65_536,
        backoff: ReconnectBackoff = ReconnectBackoff(),
        randomSeed: UInt64? = nil,
        heldEventLimit: Int = 4_096
    ) {
        self.connectTimeout = connectTimeout
        self.readIdleTimeout = readIdleTimeout
        self.lineLimit = lineLimit
        self.backoff = backoff
        self.randomSeed = randomSeed
        self.heldEventLimit = heldEventLimit
    }
}
