import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

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
    /// Another app's audio (`device other-audio`), which the app's session interrupts or ducks.
    var otherAudio = OtherAppAudio.stopped
    /// The services that use the session: the audio service, then the player.
    var listeners: [@Sendable (AudioSessionEvent) -> Void] = []

    /// Deactivates the session: the other app's audio it ducked returns to full volume, and the
    /// audio it interrupted resumes only when `notifyingOthers`. The other app's audio before
    /// and after.
    mutating func deactivate(notifyingOthers: Bool) -> (from: OtherAppAudio, to: OtherAppAudio) {
        isActive = false
        let before = otherAudio
        otherAudio = before.deactivating(notifyingOthers: notifyingOthers)
        return (before, otherAudio)
    }

    /// The session as `status` shows it.
    var status: AudioSessionStatus {
        AudioSessionStatus(category: category, active: isActive, options: options, otherAudio: otherAudio)
    }
}
