import BackgroundRuntime

/// A `requestLocation()` waiting for its fix: whether the updates it rides on are its own (it
/// stops them once answered), and the timer that fails it.
struct CLLocationRequest {
    /// True when the request started the updates; false when the app had (or then did).
    var ownsUpdates: Bool
    let timeout: AppTimer
}
