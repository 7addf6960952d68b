import Foundation

/// Fits a box of coordinates into a picture: an equirectangular projection scaled by the
/// cosine of the middle latitude, so that a few kilometers look as they do on any map.
struct MapProjection {
    let width: Double
    let height: Double
    let margin: Double
    private let west: Double
    private let north: Double
    private let scale: Double
    private let cosine: Double
    private let offset: (x: Double, y: Double)

    /// A projection that shows `south…north` × `west…east` whole, centered; a box smaller than
    /// about 200 m is widened to that.
    init(south: Double, north: Double, west: Double, east: Double, width: Double, height: Double, margin: Double) {
        let minimumSpan = 0.002
        let latitudeSpan = max(north - south, minimumSpan)
        let middle = (north + south) / 2
        cosine = max(cos(middle * .pi / 180), 0.01)
        let longitudeSpan = max(east - west, minimumSpan / cosine)
        let top = middle + latitudeSpan / 2
        let left = (east + west) / 2 - longitudeSpan / 2
        scale = min((width - 2 * margin) / (longitudeSpan * cosine), (height - 2 * margin) / latitudeSpan)
        self.width = width
        self.height = height
        self.margin = margin
        self.west = left
        self.north = top
        offset = (
            (width - longitudeSpan * cosine * scale) / 2,
            (height - latitudeSpan * scale) / 2
        )
    }

    /// The point of `coordinate` in the picture, y downwards.
    func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        (offset.x + (coordinate.longitude - west) * cosine * scale, offset.y + (north - coordinate.latitude) * scale)
    }

    /// The coordinate at a point of the picture.
    func coordinate(x: Double, y: Double) -> Coordinate {
        Coordinate(latitude: north - (y - offset.y) / scale, longitude: west + (x - offset.x) / (cosine * scale))
    }

    /// How many meters one unit of the picture is, east-west at the middle latitude.
    var metersPerUnit: Double {
        Coordinate.earthRadius * .pi / 180 / scale
    }
}
