import Foundation
import GRDB
import Location
import LocationSystem

/// Geofences kept in SQLite, as transistorsoft's background-geolocation keeps them: the app
/// stores any number and asks for the nearest ones around the device, to monitor only those
/// (iOS allows 20).
final class GeofenceStore {
    private let queue: DatabaseQueue

    /// The nearest-geofences query, shared with the Python reference of `scripts/benchmark-regions`:
    /// a box around the device, ordered by the flat-earth distance (longitude scaled by cos(latitude)).
    static let nearestSQL = """
        SELECT identifier, latitude, longitude, radius FROM geofence
        WHERE latitude BETWEEN ?1 - ?3 AND ?1 + ?3 AND longitude BETWEEN ?2 - ?4 AND ?2 + ?4
        ORDER BY (latitude - ?1) * (latitude - ?1) + (longitude - ?2) * (longitude - ?2) * ?5 LIMIT ?6
        """

    /// A store at `path` holding `geofences` and the `route`'s points (table `query_point`, for the reference).
    init(path: String, geofences: [CircularRegion], route: [Coordinate]) throws {
        queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE geofence (identifier TEXT PRIMARY KEY, latitude REAL NOT NULL, longitude REAL NOT NULL, radius REAL NOT NULL);
                CREATE INDEX geofence_latitude ON geofence(latitude);
                CREATE TABLE query_point (latitude REAL NOT NULL, longitude REAL NOT NULL);
                """)
            let geofence = try db.makeStatement(sql: "INSERT INTO geofence VALUES (?, ?, ?, ?)")
            for region in geofences {
                try geofence.execute(arguments: [region.identifier, region.center.latitude, region.center.longitude, region.radius])
            }
            let point = try db.makeStatement(sql: "INSERT INTO query_point VALUES (?, ?)")
            for coordinate in route { try point.execute(arguments: [coordinate.latitude, coordinate.longitude]) }
        }
    }

    /// The `count` geofences nearest `coordinate`: the box starts about 1 km wide and doubles
    /// until it holds `count`.
    func nearest(_ count: Int, to coordinate: Coordinate) throws -> [CircularRegion] {
        let cosine = cos(coordinate.latitude * .pi / 180)
        return try queue.read { db in
            let statement = try db.cachedStatement(sql: Self.nearestSQL)
            var half = 0.01
            while true {
                let rows = try Row.fetchAll(statement, arguments: [
                    coordinate.latitude, coordinate.longitude, half, half / max(cosine, 0.01), cosine * cosine, count,
                ])
                if rows.count >= count || half >= 180 {
                    return rows.map { row in
                        CircularRegion(
                            center: Coordinate(latitude: row["latitude"], longitude: row["longitude"]), radius: row["radius"],
                            identifier: row["identifier"])
                    }
                }
                half *= 2
            }
        }
    }
}
