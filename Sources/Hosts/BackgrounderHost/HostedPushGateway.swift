import BackgroundRuntime
import Foundation

/// How a host starts the APNs-compatible push gateway for its app. The gateway and its crypto
/// (swift-crypto, swift-certificates) are in the BackgrounderPush product, which an app's
/// executable adds only if it wants pushes, so that the others do not build them:
///
/// ```swift
/// import BackgrounderPush
///
/// await AppHost.main(infoPlist: SyncApp.infoPlist, pushGateway: .apns) { SyncApp(application: $0) }
/// ```
///
/// Then `run --push-port 2197` starts it.
public struct HostedPushGateway: Sendable {
    /// Starts the gateway as `options` say on `port` (0 for a free one), for the app on
    /// `device` storing in `dataDirectory`; a port it cannot listen on leaves it out with a
    /// console line. Returns what stops it, or nil when none runs.
    public let start:
        @Sendable (_ options: PushOptions, _ port: Int, _ device: Device, _ dataDirectory: URL) async throws ->
            (@Sendable () async -> Void)?

    public init(
        start: @escaping @Sendable (PushOptions, Int, Device, URL) async throws -> (@Sendable () async -> Void)?
    ) {
        self.start = start
    }
}
