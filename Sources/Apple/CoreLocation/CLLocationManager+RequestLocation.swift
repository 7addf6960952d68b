import BackgroundRuntime
import Location

/// One fix on request (`requestLocation()`, iOS 9). Apple: "Only one location fix is reported to
/// the delegate, after which location services are stopped. If a location fix cannot be
/// determined in a timely manner, the location manager calls the delegate's
/// locationManager(_:didFailWithError:) method instead" (CLLocationManager, requestLocation()).
extension CLLocationManager {
    /// How long a request waits for its fix before it fails with `CLError.locationUnknown`:
    /// Backgrounder's model, as Apple says only "in a timely manner".
    public nonisolated static let locationRequestTimeout = Duration.seconds(10)

    /// Asks for one fix at ``desiredAccuracy``: the next fix goes to
    /// `locationManager(_:didUpdateLocations:)` as a list of one, and the updates the request
    /// started stop; with none within ``locationRequestTimeout`` on the device's clock,
    /// `locationManager(_:didFailWithError:)` gets `CLError.locationUnknown`. While updates the
    /// app started run, the request is answered by their next fix and they go on (Backgrounder's
    /// model); a second request while one waits is the same request.
    public func requestLocation() {
        onMain { $0.startLocationRequest() }
    }

    @AppMain private func startLocationRequest() {
        guard locationRequest == nil else { return }
        let timeout = application.scheduledTimer(withTimeInterval: Self.locationRequestTimeout, repeats: false) { [weak self] _ in
            self?.locationRequestTimedOut()
        }
        locationRequest = CLLocationRequest(ownsUpdates: !manager.isUpdating, timeout: timeout)
        if !manager.isUpdating { manager.startUpdatingLocation() }
    }

    /// What the delegate gets of the fixes `locations`: all of them, unless a request that
    /// started the updates waits, which the last one answers.
    @AppMain func answeringRequest(with locations: [CLLocation]) -> [CLLocation] {
        guard let request = locationRequest, let last = locations.last else { return locations }
        endLocationRequest()
        guard request.ownsUpdates else { return locations }
        manager.stopUpdatingLocation()
        return [last]
    }

    /// Ends the waiting request, if any, without an answer: its updates failed or were stopped.
    @AppMain func endLocationRequest() {
        locationRequest?.timeout.invalidate()
        locationRequest = nil
    }

    @AppMain private func locationRequestTimedOut() {
        guard let request = locationRequest else { return }
        locationRequest = nil
        if request.ownsUpdates { manager.stopUpdatingLocation() }
        delegate?.locationManager(self, didFailWithError: CLError(.locationUnknown))
    }
}
