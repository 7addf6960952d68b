/// System alerts: the prompts the system shows over the app and that only the user answers;
/// the rules are in `SystemStateMachine+Alerts.swift`.
extension Device {
    /// Shows an alert over the app until ``dismissAlert(_:)``; returns its identifier.
    @discardableResult
    public func presentAlert(title: String, message: String?, buttons: [SystemAlertButton]) -> Int {
        handle { $0.presentAlert(title: title, message: message, buttons: buttons, at: $1) }
    }

    /// Removes alert `id` once the user answered it; nothing if it is gone already.
    public func dismissAlert(_ id: Int) {
        handle { $0.dismissAlert(id, at: $1) }
    }

    /// The alerts on screen, oldest first.
    public var alerts: [SystemAlert] { read(\.alerts) }
}
