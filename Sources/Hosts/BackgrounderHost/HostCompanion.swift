import BackgroundRuntime

/// Something that runs beside the app for a session on the host — TheBackgrounder's content
/// server, or a stand-in for an app's own backend: started before the app's launch and stopped
/// after its end (``HostedAppParts/companions``).
public protocol HostCompanion: Sendable {
    /// Starts it unless it runs, and returns once it is ready, or has said on `console` why it
    /// is not: the app's launch may name where it listens.
    func start(console: Console) async
    /// Starts it unless it runs, without waiting for it to be ready.
    func begin(console: Console)
    /// Stops it without waiting: the process may end right after.
    func stop()
}
