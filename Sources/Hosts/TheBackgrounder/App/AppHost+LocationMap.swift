import BackgrounderHost
import Foundation
import Location
import LocationSystem

extension AppHost {
    /// The Location tab's map, as `location map` writes it and the web UI serves it: the last
    /// pins, the region the screen last showed and the geofences `location` monitors, with the
    /// stored track (the store, nil before the first fix) for its path.
    func locationMap(_ location: LocationService) throws(TrackStoreError) -> (map: TrackMap, track: TrackStore?) {
        let url = TrackStore.url(inDataDirectory: dataDirectory)
        let store = FileManager.default.fileExists(atPath: url.path) ? try TrackStore.reading(url: url) : nil
        let pins = try store?.last(LocationScreen.pinLimit).map(\.coordinate) ?? []
        let snapshot = device.snapshot(for: .location)
        let map = TrackMap(
            pins: pins, region: snapshot?.region, title: "TheBackgrounder · Location", geofences: location.monitoredRegions,
            marks: snapshot?.marks ?? [])
        return (map, store)
    }
}
