import BackgroundRuntime

/// Where a launch keeps its ``UIApplication`` (a launch object of the runtime's application): made
/// on the app's main executor, filled on the main actor, where the app's jobs also run.
@MainActor
final class UIApplicationHolder {
    var application: UIApplication?

    nonisolated init() {}
}
