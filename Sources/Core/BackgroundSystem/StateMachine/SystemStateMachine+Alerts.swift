import BackgroundWire

/// System alerts: the prompts the system shows over the app and that only the user answers
/// (the location and notification permission prompts).
extension SystemStateMachine {
    /// Shows an alert until it is dismissed; returns its identifier.
    mutating func presentAlert(
        title: String, message: String?, buttons: [SystemAlertButton], at moment: Moment
    ) -> (Int, [SystemEffect]) {
        begin(moment)
        let id = presentAlert(title: title, message: message, buttons: buttons)
        return (id, finish())
    }

    /// Removes alert `id` once the user answered it; nothing if it is gone already.
    mutating func dismissAlert(_ id: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        dismissAlert(id)
        return finish()
    }

    mutating func presentAlert(title: String, message: String?, buttons: [SystemAlertButton]) -> Int {
        nextAlertID += 1
        alerts.append(SystemAlert(id: nextAlertID, title: title, message: message, buttons: buttons))
        markChanged()
        log("Alert: \(title) [\(buttons.map(\.title).joined(separator: " | "))]")
        return nextAlertID
    }

    mutating func dismissAlert(_ id: Int) {
        let count = alerts.count
        alerts.removeAll { $0.id == id }
        if alerts.count != count { markChanged() }
    }
}
