import BackgroundRuntime

extension Application {
    /// The launch whose code runs now, for Apple's `api` (`UIApplication.shared`,
    /// `CLLocationManager()`…), which on iOS belongs to the process: here each launch on each
    /// device has its own.
    ///
    /// - precondition: the caller is the app's code, running on its device (its delegate, its
    ///   screens, its timers and handlers); elsewhere there is no app to answer for.
    package nonisolated static func current(for api: String) -> Application {
        guard let application = current else {
            // Kept: outside the app's code there is no device to report a diagnostic to, nor a launch for `api` to stand for.
            preconditionFailure(
                "\(api) was used outside the app's code: use it from the app delegate, its screens and handlers, which a device runs")
        }
        return application
    }
}
