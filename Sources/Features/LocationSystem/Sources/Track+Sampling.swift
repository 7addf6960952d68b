import LocationWire

extension Track {
    /// The position `offset` seconds after the first point, as Xcode's simulated routes move:
    /// linearly between the two points around that time, at the speed and course of that
    /// stretch. A moment on a point belongs to the stretch that ends there; offsets outside the
    /// track are clamped to its ends.
    public func sample(at offset: Double) -> TrackSample {
        let first = points[0]
        guard points.count > 1 else {
            return TrackSample(
                coordinate: first.coordinate, altitude: first.altitude, horizontalAccuracy: first.horizontalAccuracy,
                verticalAccuracy: first.verticalAccuracy, speed: 0, course: -1)
        }
        let time = first.time + min(max(offset, 0), duration)
        // The first point whose time is at or after `time`: the end of the stretch.
        var low = 1, high = points.count - 1
        while low < high {
            let middle = (low + high) / 2
            if points[middle].time < time { low = middle + 1 } else { high = middle }
        }
        let a = points[low - 1], b = points[low]
        let fraction = (time - a.time) / (b.time - a.time)
        let distance = a.coordinate.distance(to: b.coordinate)
        func mix(_ x: Double?, _ y: Double?) -> Double? {
            guard let x, let y else { return x ?? y }
            return x + (y - x) * fraction
        }
        return TrackSample(
            coordinate: a.coordinate.interpolated(to: b.coordinate, fraction: fraction),
            altitude: mix(a.altitude, b.altitude),
            horizontalAccuracy: a.horizontalAccuracy + (b.horizontalAccuracy - a.horizontalAccuracy) * fraction,
            verticalAccuracy: mix(a.verticalAccuracy, b.verticalAccuracy),
            speed: distance / (b.time - a.time),
            course: distance > 0 ? a.coordinate.bearing(to: b.coordinate) : -1)
    }
}
