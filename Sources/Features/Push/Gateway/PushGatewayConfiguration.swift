import Foundation

/// How the push gateway runs.
public struct PushGatewayConfiguration: Sendable {
    /// The port on 127.0.0.1; 0 picks a free one.
    public var port: Int
    public var certificate: GatewayCertificate
    /// When set, requests must carry a provider token it signed (token-based authentication).
    public var providerKey: ProviderKey?
    /// Requests a second to one device token before `TooManyRequests`.
    public var requestsPerSecondPerToken = 1000
    /// How long a connection may send nothing before the gateway closes it (GOAWAY
    /// `IdleTimeout`). Backgrounder's model: APNs names the reason, not the time.
    public var idleTimeout = Duration.seconds(300)
    /// The most connections open at once; past it the one idle longest makes room (see
    /// `ConnectionTable`). Backgrounder's model: APNs documents no number.
    public var maximumConnections = 256
    /// The most streams one connection may have open at once (its SETTINGS_MAX_CONCURRENT_STREAMS).
    /// Backgrounder's model: Apple says only not to assume a number.
    public var maximumStreamsPerConnection = 100
    /// The time provider tokens and rates are judged at: the wall clock, or a test's.
    public var now: @Sendable () -> Date = { Date() }

    /// APNs's alternative port, Backgrounder's default.
    public static let defaultPort = 2197

    public init(port: Int = PushGatewayConfiguration.defaultPort, certificate: GatewayCertificate, providerKey: ProviderKey? = nil) {
        self.port = port
        self.certificate = certificate
        self.providerKey = providerKey
    }
}
