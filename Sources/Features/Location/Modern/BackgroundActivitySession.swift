import BackgroundApp
import BackgroundWire
import LocationWire

/// The app's claim to keep receiving location in the background, like
/// `CLBackgroundActivitySession` (iOS 17 and later): while one is held, updates — a
/// ``LocationManager``'s or ``LocationUpdate/liveUpdates(application:)``'s — go on in the background
/// as with `allowsBackgroundLocationUpdates`, also with When In Use authorization, and the
/// system shows the location indicator (the blue pill), which `status` and the web UI show as
/// `backgroundActivitySession`.
///
/// It must be made while the app is in the foreground, and the Info.plist must declare the
/// `location` mode. ``invalidate()`` ends it, and so does letting it go or the app ending.
@AppMain
public final class BackgroundActivitySession {
    private let client: LocationServiceClient
    private var isValid = true

    /// Begins a session for the app of `application`; throws ``LocationError/unavailable(_:)``
    /// before iOS 17 or without the `location` mode, and ``LocationError/notInForeground`` when
    /// the app is not in the foreground.
    public init(application: Application) throws(LocationError) {
        client = LocationServiceClient(application: application)
        if let error = client.call(.beginActivitySession, answer: LocationError.self) { throw error }
    }

    /// Ends the session at once; it cannot become active again.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        client.tell(.endActivitySession)
    }

    isolated deinit {
        invalidate()
    }
}
