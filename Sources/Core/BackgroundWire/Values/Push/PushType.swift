/// The kind of a push, as the provider names it in the `apns-push-type` header.
public enum PushType: String, Sendable, Codable, CaseIterable {
    /// Shows a banner (or is handed to an active app).
    case alert
    /// A silent push (`content-available`): wakes the app in the background.
    case background
    /// A PushKit VoIP push: an incoming call.
    case voip
    case complication
    case fileprovider
    case mdm
    case location
    case liveactivity
    case pushtotalk
    case controls
    case widgets

    /// The topic suffix APNs wants after the bundle identifier for this type, e.g. `.voip`.
    public var topicSuffix: String {
        switch self {
        case .voip: ".voip"
        case .complication: ".complication"
        case .fileprovider: ".pushkit.fileprovider"
        case .location: ".location-query"
        case .liveactivity: ".push-type.liveactivity"
        case .pushtotalk: ".voip-ptt"
        case .alert, .background, .mdm, .controls, .widgets: ""
        }
    }
}
