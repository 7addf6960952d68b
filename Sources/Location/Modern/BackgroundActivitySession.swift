import BackgroundRuntime

/// The app's claim to keep receiving location in the background, like
/// `CLBackgroundActivitySession` (iOS 17 and later): while one is held, updates — a
/// ``LocationManager``'s or ``LocationUpdate/liveUpdates(from:)``'s — go on in the background
/// as with `allowsBackgroundLocationUpdates`, also with When In Use authorization, and the
/// system shows the location indicator (the blue pill), which `status` and the web UI show as
/// `backgroundActivitySession`.
///
/// It must be made while the app is in the foreground, and the Info.plist must declare the
/// `location` mode. ``invalidate()`` ends it, and so does letting it go or the app ending.
@AppMain
public final class BackgroundActivitySession {
    private let service: LocationService
    private var isValid = true

    /// Begins a session; throws ``LocationError/unavailable(_:)`` before iOS 17 and
    /// ``LocationError/notInForeground`` when the app is not in the foreground.
    public init(service: LocationService) throws(LocationError) {
        try service.beginActivitySession()
        self.service = service
    }

    /// Ends the session at once; it cannot become active again.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        service.endActivitySession()
    }

    isolated deinit {
        invalidate()
    }
}
