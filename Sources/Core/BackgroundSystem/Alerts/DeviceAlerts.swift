import BackgroundWire

/// System alerts — the prompts the system shows over the app and that only the user answers —
/// reached as ``Device/alerts``; the rules are in `SystemStateMachine+Alerts.swift`.
///
/// A view of the device: it holds the device and keeps nothing of its own.
public struct DeviceAlerts: Sendable {
    let device: Device

    /// The alerts on screen, oldest first.
    public var onScreen: [SystemAlert] { device.read(\.alerts) }

    /// Shows an alert over the app until ``dismiss(_:)``; returns its identifier.
    @discardableResult
    public func present(title: String, message: String?, buttons: [SystemAlertButton]) -> Int {
        device.handle { $0.presentAlert(title: title, message: message, buttons: buttons, at: $1) }
    }

    /// Removes alert `id` once the user answered it; nothing if it is gone already.
    public func dismiss(_ id: Int) {
        device.handle { $0.dismissAlert(id, at: $1) }
    }
}
