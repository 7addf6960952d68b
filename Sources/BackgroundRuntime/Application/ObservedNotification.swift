/// What an app observer waits for: a lifecycle event or a device notification.
enum ObservedNotification: Hashable, Sendable {
    case lifecycle(LifecycleEvent)
    case system(SystemNotification)
}
