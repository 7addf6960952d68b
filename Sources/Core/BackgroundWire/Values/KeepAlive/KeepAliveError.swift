/// Why `setKeepAliveTimeout(_:handler:)` refused a handler; iOS returned `NO` for each.
public enum KeepAliveError: Error, Equatable, Codable, CustomStringConvertible {
    /// The era has no VoIP keep-alive: deprecated with the iOS 9 SDK and disabled for apps
    /// linked with the iOS 10 SDK (Technical Q&A QA1938); VoIP apps use PushKit since.
    case unavailable(iOSVersion: Int)
    /// The timeout is shorter than the profile's minimum (600 s).
    case belowMinimum(requested: Duration, minimum: Duration)
    /// The Info.plist does not declare `voip` in `UIBackgroundModes`.
    case missingVoIPMode

    public var description: String {
        switch self {
        case .unavailable(let version):
            "setKeepAliveTimeout(_:handler:) does not exist in iOS \(version): the legacy VoIP architecture was "
                + "deprecated with iOS 9 and is disabled from iOS 10 (Technical Q&A QA1938); run with --ios 9 or earlier"
        case .belowMinimum(let requested, let minimum):
            "setKeepAliveTimeout(_:handler:): \(requested.secondsText) s is below the minimum of \(minimum.secondsText) s"
        case .missingVoIPMode:
            "setKeepAliveTimeout(_:handler:) needs voip in UIBackgroundModes"
        }
    }
}
