import LocationWire

/// The part of the map that spans the pins, like `MKCoordinateRegion`.
public struct MapRegion: Sendable, Equatable, Codable {
    /// The height and width of a region in degrees, like `MKCoordinateSpan`.
    public struct Span: Sendable, Equatable, Codable {
        public var latitudeDelta: Double
        public var longitudeDelta: Double

        public init(latitudeDelta: Double, longitudeDelta: Double) {
            self.latitudeDelta = latitudeDelta
            self.longitudeDelta = longitudeDelta
        }
    }

    public var center: Coordinate
    public var span: Span

    public init(center: Coordinate, span: Span) {
        self.center = center
        self.span = span
    }

    /// The region that spans `coordinates`, computed exactly as the tutorial does (the same
    /// operations in the same order, so the same doubles); nil when there are none.
    public init?(spanning coordinates: some Sequence<Coordinate>) {
        var maxLat = -91.0, minLat = 91.0, maxLon = -181.0, minLon = 181.0
        var any = false
        for coordinate in coordinates {
            any = true
            if coordinate.latitude > maxLat { maxLat = coordinate.latitude }
            if coordinate.latitude < minLat { minLat = coordinate.latitude }
            if coordinate.longitude > maxLon { maxLon = coordinate.longitude }
            if coordinate.longitude < minLon { minLon = coordinate.longitude }
        }
        guard any else { return nil }
        let span = Span(latitudeDelta: (maxLat + 90) - (minLat + 90), longitudeDelta: (maxLon + 180) - (minLon + 180))
        // the center point is the average of the max and mins
        center = Coordinate(latitude: minLat + span.latitudeDelta / 2, longitude: minLon + span.longitudeDelta / 2)
        self.span = span
    }
}
