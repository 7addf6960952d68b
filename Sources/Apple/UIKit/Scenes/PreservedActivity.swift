import BackgroundRuntime
import Foundation

/// A scene's `stateRestorationActivity(for:)` as it travels in a ``RestorationArchive``: its type
/// (also the archive's one restoration identifier), title and `userInfo` as a binary property
/// list.
struct PreservedActivity: Codable, Equatable {
    var activityType: String
    var title: String?
    var userInfo: Data?

    /// `activity`, kept; its `userInfo` is dropped if it holds a value that is not a
    /// property-list value under a string key (Apple restores only those).
    init(_ activity: NSUserActivity) {
        activityType = activity.activityType
        title = activity.title
        guard let info = activity.userInfo else { return }
        let keyed = Dictionary(info.compactMap { key, value in (key.base as? String).map { ($0, value) } }) { first, _ in first }
        guard keyed.count == info.count else { return }
        userInfo = try? PropertyListSerialization.data(fromPropertyList: keyed, format: .binary, options: 0)
    }

    /// The archive that carries it.
    var archive: RestorationArchive {
        let json = String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
        return RestorationArchive(restorationIdentifiers: [activityType], userInfo: json)
    }

    /// What `archive` carried; nil if it carries no activity.
    init?(_ archive: RestorationArchive?) {
        guard let json = archive?.userInfo, let decoded = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
        self = decoded
    }

    /// The activity made again.
    var activity: NSUserActivity {
        let activity = NSUserActivity(activityType: activityType)
        activity.title = title
        if let userInfo, let decoded = try? PropertyListSerialization.propertyList(from: userInfo, format: nil) as? [String: Any] {
            activity.userInfo = decoded
        }
        return activity
    }
}
