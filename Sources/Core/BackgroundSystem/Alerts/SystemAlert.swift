import BackgroundWire

/// A system alert waiting for the user's answer, such as the location permission prompt
/// "Allow “TheBackgrounder” to access your location?". `status` lists the alerts on screen
/// under `alerts`; the web UI draws the first over the phone.
public struct SystemAlert: Sendable, Equatable, Encodable {
    /// Its number on this device, from 1.
    public let id: Int
    public let title: String
    /// The explanation under the title: for a permission, the app's usage description.
    public let message: String?
    /// The answers, in the order iOS shows them.
    public let buttons: [SystemAlertButton]
}
