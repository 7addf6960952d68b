/// How the push gateway runs.
public struct PushGatewayConfiguration: Sendable {
    /// The port on 127.0.0.1; 0 picks a free one.
    public var port: Int
    public var certificate: GatewayCertificate
    /// When set, requests must carry a provider token it signed (token-based authentication).
    public var providerKey: ProviderKey?
    /// Requests a second to one device token before `TooManyRequests`.
    public var requestsPerSecondPerToken = 1000
    /// How long a connection may send nothing before the gateway closes it.
    public var idleTimeout = Duration.seconds(300)

    /// APNs's alternative port, Backgrounder's default.
    public static let defaultPort = 2197

    public init(port: Int = PushGatewayConfiguration.defaultPort, certificate: GatewayCertificate, providerKey: ProviderKey? = nil) {
        self.port = port
        self.certificate = certificate
        self.providerKey = providerKey
    }
}
