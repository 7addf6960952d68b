import Foundation
import LocationWire

/// A map people can look at, with no tiles: an SVG of the track's path, the pins, the
/// region the screen shows, the monitored geofences (circles, named) and the marks of what the
/// app heard (entries, exits, significant changes, visits), over a grid of latitudes and
/// longitudes, with a scale bar.
///
/// The path is read from the store in two passes (its extent, then its points), keeping only
/// points at least 1.5 units apart and at most ``maximumPathPoints``, so a track of years draws
/// as fast as one of minutes.
public struct TrackMap {
    public static let width = 800.0
    public static let height = 600.0
    /// The most path points drawn.
    public static let maximumPathPoints = 20_000

    public let pins: [Coordinate]
    public let region: MapRegion?
    public let title: String
    /// The monitored regions, drawn as circles.
    public let geofences: [CircularRegion]
    /// Where the app heard region entries and exits, significant changes and visits.
    public let marks: [MapMark]

    public init(pins: [Coordinate], region: MapRegion?, title: String, geofences: [CircularRegion] = [], marks: [MapMark] = []) {
        self.pins = pins
        self.region = region
        self.title = title
        self.geofences = geofences
        self.marks = marks
    }

    /// The SVG of the whole track in `store` (none when nil) with the pins and the region.
    public func svg(path store: TrackStore?) throws(TrackStoreError) -> String {
        var box = Box()
        var stored = 0
        try store?.forEach { location in
            box.add(location.coordinate)
            stored += 1
        }
        pins.forEach { box.add($0) }
        marks.forEach { box.add(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) }
        for geofence in geofences {
            let (latitude, longitude) = Self.degreesSpanned(by: geofence)
            box.add(Coordinate(latitude: geofence.center.latitude - latitude, longitude: geofence.center.longitude - longitude))
            box.add(Coordinate(latitude: geofence.center.latitude + latitude, longitude: geofence.center.longitude + longitude))
        }
        if let region {
            box.add(Coordinate(latitude: region.center.latitude - region.span.latitudeDelta / 2, longitude: region.center.longitude - region.span.longitudeDelta / 2))
            box.add(Coordinate(latitude: region.center.latitude + region.span.latitudeDelta / 2, longitude: region.center.longitude + region.span.longitudeDelta / 2))
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(Self.height))" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" font-family="Helvetica, Arial, sans-serif">
            <title>\(GPXWriter.escape(title))</title>
            <rect width="100%" height="100%" fill="#eef3f6"/>

            """
        guard let bounds = box.bounds else {
            svg += text("No locations yet: turn Location on", x: Self.width / 2, y: Self.height / 2, size: 18, anchor: "middle")
            return svg + "</svg>\n"
        }
        let projection = MapProjection(
            south: bounds.south, north: bounds.north, west: bounds.west, east: bounds.east,
            width: Self.width, height: Self.height, margin: 40, top: 84)
        svg += grid(projection)
        if let region { svg += self.region(region, projection) }
        if !geofences.isEmpty { svg += geofenceMarks(projection) }
        if let store { svg += try path(store, projection) }
        svg += pinMarks(projection)
        if !marks.isEmpty { svg += eventMarks(projection) }
        svg += legend(stored: stored, projection: projection)
        return svg + "</svg>\n"
    }

    // MARK: Layers

    private func grid(_ projection: MapProjection) -> String {
        let topLeft = projection.coordinate(x: 0, y: 0)
        let bottomRight = projection.coordinate(x: Self.width, y: Self.height)
        let step = Self.niceStep((topLeft.latitude - bottomRight.latitude) / 5)
        var svg = "<g stroke=\"#c9d6df\" stroke-width=\"1\">\n"
        var labels = "<g fill=\"#7b8b96\" font-size=\"10\">\n"
        var latitude = (bottomRight.latitude / step).rounded(.up) * step
        while latitude <= topLeft.latitude {
            let y = projection.point(Coordinate(latitude: latitude, longitude: topLeft.longitude)).y
            svg += "<line x1=\"0\" y1=\"\(Self.number(y))\" x2=\"\(Int(Self.width))\" y2=\"\(Self.number(y))\"/>\n"
            labels += text(Self.degrees(latitude, step: step) + "°", x: 4, y: y - 3, size: 10)
            latitude += step
        }
        var longitude = (topLeft.longitude / step).rounded(.up) * step
        while longitude <= bottomRight.longitude {
            let x = projection.point(Coordinate(latitude: topLeft.latitude, longitude: longitude)).x
            svg += "<line x1=\"\(Self.number(x))\" y1=\"0\" x2=\"\(Self.number(x))\" y2=\"\(Int(Self.height))\"/>\n"
            labels += text(Self.degrees(longitude, step: step) + "°", x: x + 3, y: Self.height - 4, size: 10)
            longitude += step
        }
        return svg + "</g>\n" + labels + "</g>\n"
    }

    private func region(_ region: MapRegion, _ projection: MapProjection) -> String {
        let northWest = projection.point(Coordinate(
            latitude: region.center.latitude + region.span.latitudeDelta / 2,
            longitude: region.center.longitude - region.span.longitudeDelta / 2))
        let southEast = projection.point(Coordinate(
            latitude: region.center.latitude - region.span.latitudeDelta / 2,
            longitude: region.center.longitude + region.span.longitudeDelta / 2))
        let center = projection.point(region.center)
        return """
            <g id="region"><rect x="\(Self.number(northWest.x))" y="\(Self.number(northWest.y))" width="\(Self.number(southEast.x - northWest.x))" height="\(Self.number(southEast.y - northWest.y))" fill="#d4351c" fill-opacity="0.05" stroke="#d4351c" stroke-width="1.5" stroke-dasharray="6 4"/>
            <path d="M\(Self.number(center.x - 6)) \(Self.number(center.y))h12M\(Self.number(center.x)) \(Self.number(center.y - 6))v12" stroke="#d4351c" stroke-width="1.5"/></g>

            """
    }

    private func geofenceMarks(_ projection: MapProjection) -> String {
        var svg = "<g id=\"geofences\">\n"
        for geofence in geofences {
            let center = projection.point(geofence.center)
            let north = projection.point(Coordinate(
                latitude: geofence.center.latitude + Self.degreesSpanned(by: geofence).latitude, longitude: geofence.center.longitude))
            let radius = max(center.y - north.y, 2)
            svg += "<circle class=\"geofence\" cx=\"\(Self.number(center.x))\" cy=\"\(Self.number(center.y))\" r=\"\(Self.number(radius))\" fill=\"#2da44e\" fill-opacity=\"0.12\" stroke=\"#2da44e\" stroke-width=\"1.5\"/>\n"
            svg += text(geofence.identifier, x: center.x, y: center.y - radius - 4, size: 11, anchor: "middle")
        }
        return svg + "</g>\n"
    }

    /// How many degrees of latitude and of longitude `geofence`'s radius spans at its center.
    private static func degreesSpanned(by geofence: CircularRegion) -> (latitude: Double, longitude: Double) {
        let latitude = geofence.radius / Coordinate.earthRadius * 180 / .pi
        let longitude = latitude / max(cos(geofence.center.latitude * .pi / 180), 0.01)
        return (latitude, min(longitude, 180))
    }

    private func path(_ store: TrackStore, _ projection: MapProjection) throws(TrackStoreError) -> String {
        var points = ""
        var count = 0
        var last: (x: Double, y: Double)?
        try store.forEach { location in
            guard count < Self.maximumPathPoints else { return }
            let point = projection.point(location.coordinate)
            if let last, abs(point.x - last.x) < 1.5, abs(point.y - last.y) < 1.5 { return }
            points += "\(Self.number(point.x)),\(Self.number(point.y)) "
            last = point
            count += 1
        }
        guard count > 0 else { return "" }
        return "<polyline id=\"path\" fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\" stroke-opacity=\"0.8\" points=\"\(points.dropLast())\"/>\n"
    }

    private func pinMarks(_ projection: MapProjection) -> String {
        var svg = "<g id=\"pins\" fill=\"#e5484d\" stroke=\"#ffffff\" stroke-width=\"1.5\">\n"
        for (index, pin) in pins.enumerated() {
            let point = projection.point(pin)
            let radius = index == pins.count - 1 ? 7 : 4.5
            svg += "<circle cx=\"\(Self.number(point.x))\" cy=\"\(Self.number(point.y))\" r=\"\(Self.number(radius))\"/>\n"
        }
        return svg + "</g>\n"
    }

    /// Each mark as its symbol — ▼ entry, ▲ exit, ◆ significant change, ● arrival, ○ departure —
    /// with its kind and label as the tooltip.
    private func eventMarks(_ projection: MapProjection) -> String {
        var svg = "<g id=\"marks\" font-size=\"16\" text-anchor=\"middle\" dominant-baseline=\"central\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\n"
        for mark in marks {
            let point = projection.point(Coordinate(latitude: mark.latitude, longitude: mark.longitude))
            let (symbol, color) = switch mark.kind {
            case .entry: ("▼", "#2da44e")
            case .exit: ("▲", "#d97706")
            case .significantChange: ("◆", "#8250df")
            case .arrival: ("●", "#24323c")
            case .departure: ("○", "#24323c")
            }
            let title = GPXWriter.escape(mark.label.isEmpty ? mark.kind.rawValue : "\(mark.kind.rawValue) \(mark.label)")
            svg += "<text class=\"mark mark-\(mark.kind.rawValue)\" x=\"\(Self.number(point.x))\" y=\"\(Self.number(point.y))\" fill=\"\(color)\">\(symbol)<title>\(title)</title></text>\n"
        }
        return svg + "</g>\n"
    }

    private func legend(stored: Int, projection: MapProjection) -> String {
        var svg = "<g id=\"legend\">\n<rect x=\"8\" y=\"8\" width=\"330\" height=\"\(region == nil ? 44 : 60)\" rx=\"6\" fill=\"#ffffff\" fill-opacity=\"0.85\"/>\n"
        svg += text(title, x: 16, y: 27, size: 14, weight: "bold")
        svg += text("\(stored) stored fixes · \(pins.count) pins", x: 16, y: 44, size: 11)
        if let region {
            svg += text(String(
                format: "region: center %.5f, %.5f · span %.5f° × %.5f°", region.center.latitude, region.center.longitude,
                region.span.latitudeDelta, region.span.longitudeDelta), x: 16, y: 60, size: 11)
        }
        let meters = Self.niceStep(projection.metersPerUnit * 150)
        let length = meters / projection.metersPerUnit
        let right = Self.width - 16, y = Self.height - 22
        svg += "<path d=\"M\(Self.number(right - length)) \(Self.number(y - 5))v5h\(Self.number(length))v-5\" fill=\"none\" stroke=\"#333333\" stroke-width=\"2\"/>\n"
        svg += text(meters >= 1000 ? "\((meters / 1000).formatted) km" : "\(meters.formatted) m", x: right, y: y - 9, size: 11, anchor: "end")
        return svg + "</g>\n"
    }

    // MARK: Helpers

    private func text(_ content: String, x: Double, y: Double, size: Int, anchor: String = "start", weight: String = "normal") -> String {
        "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(size)\" font-weight=\"\(weight)\" text-anchor=\"\(anchor)\" fill=\"#24323c\">\(GPXWriter.escape(content))</text>\n"
    }

    /// 1, 2 or 5 times a power of ten, at most `value`.
    static func niceStep(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let power = pow(10, (log10(value)).rounded(.down))
        let fraction = value / power
        return (fraction >= 5 ? 5 : fraction >= 2 ? 2 : 1) * power
    }

    private static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    private static func degrees(_ value: Double, step: Double) -> String {
        let decimals = max(0, Int((-log10(step)).rounded(.up)))
        return String(format: "%.\(decimals)f", value)
    }

    /// The extent of the coordinates seen.
    private struct Box {
        var bounds: (south: Double, north: Double, west: Double, east: Double)?

        mutating func add(_ coordinate: Coordinate) {
            guard coordinate.isValid else { return }
            guard let current = bounds else {
                bounds = (coordinate.latitude, coordinate.latitude, coordinate.longitude, coordinate.longitude)
                return
            }
            bounds = (
                min(current.south, coordinate.latitude), max(current.north, coordinate.latitude),
                min(current.west, coordinate.longitude), max(current.east, coordinate.longitude)
            )
        }
    }
}

extension TrackMap {
    /// Writes the SVG to `destination`, whole or not at all.
    public func write(to destination: URL, path store: TrackStore?) throws(TrackStoreError) {
        let svg = try svg(path: store)
        try FileWriter.replace(destination) { write in write(svg) }
    }
}
