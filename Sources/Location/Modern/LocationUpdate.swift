import BackgroundRuntime

/// One element of ``liveUpdates(from:)``, like `CLLocationUpdate` (iOS 17 and later): a fix, or
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
    /// the device makes, at the best accuracy, while the app runs — in the background only with a
    /// ``BackgroundActivitySession`` (or `location` mode updates it keeps otherwise). Updates stop
    /// when the loop ends. Throws ``LocationError/unavailable(_:)`` before iOS 17. Backgrounder
    /// does not model `isStationary`: these updates do not pause.
    @AppMain
    public static func liveUpdates(from service: LocationService) throws(LocationError) -> AsyncStream<LocationUpdate> {
        try service.device.profile.requireModernLocationAPIs("CLLocationUpdate.liveUpdates()")
        let (stream, continuation) = AsyncStream.makeStream(of: LocationUpdate.self, bufferingPolicy: .bufferingNewest(LocationService.undeliveredLimit))
        let feed = LiveUpdateFeed(service: service, continuation: continuation)
        continuation.onTermination = { [device = service.device] _ in
            device.post { _ in feed.stop() }
        }
        feed.start()
        return stream
    }
}
