import Foundation
import LocationWire

/// Fits a box of coordinates into a picture: an equirectangular projection scaled by the
/// cosine of the middle latitude, so that a few kilometers look as they do on any map.
struct MapProjection {
    let width: Double
    let height: Double
    private let west: Double
    private let north: Double
    private let scale: Double
    private let cosine: Double
    private let offset: (x: Double, y: Double)

    /// A projection that shows `south…north` × `west…east` whole, centered in the picture less
    /// its margins (`top` above, `margin` on the other sides); a box smaller than about 200 m
    /// is widened to that.
    init(south: Double, north: Double, west: Double, east: Double, width: Double, height: Double, margin: Double, top: Double) {
        let minimumSpan = 0.002
        let latitudeSpan = max(north - south, minimumSpan)
        let middle = (north + south) / 2
        cosine = max(cos(middle * .pi / 180), 0.01)
        let longitudeSpan = max(east - west, minimumSpan / cosine)
        let left = (east + west) / 2 - longitudeSpan / 2
        scale = min((width - 2 * margin) / (longitudeSpan * cosine), (height - margin - top) / latitudeSpan)
        self.width = width
        self.height = height
        self.west = left
        self.north = middle + latitudeSpan / 2
        offset = (
            (width - longitudeSpan * cosine * scale) / 2,
            top + (height - margin - top - latitudeSpan * scale) / 2
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
