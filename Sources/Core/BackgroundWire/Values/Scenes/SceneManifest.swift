/// `UIApplicationSceneManifest` of an Info.plist (iOS 13): its presence opts the app into the
/// scene-based life cycle, where a scene delegate, not the app delegate, hears the app come on
/// and go off screen.
public struct SceneManifest: Sendable, Equatable {
    /// `UIApplicationSupportsMultipleScenes`. Backgrounder connects one scene either way.
    public var supportsMultipleScenes: Bool
    /// `UISceneConfigurationName` of the first `UIWindowSceneSessionRoleApplication` configuration.
    public var configurationName: String?
    /// `UISceneDelegateClassName` of that configuration.
    public var delegateClassName: String?

    public init(supportsMultipleScenes: Bool = false, configurationName: String? = nil, delegateClassName: String? = nil) {
        self.supportsMultipleScenes = supportsMultipleScenes
        self.configurationName = configurationName
        self.delegateClassName = delegateClassName
    }

    static let key = "UIApplicationSceneManifest"

    /// Reads the manifest from the plist's `value`; a value of the wrong type is an
    /// ``InfoPlistError/wrongType(file:key:expected:)`` naming its path of keys.
    package init(plistValue value: Any, file: String) throws(InfoPlistError) {
        guard let manifest = value as? [String: Any] else {
            throw .wrongType(file: file, key: Self.key, expected: "a dictionary")
        }
        var multiple = false
        if let value = manifest["UIApplicationSupportsMultipleScenes"] {
            guard let bool = value as? Bool else {
                throw .wrongType(
                    file: file, key: "\(Self.key) ▸ UIApplicationSupportsMultipleScenes", expected: "a boolean (<true/> or <false/>)")
            }
            multiple = bool
        }
        var first: [String: Any] = [:]
        if let value = manifest["UISceneConfigurations"] {
            let key = "\(Self.key) ▸ UISceneConfigurations"
            guard let roles = value as? [String: Any] else {
                throw .wrongType(file: file, key: key, expected: "a dictionary of session roles")
            }
            if let role = roles["UIWindowSceneSessionRoleApplication"] {
                guard let configurations = role as? [Any], let dictionaries = configurations as? [[String: Any]] else {
                    throw .wrongType(
                        file: file, key: "\(key) ▸ UIWindowSceneSessionRoleApplication", expected: "an array of dictionaries")
                }
                first = dictionaries.first ?? [:]
            }
        }
        func string(_ name: String) throws(InfoPlistError) -> String? {
            guard let value = first[name] else { return nil }
            guard let string = value as? String else {
                throw .wrongType(
                    file: file, key: "\(Self.key) ▸ UISceneConfigurations ▸ UIWindowSceneSessionRoleApplication ▸ \(name)",
                    expected: "a string")
            }
            return string
        }
        self.init(
            supportsMultipleScenes: multiple, configurationName: try string("UISceneConfigurationName"),
            delegateClassName: try string("UISceneDelegateClassName"))
    }
}
