import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// The Info.plist keys whose text iOS shows when an app asks for location authorization.
enum UsageDescription {
    /// The keys a request needs in `iOS` that `infoPlist` lacks.
    ///
    /// iOS 8–10 wants `NSLocationAlwaysUsageDescription` for always-authorization; iOS 11 and
    /// later want `NSLocationAlwaysAndWhenInUseUsageDescription` and
    /// `NSLocationWhenInUseUsageDescription`; when-in-use needs the latter alone. Before iOS 8
    /// there was no request to make and no key was needed.
    static func missingKeys(always: Bool, in infoPlist: InfoPlist, iOS version: Int) -> [String] {
        guard version >= 8 else { return [] }
        var missing: [String] = []
        if always, version <= 10, isBlank(infoPlist.locationAlwaysUsageDescription) {
            missing.append("NSLocationAlwaysUsageDescription")
        }
        if always, version >= 11, isBlank(infoPlist.locationAlwaysAndWhenInUseUsageDescription) {
            missing.append("NSLocationAlwaysAndWhenInUseUsageDescription")
        }
        if !always || version >= 11, isBlank(infoPlist.locationWhenInUseUsageDescription) {
            missing.append("NSLocationWhenInUseUsageDescription")
        }
        return missing
    }

    private static func isBlank(_ text: String?) -> Bool {
        text?.allSatisfy(\.isWhitespace) ?? true
    }
}
