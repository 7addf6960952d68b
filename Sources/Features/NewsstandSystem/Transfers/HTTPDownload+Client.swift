import AsyncHTTPClient
import BackgroundWire
import Foundation
import NIOSSL
import Synchronization

/// The HTTP clients downloads share.
extension HTTPDownload {
    /// The HTTP client of the services that trust `certificates` besides the system's: it
    /// follows redirects but no cycles, and is never shut down (like `HTTPClient.shared`), so
    /// that services can come and go. One client per set of certificates.
    static func client(trusting certificates: [URL]) -> HTTPClient {
        clients.withLock { clients in
            let key = certificates.map(\.path)
            if let client = clients[key] { return client }
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = certificates.map { .file($0.path) }
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: tls,
                redirectConfiguration: .follow(max: 10, allowCycles: false),
                decompression: .disabled)
            // A connection that cannot be made fails the attempt at once, with its reason: the
            // service retries with its own backoff and says so on the console (the client's own
            // retries would hold the attempt at 0 bytes until the stall watchdog).
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    private static let clients = Mutex<[[String]: HTTPClient]>([:])
}
