/// A kind of PushKit push (`PKPushType`). Backgrounder models VoIP pushes only.
public struct PKPushType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An incoming call (`PKPushType.voIP`); the app's Info.plist must declare `voip`.
    public static let voIP = PKPushType(rawValue: "PKPushTypeVoIP")
}
