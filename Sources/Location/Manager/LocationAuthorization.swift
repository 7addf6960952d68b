/// The user's answer to the app's request for location authorization, chosen ahead with
/// `--location-authorization`, or given to the permission alert (`location authorize`).
public enum LocationAuthorization: String, Sendable, Codable, CaseIterable {
    /// "Always Allow": updates in the foreground and, with the `location` mode, in the background.
    case always
    /// "Allow While Using App": updates that start in the foreground; they go on in the
    /// background only with the `location` mode, and the status bar turns blue.
    case whenInUse
    /// "Don't Allow": every request for updates fails with ``LocationError/denied``.
    case denied
    /// No answer chosen ahead: the request shows the permission alert, and the status stays
    /// notDetermined until the user answers it.
    case ask
}
