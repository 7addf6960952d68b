import Foundation

/// Foundation's `NSUserActivity`, which swift-corelibs-foundation lacks, as far as state
/// restoration uses it: a scene's delegate returns one from `stateRestorationActivity(for:)`, and
/// the scene's session hands it back after the system ended the app. Its `userInfo` keeps
/// property-list values (strings, numbers, dates, data, arrays and dictionaries of them), as
/// Apple asks of an activity it restores.
// Unchecked: open, as Apple's; its title and userInfo are set by the app on one thread, as on iOS.
open class NSUserActivity: NSObject, @unchecked Sendable {
    // @unchecked: as Apple's, it is mutable and not thread-safe; the app's code uses it on the main thread.

    /// What the activity is, in reverse-DNS form (`com.example.app.browsing`).
    public let activityType: String
    /// A name for the activity a person would read.
    open var title: String?
    /// The activity's state, in property-list values.
    open var userInfo: [AnyHashable: Any]?

    /// An activity of type `activityType`, with no title and no state.
    public init(activityType: String) {
        self.activityType = activityType
    }

    /// Adds `otherDictionary`'s entries to ``userInfo``, replacing those with the same keys.
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        var merged = userInfo ?? [:]
        merged.merge(otherDictionary) { _, new in new }
        userInfo = merged
    }
}
