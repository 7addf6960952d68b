import BackgroundRuntime
import Foundation

/// Reading a request as APNs does: the path, the token, the provider token, the headers and
/// the payload, in APNs's order, into the push to deliver — or the reason it is refused.
extension APNsRequest {
    /// The push this request asks for, for `recipient`; `providerKey`, when given, must have
    /// signed the request's provider token, checked at `now`.
    public func push(for recipient: PushRecipient, providerKey: ProviderKey?, now: Date) throws(APNsFailure) -> RemotePush {
        guard method == "POST" else { throw APNsFailure(.methodNotAllowed, "\(method) is not allowed; send POST") }
        let prefix = "/3/device/"
        guard path.hasPrefix(prefix) else { throw APNsFailure(.badPath, "\(path) is not /3/device/<device token>") }
        let tokenText = String(path.dropFirst(prefix.count))
        guard !tokenText.isEmpty else { throw APNsFailure(.missingDeviceToken, "the path names no device token") }
        guard let token = PushToken(hex: tokenText) else {
            throw APNsFailure(.badDeviceToken, "\"\(tokenText.prefix(80))\" is not a device token (64 hex digits)")
        }
        if let providerKey { try providerKey.verify(authorization: headers["authorization"], now: now) }
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
        guard topic.hasPrefix(bundleIdentifier) else {
            throw APNsFailure(.topicDisallowed, "apns-topic \"\(topic)\" is not the app's \(bundleIdentifier)")
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

    private func messageID() throws(APNsFailure) -> String {
        guard let text = headers["apns-id"] else { return UUID().uuidString }
        guard let id = UUID(uuidString: text) else { throw APNsFailure(.badMessageId, "apns-id \"\(text.prefix(80))\" is not a UUID") }
        return id.uuidString
    }

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
