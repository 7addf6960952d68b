import BackgroundRuntime

/// An Apple-spelled object that, as Apple's, is not isolated to an actor — any thread may make it
/// and call it (`CLLocationManager`, `PKPushRegistry`, `CXProvider`, `AVAudioSession`,
/// `AVPlayer`) — while the runtime it stands for lives on the app's main executor. Its calls
/// reach the runtime through ``onMain(_:)``: at once when the caller runs there (the app's main
/// thread, where most iOS code calls them), else after the jobs already queued, as a call from
/// a background queue reaches an iOS framework's main-thread state.
package protocol MainExecutorBound: AnyObject {
    /// The launch the object belongs to, whose main executor carries out its calls.
    var application: Application { get }
}

extension MainExecutorBound {
    /// Runs `body` with the object on the app's main executor, at once if the caller runs there.
    package func onMain(_ body: @escaping @AppMain (Self) -> Void) {
        // Unchecked: the object's runtime state is touched only in such bodies, each on the
        // app's main executor, one at a time.
        nonisolated(unsafe) let object = self
        application.onMain { body(object) }
    }

    /// `body`'s answer when the caller runs on the app's main executor; nil elsewhere, where the
    /// caller answers from what it kept.
    package func readOnMain<T>(_ body: @AppMain (Self) -> T) -> T? {
        guard application.isOnMainExecutor else { return nil }
        // Unchecked: as in onMain, on the app's main executor.
        nonisolated(unsafe) let object = self
        return AppMain.assumeIsolated { body(object) }
    }
}
