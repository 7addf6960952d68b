import Foundation

/// The provider token one connection uses, and since when: APNs's rules for tokens over time.
///
/// - A token whose `iat` is over an hour old is refused with 403 `ExpiredProviderToken`
///   (Apple: “APNs rejects any request whose token contains a timestamp that is more than one
///   hour old”).
/// - A new token on a connection less than 20 minutes after the one it replaces is refused with
///   429 `TooManyProviderTokenUpdates` (Apple: “Refresh your token no more than once every 20
///   minutes”; “Handling notification responses from APNs” names the reason, “the provider's
///   authentication token is being updated too often”). Backgrounder's model of where the
///   20 minutes run: on one connection, from when the gateway first took the token it replaces,
///   as Apple's engineers describe it (a new token “on the same open connection”); the
///   connection's token stays the old one.
///
/// Source: https://developer.apple.com/documentation/usernotifications/establishing-a-token-based-connection-to-apns
/// and https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns.
/// A value with no clock and no I/O: the gateway keeps one a connection and gives it the time.
public struct ProviderTokenState: Sendable {
    /// The token the connection uses and when the gateway first took it.
    private var current: (token: ProviderToken, since: Date)?

    /// The shortest time between two tokens on one connection.
    public static let refreshInterval: TimeInterval = 20 * 60

    /// A connection that has sent no token yet.
    public init() {}

    /// Checks the request's `authorization` against `key` at `now`, and takes its token as the
    /// connection's when it may be.
    mutating func admit(authorization: String?, key: ProviderKey, now: Date) throws(APNsFailure) {
        let token: ProviderToken
        if let current, let authorization, authorization.hasSuffix(current.token.text),
            authorization.utf8.count == current.token.text.utf8.count + 7
        {
            token = current.token  // "bearer " and the token already checked: no second signature check
        } else {
            token = try key.verify(authorization: authorization)
        }
        guard now.timeIntervalSince(token.issuedAt) <= ProviderKey.tokenLifetime else {
            throw APNsFailure(.expiredProviderToken, "the provider token was issued over an hour ago (iat \(Int(token.issuedAt.timeIntervalSince1970)))")
        }
        guard let current, current.token.text != token.text else {
            if current == nil { self.current = (token, now) }
            return
        }
        let since = now.timeIntervalSince(current.since)
        guard since >= Self.refreshInterval else {
            throw APNsFailure(
                .tooManyProviderTokenUpdates,
                "a new provider token \(Int(since)) s after this connection's last one; refresh it no more than once every 20 minutes")
        }
        self.current = (token, now)
    }
}
