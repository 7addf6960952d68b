import LocationWire

/// The user's answer to the app's request for location authorization, chosen ahead with
/// `--location-authorization`, or given to the permission alert (`location authorize`).
///
/// The alert's buttons change with the era (see ``PermissionPrompt``); each answers with one
/// of these words.
public enum LocationAuthorization: String, Sendable, Codable, CaseIterable {
    /// "Always Allow" (iOS 11–12), "Allow" to an Always request (iOS 8–10), "OK" (before iOS 8),
    /// "Change to Always Allow" (iOS 13 and later): updates at any time.
    case always
    /// "Allow While Using App" (iOS 13 and later: provisional Always when the app asked for
    /// Always), "Only While Using the App" (iOS 11–12), "Allow" to a When In Use request,
    /// "Keep Only While Using": updates that start in the foreground.
    case whenInUse
    /// "Allow Once" (iOS 13 and later): When In Use until the app is no longer in use.
    case once
    /// "Don't Allow": every request for updates fails with ``LocationError/denied``.
    case denied
    /// No answer chosen ahead: the request shows the permission alert, and the status stays
    /// notDetermined until the user answers it.
    case ask
}
