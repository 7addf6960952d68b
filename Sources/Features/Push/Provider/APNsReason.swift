/// An APNs provider API error: its `reason` string and HTTP status, as Apple's “Handling
/// notification responses from APNs” lists them
/// (https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns).
/// An error answer's body is `{"reason":"<reason>"}`, and for 410 also `"timestamp"`, the
/// milliseconds since the epoch when the token stopped being valid; a GOAWAY frame carries the
/// same JSON in its debug data.
public enum APNsReason: String, Sendable, Equatable, CaseIterable {
    case badCollapseId = "BadCollapseId"
    case badDeviceToken = "BadDeviceToken"
    case badExpirationDate = "BadExpirationDate"
    case badMessageId = "BadMessageId"
    case badPriority = "BadPriority"
    case badTopic = "BadTopic"
    case deviceTokenNotForTopic = "DeviceTokenNotForTopic"
    /// One of APNs's headers (or `authorization`) was sent twice.
    case duplicateHeaders = "DuplicateHeaders"
    /// The connection was idle too long: the GOAWAY's reason when the gateway closes it.
    case idleTimeout = "IdleTimeout"
    case invalidPushType = "InvalidPushType"
    case missingDeviceToken = "MissingDeviceToken"
    case missingTopic = "MissingTopic"
    case payloadEmpty = "PayloadEmpty"
    /// Backgrounder's: a payload that is not a JSON object (APNs names no reason for it).
    case badPayload = "BadPayload"
    case topicDisallowed = "TopicDisallowed"
    case expiredProviderToken = "ExpiredProviderToken"
    case invalidProviderToken = "InvalidProviderToken"
    case missingProviderToken = "MissingProviderToken"
    case badPath = "BadPath"
    case methodNotAllowed = "MethodNotAllowed"
    case unregistered = "Unregistered"
    case payloadTooLarge = "PayloadTooLarge"
    case tooManyProviderTokenUpdates = "TooManyProviderTokenUpdates"
    case tooManyRequests = "TooManyRequests"
    /// The server is shutting down: the GOAWAY's reason when the gateway stops.
    case shutdown = "Shutdown"

    /// The HTTP status APNs answers with.
    public var status: Int {
        switch self {
        case .expiredProviderToken, .invalidProviderToken, .missingProviderToken: 403
        case .badPath: 404
        case .methodNotAllowed: 405
        case .unregistered: 410
        case .payloadTooLarge: 413
        case .tooManyRequests, .tooManyProviderTokenUpdates: 429
        case .shutdown: 503
        default: 400
        }
    }
}
