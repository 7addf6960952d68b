import BackgroundRuntime
import Foundation

/// What every stream of one gateway shares: the app it delivers to, the provider key, the
/// rate limiter, the clock, and where accepted pushes and refusals go.
struct GatewayContext: Sendable {
    let recipient: PushRecipient
    let providerKey: ProviderKey?
    let limiter: RequestRateLimiter
    /// The time provider tokens and rates are judged at.
    let now: @Sendable () -> Date
    /// Hands an accepted push to the device.
    let deliver: @Sendable (RemotePush) -> Void
    /// Says on the console why a request was refused.
    let refused: @Sendable (APNsRequest, APNsFailure) -> Void
}
