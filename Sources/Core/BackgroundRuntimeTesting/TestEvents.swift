import BackgroundRuntime

/// The service behind the helpers that hand the app a test's code as an event
/// (``BackgroundRuntime/Device/wakeApp(for:timeLimit:handling:)``,
/// ``BackgroundRuntime/Device/postToApp(whileSuspended:_:)``): each event is the number under
/// which ``TestEventHandlers`` keeps the test's closure, so only a number crosses the link, and
/// the app's `ServiceClient` runs the closure when the event arrives.
///
/// The closures stay in the test's process: the helpers work where the app's code runs in that
/// process too — a `TestDevice`, or a ``Device`` with `--isolation thread`.
enum TestEvents: ServiceInterface {
    /// The app asks this service nothing.
    typealias Call = Never
    /// The number of the closure to run.
    typealias Event = Int

    static let name = "test-events"
}
