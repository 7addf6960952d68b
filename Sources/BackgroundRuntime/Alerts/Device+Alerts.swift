/// System alerts: the prompts the system shows over the app and that only the user answers.
extension Device {
    /// Shows an alert over the app until ``dismissAlert(_:)``; returns its identifier.
    @discardableResult
    public func presentAlert(title: String, message: String?, buttons: [SystemAlertButton]) -> Int {
        let alert = state.withLock { state in
            state.nextAlertID += 1
            let alert = SystemAlert(id: state.nextAlertID, title: title, message: message, buttons: buttons)
            state.alerts.append(alert)
            return alert
        }
        console.log("Alert: \(title) [\(buttons.map(\.title).joined(separator: " | "))]")
        return alert.id
    }

    /// Removes alert `id` once the user answered it; nothing if it is gone already.
    public func dismissAlert(_ id: Int) {
        state.withLock { $0.alerts.removeAll { $0.id == id } }
    }

    /// The alerts on screen, oldest first.
    public var alerts: [SystemAlert] { state.withLock { $0.alerts } }
}
