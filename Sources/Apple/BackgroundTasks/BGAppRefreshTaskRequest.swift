import BackgroundRuntime

/// A request for a short background refresh (a ``BGAppRefreshTask``). Needs `fetch` in
/// `UIBackgroundModes`.
open class BGAppRefreshTaskRequest: BGTaskRequest {
    public override init(identifier: String) {
        super.init(identifier: identifier)
    }
}
