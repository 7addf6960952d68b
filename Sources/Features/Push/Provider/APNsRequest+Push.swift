import BackgroundRuntime
import Foundation

/// Reading a request as APNs does: the path, the token, the provider token, the headers and
/// the payload, in APNs's order, into the push to deliver — or the reason it is refused.
extension APNsRequest {
    /// The push this request asks for, for `recipient`, as the first request of a connection:
    /// `providerKey`, when given, must have signed its provider token, checked at `now`.
    public func push(for recipient: PushRecipient, providerKey: ProviderKey?, now: Date) throws(APNsFailure) -> RemotePush {
        var tokens = ProviderTokenState()
        return try push(for: recipient, providerKey: providerKey, tokens: &tokens, now: now)
    }

    /// The push this request asks for, for `recipient`; `providerKey`, when given, must have
    /// signed the request's provider token, checked at `now` against the connection's
    /// `tokens` (which it updates).
    ///
    /// The checks follow Apple's “Sending notification requests to APNs”
    /// (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns).
    /// The gateway is APNs's development environment, which holds the tokens of apps run from
    /// Xcode: a request addressed to the production host, `api.push.apple.com`, is refused with
    /// `BadDeviceToken`, as APNs refuses a token that “does not match the environment”. Any
    /// other `:authority` (or `host`) is taken: the sandbox's names, 127.0.0.1, localhost.
    public func push(
        for recipient: PushRecipient, providerKey: ProviderKey?, tokens: inout ProviderTokenState, now: Date
    ) throws(APNsFailure) -> RemotePush {
        guard method == "POST" else { throw APNsFailure(.methodNotAllowed, "\(method) is not allowed; send POST") }
        if let header = duplicateHeaders.first { throw APNsFailure(.duplicateHeaders, "\(header) was sent more than once") }
        let prefix = "/3/device/"
        guard path.hasPrefix(prefix) else { throw APNsFailure(.badPath, "\(path) is not /3/device/<device token>") }
        let tokenText = String(path.dropFirst(prefix.count))
        guard !tokenText.isEmpty else { throw APNsFailure(.missingDeviceToken, "the path names no device token") }
        guard let token = PushToken(hex: tokenText) else {
            throw APNsFailure(.badDeviceToken, "\"\(tokenText.prefix(80))\" is not a device token (64 hex digits)")
        }
        if let providerKey { try tokens.admit(authorization: headers["authorization"], key: providerKey, now: now) }
        if authority == Self.productionHost {
            throw APNsFailure(
                .badDeviceToken,
                "\(token.hex) is a development token and the request is for production (\(Self.productionHost)); send it to the development server (api.sandbox.push.apple.com: aioapns use_sandbox=True, kalyke use_sandbox=True)")
        }
        let payload = try readPayload()
        let type = try pushType(payload: payload)
        let priority = try self.priority(type: type, payload: payload)
        let topic = try self.topic(type: type, bundleIdentifier: recipient.bundleIdentifier, providerKey: providerKey)
        let expiration = try self.expiration()
        let collapseID = try self.collapseID()
        let id = try messageID()
        try check(token, of: type, for: recipient, now: now)
        return RemotePush(
            id: id, type: type, priority: priority, topic: topic, collapseID: collapseID, expiration: expiration, payload: payload)
    }

    private func readPayload() throws(APNsFailure) -> PushPayload {
        let isVoIP = headers["apns-push-type"] == PushType.voip.rawValue || headers["apns-topic"]?.hasSuffix(".voip") == true
        let limit = isVoIP ? 5120 : 4096
        guard !bodyIsOversized, body.count <= limit else {
            throw APNsFailure(.payloadTooLarge, "the payload is over \(limit) bytes, the limit for \(isVoIP ? "VoIP" : "other") pushes")
        }
        guard !body.isEmpty else { throw APNsFailure(.payloadEmpty, "the request has no payload") }
        do {
            return try PushPayload(data: body)
        } catch {
            throw APNsFailure(.badPayload, "\(error)")
        }
    }

    private func pushType(payload: PushPayload) throws(APNsFailure) -> PushType {
        guard let text = headers["apns-push-type"] else {
            // As APNs did before apns-push-type existed: the topic or the payload tells.
            if headers["apns-topic"]?.hasSuffix(".voip") == true { return .voip }
            return payload.isContentAvailable && payload.alertText == nil ? .background : .alert
        }
        guard let type = PushType(rawValue: text) else {
            throw APNsFailure(.invalidPushType, "apns-push-type \"\(text)\" is not one of \(PushType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return type
    }

    private func priority(type: PushType, payload: PushPayload) throws(APNsFailure) -> Int {
        guard let text = headers["apns-priority"] else { return type == .background ? 5 : 10 }
        guard let priority = Int(text), [10, 5, 1].contains(priority) else {
            throw APNsFailure(.badPriority, "apns-priority \"\(text)\" is not 10, 5 or 1")
        }
        if type == .background, priority == 10 {
            throw APNsFailure(.badPriority, "a background push must be sent with apns-priority 5, not 10")
        }
        return priority
    }

    private func topic(type: PushType, bundleIdentifier: String, providerKey: ProviderKey?) throws(APNsFailure) -> String {
        let expected = bundleIdentifier + type.topicSuffix
        guard let topic = headers["apns-topic"] else {
            if providerKey != nil { throw APNsFailure(.missingTopic, "apns-topic is required with token-based authentication") }
            return expected
        }
        // Apple: DeviceTokenNotForTopic, “the device token doesn't match the specified topic”: the
        // tokens here are one app's, so another app's topic never matches them.
        guard topic == bundleIdentifier || topic.hasPrefix(bundleIdentifier + ".") else {
            throw APNsFailure(.deviceTokenNotForTopic, "apns-topic \"\(topic.prefix(120))\" is not the app's \(bundleIdentifier): its tokens are only for its topics")
        }
        guard topic == expected else {
            throw APNsFailure(.badTopic, "apns-topic \"\(topic)\" does not fit apns-push-type \(type.rawValue); use \(expected)")
        }
        return topic
    }

    private func expiration() throws(APNsFailure) -> Date? {
        guard let text = headers["apns-expiration"] else { return nil }
        guard let seconds = Int64(text), seconds >= 0 else {
            throw APNsFailure(.badExpirationDate, "apns-expiration \"\(text)\" is not a UNIX time in seconds (or 0)")
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private func collapseID() throws(APNsFailure) -> String? {
        guard let id = headers["apns-collapse-id"] else { return nil }
        guard id.utf8.count <= 64 else { throw APNsFailure(.badCollapseId, "apns-collapse-id is over 64 bytes") }
        return id
    }

    /// The `apns-id` as the request sent it, which the answer echoes byte for byte (Apple: “the
    /// same value found in the apns-id key of the request's header”; clients match answers on
    /// it), or a new lowercase UUID, as APNs makes one, when it sent none.
    private func messageID() throws(APNsFailure) -> String {
        guard let text = headers["apns-id"] else { return Self.newMessageID() }
        guard UUID(uuidString: text) != nil else { throw APNsFailure(.badMessageId, "apns-id \"\(text.prefix(80))\" is not a UUID") }
        return text
    }

    /// A new `apns-id`: a canonical, lowercase UUID, as in Apple's sample answers.
    static func newMessageID() -> String { UUID().uuidString.lowercased() }

    /// APNs's production host: the gateway's tokens are not valid there.
    static let productionHost = "api.push.apple.com"

    private func check(_ token: PushToken, of type: PushType, for recipient: PushRecipient, now: Date) throws(APNsFailure) {
        switch recipient.use(token) {
        case nil:
            throw APNsFailure(.badDeviceToken, "no app on this device has the token \(token.hex)")
        case .unregistered:
            throw APNsFailure(.unregistered, "the app did not register for the pushes of token \(token.hex)")
        case .voip where type != .voip:
            throw APNsFailure(.deviceTokenNotForTopic, "\(token.hex) is the app's VoIP token; send \(type.rawValue) pushes to its device token")
        case .remoteNotifications where type == .voip:
            throw APNsFailure(.deviceTokenNotForTopic, "\(token.hex) is the app's device token; send VoIP pushes to its VoIP token")
        case .remoteNotifications, .voip:
            return
        }
    }
}
