/// A notification's sound (`UNNotificationSound`); Backgrounder plays none and keeps its name.
public final class UNNotificationSound: Sendable {
    /// The sound's file name, or "default".
    let name: String

    init(name: String) {
        self.name = name
    }

    /// A sound from the app's bundle.
    public convenience init(named name: UNNotificationSoundName) {
        self.init(name: name.rawValue)
    }

    /// The system's sound.
    public static let `default` = UNNotificationSound(name: "default")
}
