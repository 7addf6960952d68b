import Foundation

/// One push as APNs hands it to the device: the provider's headers that matter to delivery
/// and the payload.
public struct RemotePush: Sendable, Equatable, Codable {
    /// `apns-id`: the push's UUID, the provider's or one APNs made.
    public var id: String
    public var type: PushType
    /// `apns-priority`: 10 (now), 5 (as power allows), 1 (whenever).
    public var priority: Int
    /// `apns-topic`: the bundle identifier, with `.voip` for VoIP pushes.
    public var topic: String
    /// `apns-collapse-id`: pushes with the same one replace each other.
    public var collapseID: String?
    /// `apns-expiration`: after it APNs no longer delivers the push; the UNIX epoch (0) means
    /// deliver now or never (APNs does not store it). Nil: APNs stores it.
    public var expiration: Date?
    public var payload: PushPayload

    public init(
        id: String = UUID().uuidString, type: PushType, priority: Int, topic: String, collapseID: String? = nil,
        expiration: Date? = nil, payload: PushPayload
    ) {
        self.id = id
        self.type = type
        self.priority = priority
        self.topic = topic
        self.collapseID = collapseID
        self.expiration = expiration
        self.payload = payload
    }

    /// Whether the system treats it as a background push: a `content-available` push that is
    /// not a VoIP push.
    public var isBackground: Bool {
        type != .voip && payload.isContentAvailable
    }
}
