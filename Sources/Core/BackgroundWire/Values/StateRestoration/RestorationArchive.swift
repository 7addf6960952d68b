/// What the app preserves of its interface for the system to hand back at a later launch, as
/// UIKit's state restoration does (`restorationIdentifier`s, `NSUserActivity`): values only.
public struct RestorationArchive: Sendable, Equatable, Codable {
    /// The restoration identifiers of what was on screen, outermost first (the tab, the
    /// screen), as `restorationIdentifier` names view controllers.
    public var restorationIdentifiers: [String]
    /// The app's own encoded state (JSON, say), as an `NSUserActivity`'s `userInfo` carries it.
    public var userInfo: String?

    public init(restorationIdentifiers: [String], userInfo: String? = nil) {
        self.restorationIdentifiers = restorationIdentifiers
        self.userInfo = userInfo
    }

    /// `Audio ▸ Queue`, as the console names what was restored.
    package var summary: String {
        restorationIdentifiers.isEmpty ? "(no identifiers)" : restorationIdentifiers.joined(separator: " ▸ ")
    }
}
