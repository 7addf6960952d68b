/// Why `setKeepAliveTimeout(_:handler:)` refused a handler; iOS returned `NO` for each.
public enum KeepAliveError: Error, Equatable, CustomStringConvertible {
    /// The era has no VoIP keep-alive (it ended with iOS 16; VoIP apps use PushKit since).
    case unavailable(iOSVersion: Int)
    /// The timeout is shorter than the profile's minimum (600 s).
    case belowMinimum(requested: Duration, minimum: Duration)
    /// The Info.plist does not declare `voip` in `UIBackgroundModes`.
    case missingVoIPMode

    public var description: String {
        switch self {
        case .unavailable(let version):
            "setKeepAliveTimeout(_:handler:) does not exist in iOS \(version): VoIP keep-alive handlers ended with iOS 16"
        case .belowMinimum(let requested, let minimum):
            "setKeepAliveTimeout(_:handler:): \(requested.secondsText) s is below the minimum of \(minimum.secondsText) s"
        case .missingVoIPMode:
            "setKeepAliveTimeout(_:handler:) needs voip in UIBackgroundModes"
        }
    }
}
