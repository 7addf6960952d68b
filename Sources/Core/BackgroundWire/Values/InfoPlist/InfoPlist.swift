import Foundation

/// The keys of an app's Info.plist that background execution depends on.
///
/// Read from a real XML (or binary) property list with `PropertyListSerialization`. A key that
/// is absent takes its iOS default; a key that is present with the wrong type, or a background
/// mode iOS does not know, is an ``InfoPlistError`` naming the file and the key.
public struct InfoPlist: Sendable, Equatable {
    /// `CFBundleName`: the process name in the console.
    public var bundleName: String
    /// `CFBundleIdentifier`.
    public var bundleIdentifier: String
    /// `UIBackgroundModes`: the values iOS knows.
    public var backgroundModes: Set<BackgroundMode>
    /// The `UIBackgroundModes` values iOS does not know, which it ignores (the device warns).
    public var ignoredBackgroundModes: [String] = []
    /// `UINewsstandApp`.
    public var isNewsstandApp: Bool
    /// `NSLocationAlwaysUsageDescription` (iOS 8–10).
    public var locationAlwaysUsageDescription: String?
    /// `NSLocationWhenInUseUsageDescription`.
    public var locationWhenInUseUsageDescription: String?
    /// `NSLocationAlwaysAndWhenInUseUsageDescription` (iOS 11 and later).
    public var locationAlwaysAndWhenInUseUsageDescription: String?
    /// `BGTaskSchedulerPermittedIdentifiers`.
    public var permittedTaskIdentifiers: [String]
    /// `UIApplicationSceneManifest`: its presence opts the app into scenes from iOS 13.
    public var sceneManifest: SceneManifest?
    /// `UIApplicationExitsOnSuspend` (iOS 4–12): the app terminates instead of moving to the
    /// background when the user leaves it.
    public var exitsOnSuspend = false
    /// `MinimumOSVersion`, the oldest iOS the app runs on (its deployment target, which Xcode
    /// writes there), by its major version: `"13.0"` is 13. Nil when the plist names none.
    public var minimumOSVersion: Int?
    /// Where the plist was read from, for messages.
    public var source: String

    public init(
        bundleName: String = "TheBackgrounder",
        bundleIdentifier: String = "com.raywenderlich.TheBackgrounder",
        backgroundModes: Set<BackgroundMode> = [],
        isNewsstandApp: Bool = false,
        locationAlwaysUsageDescription: String? = nil,
        locationWhenInUseUsageDescription: String? = nil,
        locationAlwaysAndWhenInUseUsageDescription: String? = nil,
        permittedTaskIdentifiers: [String] = [],
        sceneManifest: SceneManifest? = nil,
        source: String = "Info.plist"
    ) {
        self.bundleName = bundleName
        self.bundleIdentifier = bundleIdentifier
        self.backgroundModes = backgroundModes
        self.isNewsstandApp = isNewsstandApp
        self.locationAlwaysUsageDescription = locationAlwaysUsageDescription
        self.locationWhenInUseUsageDescription = locationWhenInUseUsageDescription
        self.locationAlwaysAndWhenInUseUsageDescription = locationAlwaysAndWhenInUseUsageDescription
        self.permittedTaskIdentifiers = permittedTaskIdentifiers
        self.sceneManifest = sceneManifest
        self.source = source
    }

    /// Reads the Info.plist at `path`; a path with no file, a directory or a file that cannot be
    /// read is ``InfoPlistError/unreadable(file:reason:)`` saying which.
    public init(contentsOf path: String) throws(InfoPlistError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(file: path, reason: "a directory, not an Info.plist file") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = access(path, R_OK) == 0 ? error.localizedDescription : String(cString: strerror(errno))
            throw .unreadable(file: path, reason: "cannot read it: \(reason)")
        }
        try self.init(data: data, source: path)
    }

    /// Parses property-list `data`; `source` names it in errors.
    public init(data: Data, source: String) throws(InfoPlistError) {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw .malformed(file: source, reason: Self.reason(error))
        }
        guard let dictionary = root as? [String: Any] else {
            // Any text without quotes or brackets reads as an old-style plist of one string.
            let reason = root is String ? "plain text, not a property list of keys" : "the top level is not a dictionary"
            throw .malformed(file: source, reason: reason)
        }
        let keys = Keys(dictionary: dictionary, file: source)
        let modes = try keys.strings("UIBackgroundModes")
        self.init(
            bundleName: try keys.string("CFBundleName") ?? "TheBackgrounder",
            bundleIdentifier: try keys.string("CFBundleIdentifier") ?? "com.raywenderlich.TheBackgrounder",
            backgroundModes: Set(modes.compactMap(BackgroundMode.init(rawValue:))),
            isNewsstandApp: try keys.bool("UINewsstandApp") ?? false,
            locationAlwaysUsageDescription: try keys.string("NSLocationAlwaysUsageDescription"),
            locationWhenInUseUsageDescription: try keys.string("NSLocationWhenInUseUsageDescription"),
            locationAlwaysAndWhenInUseUsageDescription: try keys.string("NSLocationAlwaysAndWhenInUseUsageDescription"),
            permittedTaskIdentifiers: try keys.strings("BGTaskSchedulerPermittedIdentifiers"),
            sceneManifest: try dictionary[SceneManifest.key].map { value throws(InfoPlistError) in
                try SceneManifest(plistValue: value, file: source)
            },
            source: source
        )
        ignoredBackgroundModes = modes.filter { BackgroundMode(rawValue: $0) == nil }
        exitsOnSuspend = try keys.bool("UIApplicationExitsOnSuspend") ?? false
        if let version = try keys.string("MinimumOSVersion") {
            guard let major = version.split(separator: ".", omittingEmptySubsequences: false).first.flatMap({ Int($0) }),
                major > 0
            else {
                throw .wrongType(file: source, key: "MinimumOSVersion", expected: "a version such as \"13.0\"")
            }
            minimumOSVersion = major
        }
    }

    /// Whether `UIBackgroundModes` lists `mode`.
    public func declares(_ mode: BackgroundMode) -> Bool {
        backgroundModes.contains(mode)
    }

    /// The permitted wildcard (`com.foo.MyApp.export.*`) that `identifier`
    /// (`com.foo.MyApp.export.42`) matches, or nil: continued processing tasks' identifiers.
    public func wildcard(matching identifier: String) -> String? {
        permittedTaskIdentifiers.first { pattern in
            Self.isWildcard(pattern) && identifier.count > pattern.count - 1 && identifier.hasPrefix(pattern.dropLast())
        }
    }

    /// Whether `identifier` is a wildcard, ending in `.*`.
    public static func isWildcard(_ identifier: String) -> Bool {
        identifier.hasSuffix(".*")
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }

    /// Typed access to the plist's top-level keys.
    private struct Keys {
        let dictionary: [String: Any]
        let file: String

        package func string(_ key: String) throws(InfoPlistError) -> String? {
            guard let value = dictionary[key] else { return nil }
            guard let string = value as? String else {
                throw .wrongType(file: file, key: key, expected: "a string")
            }
            return string
        }

        func bool(_ key: String) throws(InfoPlistError) -> Bool? {
            guard let value = dictionary[key] else { return nil }
            guard let bool = value as? Bool else {
                throw .wrongType(file: file, key: key, expected: "a boolean (<true/> or <false/>)")
            }
            return bool
        }

        func strings(_ key: String) throws(InfoPlistError) -> [String] {
            guard let value = dictionary[key] else { return [] }
            guard let array = value as? [Any], let strings = array as? [String] else {
                throw .wrongType(file: file, key: key, expected: "an array of strings")
            }
            return strings
        }
    }
}
