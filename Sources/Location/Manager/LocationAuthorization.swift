/// The user's answer to the app's request for location authorization, chosen headless with
/// `--location-authorization`.
public enum LocationAuthorization: String, Sendable, Codable, CaseIterable {
    /// "Always Allow": updates in the foreground and, with the `location` mode, in the background.
    case always
    /// "Allow While Using App": updates that start in the foreground; they go on in the
    /// background only with the `location` mode, and the status bar turns blue.
    case whenInUse
    /// "Don't Allow": every request for updates fails with ``LocationError/denied``.
    case denied
}
