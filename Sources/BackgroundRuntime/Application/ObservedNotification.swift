/// What an app observer waits for: a lifecycle event, a device notification or a scene's.
enum ObservedNotification: Hashable, Sendable {
    case lifecycle(LifecycleEvent)
    case system(SystemNotification)
    case scene(SceneNotification)
}
