import BackgroundRuntime
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A local gateway that speaks the APNs provider API — HTTP/2 over TLS, `POST /3/device/<token>`
/// with APNs's headers and answers — and delivers what it accepts to the device, as APNs
/// delivers to a phone. Any APNs client library pointed at it works.
///
/// It listens on 127.0.0.1 only. Each request is read on NIO's event loop; the device is
/// thread-safe and never waits on the app, so delivering blocks nothing. What a misbehaving
/// provider can hold is bounded: `maximumConnections` connections, `maximumStreamsPerConnection`
/// streams on each, 5 KB of body a stream, 16 KB of headers (NIOHTTP2's limit); a connection
/// whose client does not read its answers is not read from until it does.
public final class PushGateway: Sendable {
    /// The port it listens on.
    public let port: Int
    /// `https://127.0.0.1:PORT`.
    public var url: String { "https://127.0.0.1:\(port)" }
    private let channel: any Channel
    private let connections: ConnectionTable

    private init(port: Int, channel: any Channel, connections: ConnectionTable) {
        self.port = port
        self.channel = channel
        self.connections = connections
    }

    /// Starts a gateway for the app on `device` and tells the device its URL.
    public static func start(
        device: Device, configuration: PushGatewayConfiguration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws(GatewayError) -> PushGateway {
        let console = device.console
        let context = GatewayContext(
            recipient: PushRecipient(device: device), providerKey: configuration.providerKey,
            limiter: RequestRateLimiter(limit: configuration.requestsPerSecondPerToken), now: configuration.now,
            deliver: { [weak device] push in device?.push.receive(push) },
            refused: { request, failure in
                console.log("Push gateway refused \(request.method) \(request.path.visibleOnConsole.prefix(120)): \(failure)")
            })
        let gateway = try await start(context: context, configuration: configuration, group: group)
        device.push.setGateway(gateway.url)
        return gateway
    }

    static func start(
        context: GatewayContext, configuration: PushGatewayConfiguration, group: any EventLoopGroup
    ) async throws(GatewayError) -> PushGateway {
        let sslContext: NIOSSLContext
        do {
            var tls = TLSConfiguration.makeServerConfiguration(
                certificateChain: configuration.certificate.certificates.map { .certificate($0) },
                privateKey: .privateKey(configuration.certificate.privateKey))
            tls.applicationProtocols = ["h2"]
            sslContext = try NIOSSLContext(configuration: tls)
        } catch {
            throw .certificate(path: configuration.certificate.certificateFile.path, reason: "\(error)")
        }
        let timeout = configuration.idleTimeout.components
        let idle = TimeAmount.nanoseconds(timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000)
        var settings = NIOHTTP2Handler.ConnectionConfiguration()
        settings.initialSettings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: configuration.maximumStreamsPerConnection),
            HTTP2Setting(parameter: .maxHeaderListSize, value: HPACKDecoder.defaultMaxHeaderListSize),
        ]
        let http2 = settings
        let connections = ConnectionTable(limit: configuration.maximumConnections)
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    let (record, full) = connections.open(channel)
                    channel.closeFuture.whenComplete { _ in connections.close(record) }
                    if let full { full.evict() }
                    return channel.eventLoop.makeCompletedFuture {
                        let connection = GatewayConnection(record: record)
                        let bound = NIOLoopBound(connection, eventLoop: channel.eventLoop)
                        try channel.pipeline.syncOperations.addHandlers(
                            BackPressureHandler(), IdleStateHandler(readTimeout: idle), NIOSSLServerHandler(context: sslContext))
                        _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                            mode: .server, connectionConfiguration: http2, streamConfiguration: .init()
                        ) { stream in
                            stream.eventLoop.makeCompletedFuture {
                                let connection = bound.value
                                if let id = try? stream.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID),
                                    id > connection.lastStreamID
                                {
                                    connection.lastStreamID = id
                                }
                                try stream.pipeline.syncOperations.addHandler(APNsStreamHandler(context: context, connection: connection))
                            }
                        }
                        try channel.pipeline.syncOperations.addHandler(IdleConnectionCloser(connection: connection))
                    }
                }
                .bind(host: "127.0.0.1", port: configuration.port).get()
            return PushGateway(port: channel.localAddress?.port ?? configuration.port, channel: channel, connections: connections)
        } catch {
            throw .listen(port: configuration.port, reason: "\(error)")
        }
    }

    /// How many connections are open now.
    public var openConnections: Int { connections.count }

    /// Stops listening, and closes the connections open now as APNs closes them when it shuts
    /// down: GOAWAY with `{"reason":"Shutdown"}`.
    public func stop() async {
        try? await channel.close()
        for record in connections.all {
            record.channel.pipeline.fireUserInboundEventTriggered(GatewayShutdown())
        }
        for record in connections.all {
            try? await record.channel.closeFuture.get()
        }
    }
}
