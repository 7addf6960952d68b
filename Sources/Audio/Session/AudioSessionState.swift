import BackgroundRuntime

/// Everything an ``AudioSession`` knows; guarded by its lock, which is never held while
/// calling listeners, the device's console or its board.
struct AudioSessionState: Sendable {
    // MARK: The app's session: back to its defaults at each launch

    var category = AudioSessionCategory.soloAmbient
    var options: AudioSessionCategoryOptions = []
    var isActive = false
    /// A call deactivated the session; its end is announced to the app.
    var interruptedByCall = false

    // MARK: The device's: outlives the app

    var route = AudioRoute.speaker
    /// A call is in progress: the session cannot be activated.
    var callInProgress = false
    /// The services that use the session: the audio service, then the player.
    var listeners: [@Sendable (AudioSessionEvent) -> Void] = []

    /// The session as `status` shows it.
    var status: AudioSessionStatus { AudioSessionStatus(category: category, active: isActive, options: options) }
}
