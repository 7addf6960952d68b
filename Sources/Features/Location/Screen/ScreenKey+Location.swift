import BackgroundApp
import BackgroundWire
import LocationWire

extension ScreenKey where Snapshot == LocationSnapshot {
    /// The Location tab.
    public static let location = ScreenKey("location")
}
