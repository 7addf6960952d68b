import BackgroundRuntime

extension UIScene {
    /// What the scene was connected for (`UIScene.ConnectionOptions`): a URL, a shortcut, a
    /// notification's answer. Backgrounder connects a scene only when the user opens the app, so
    /// the options it hands are empty.
    public final class ConnectionOptions: Sendable {
        /// Empty options: the user opened the app.
        public nonisolated init() {}
    }
}
