import BackgroundRuntime

/// Keeps `status`'s `screens.fetch.nextEarliestFetch` up to date from the system's side, also
/// while the app is suspended and cannot publish.
public enum FetchScheduleFact {
    /// Publishes the device's fetch schedule now and at each change.
    public static func attach(to device: Device) {
        device.backgroundFetch.observeSchedule { [weak device] date in
            device?.publish(date.map(UTCDateText.iso8601), for: .nextEarliestFetch)
        }
    }
}
