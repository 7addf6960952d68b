import BackgroundApp
import BackgroundWire
import LocationWire

/// One element of ``liveUpdates(application:)``, like `CLLocationUpdate` (iOS 17 and later): a fix, or
/// why none came.
public struct LocationUpdate: Sendable, Equatable {
    /// The fix; nil when ``problem`` says why there is none.
    public var location: Location?
    /// Why updates cannot come (denied, not authorized, started in the background with When In
    /// Use): `CLLocationUpdate`'s diagnostic properties in one value. The sequence ends after it.
    public var problem: LocationError?

    public init(location: Location?, problem: LocationError? = nil) {
        self.location = location
        self.problem = problem
    }

    /// Location updates as an async sequence, like `CLLocationUpdate.liveUpdates()`: every fix
    /// the device makes, at the best accuracy, while the app of `application` runs — in the
    /// background only with a ``BackgroundActivitySession`` (or `location` mode updates it keeps
    /// otherwise). Updates stop when the loop ends. Throws ``LocationError/unavailable(_:)``
    /// before iOS 17. Backgrounder does not model `isStationary`: these updates do not pause.
    @AppMain
    public static func liveUpdates(application: Application) throws(LocationError) -> AsyncStream<LocationUpdate> {
        try application.profile.requireModernLocationAPIs("CLLocationUpdate.liveUpdates()")
        let (stream, continuation) = AsyncStream.makeStream(
            of: LocationUpdate.self, bufferingPolicy: .bufferingNewest(LocationMessages.undeliveredLimit))
        let feed = LiveUpdateFeed(application: application, continuation: continuation)
        // The loop may end on any thread (a cancelled task ends it on the canceller's): the
        // feed is stopped on the app's executor, by a task that waits for the end there.
        let (ended, end) = AsyncStream.makeStream(of: Never.self)
        continuation.onTermination = { _ in end.finish() }
        application.task {
            for await _ in ended {}
            feed.stop()
        }
        feed.start()
        return stream
    }
}
