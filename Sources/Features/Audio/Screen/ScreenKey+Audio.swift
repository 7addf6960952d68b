import BackgroundApp
import BackgroundWire

extension ScreenKey where Snapshot == AudioSnapshot {
    /// The Audio tab.
    public static let audio = ScreenKey("audio")
}
