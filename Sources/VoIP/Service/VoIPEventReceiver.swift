import BackgroundRuntime

/// Where a session's events go: a handler in the system's process (``VoIPService``'s own
/// API), or the app's ``VoIPSocket``, in whichever process the app runs.
enum VoIPEventReceiver: Sendable {
    case handler(@AppMain @Sendable (VoIPStreamEvent) -> Void)
    case socket
}
