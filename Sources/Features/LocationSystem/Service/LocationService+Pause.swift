import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// Automatic pauses: in the background, the updates of a manager whose
/// `pausesLocationUpdatesAutomatically` is true (the default, iOS 6 and later) pause once the
/// device has stayed still for its activity type's ``ActivityType/pauseAfter`` (``PauseWatch``:
/// Backgrounder's model of when). The manager hears `locationManagerDidPauseLocationUpdates`,
/// the activity that kept the app running ends, and nothing resumes the updates but the app's
/// next `startUpdatingLocation()` (Apple: "Core Location does not resume updates automatically
/// after it pauses them").
extension LocationService {
    /// Feeds `fix` to `client`'s watch, starting the countdown when the watch begins or the
    /// device moved away. Called with the state locked.
    func watchForPause(_ client: inout Client, id: Int, fix: Location, in state: inout State) {
        guard client.settings.pausesAutomatically, device.profile.iOSVersion >= 6 else { return }
        let isNew = client.pauseWatch == nil
        var watch = client.pauseWatch ?? PauseWatch(countdown: 0)
        let moved = watch.observe(fix)
        if isNew || moved {
            device.loop.cancel(watch.timer)
            let countdown = state.nextCountdown
            state.nextCountdown += 1
            watch.countdown = countdown
            watch.timer = device.loop.schedule(after: client.settings.activityType.pauseAfter) { [weak self] in
                self?.countdownFired(client: id, countdown: countdown)
            }
        }
        client.pauseWatch = watch
    }

    /// Ends every watch (the app left the background); returns their timers, to cancel.
    func cancelPauseWatches(_ state: inout State) -> [SystemTimer] {
        var timers: [SystemTimer] = []
        for id in state.clients.keys {
            if let timer = state.clients[id]?.pauseWatch?.timer { timers.append(timer) }
            state.clients[id]?.pauseWatch = nil
        }
        return timers
    }

    private func countdownFired(client id: Int, countdown: Int) {
        let paused = state.withLock { state -> (UpdateSettings, Bool)? in
            guard var client = state.clients[id], client.isUpdating, client.pauseWatch?.countdown == countdown else { return nil }
            client.pauseWatch = nil
            client.isUpdating = false
            client.isPaused = true
            state.clients[id] = client
            return (client.settings, state.put(.paused, for: id))
        }
        guard let (settings, put) = paused else { return }
        device.console.log(
            "Location updates paused: the device stayed within \(Int(PauseWatch.stillRadius)) m for "
                + "\(Int(settings.activityType.pauseAfter.components.seconds / 60)) minutes (activityType "
                + "\(settings.activityType.rawValue), pausesLocationUpdatesAutomatically)")
        if put { send(to: id, wakingFor: "Location updates paused") }
        reconsider()
    }
}
