import BackgroundWire
import Foundation

/// What an app observer waits for: a lifecycle event, a device notification or a scene's.
package enum ObservedNotification: Hashable, Sendable {
    case lifecycle(LifecycleEvent)
    case system(SystemNotification)
    case scene(SceneNotification)

    /// Its name on a `NotificationCenter`, as UIKit and Foundation post it.
    var notificationName: Notification.Name {
        switch self {
        case .lifecycle(let event): event.notificationName
        case .system(let notification): notification.notificationName
        case .scene(let notification): notification.notificationName
        }
    }
}
