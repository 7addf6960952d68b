import BackgroundRuntime
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A local gateway that speaks the APNs provider API — HTTP/2 over TLS, `POST /3/device/<token>`
/// with APNs's headers and answers — and delivers what it accepts to the device, as APNs
/// delivers to a phone. Any APNs client library pointed at it works.
///
/// It listens on 127.0.0.1 only. Each request is read on NIO's event loop; the device is
/// thread-safe and never waits on the app, so delivering blocks nothing.
public final class PushGateway: Sendable {
    /// The port it listens on.
    public let port: Int
    /// `https://127.0.0.1:PORT`.
    public var url: String { "https://127.0.0.1:\(port)" }
    private let channel: any Channel

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    /// Starts a gateway for the app on `device` and tells the device its URL.
    public static func start(
        device: Device, configuration: PushGatewayConfiguration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws(GatewayError) -> PushGateway {
        let console = device.console
        let context = GatewayContext(
            recipient: PushRecipient(device: device), providerKey: configuration.providerKey,
            limiter: RequestRateLimiter(limit: configuration.requestsPerSecondPerToken),
            deliver: { [weak device] push in device?.receive(push) },
            refused: { request, failure in
                console.log("Push gateway refused \(request.method) \(request.path.visibleOnConsole.prefix(120)): \(failure)")
            })
        let gateway = try await start(context: context, configuration: configuration, group: group)
        device.setPushGateway(gateway.url)
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
        let idleNanoseconds = timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandlers(
                            IdleStateHandler(readTimeout: .nanoseconds(Int64(idleNanoseconds))), IdleConnectionCloser(),
                            NIOSSLServerHandler(context: sslContext))
                        _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                            mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()
                        ) { stream in
                            stream.eventLoop.makeCompletedFuture {
                                try stream.pipeline.syncOperations.addHandler(APNsStreamHandler(context: context))
                            }
                        }
                    }
                }
                .bind(host: "127.0.0.1", port: configuration.port).get()
            return PushGateway(port: channel.localAddress?.port ?? configuration.port, channel: channel)
        } catch {
            throw .listen(port: configuration.port, reason: "\(error)")
        }
    }

    /// Stops listening; connections open now are closed.
    public func stop() async {
        try? await channel.close()
    }
}
