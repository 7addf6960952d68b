import Hummingbird
import HummingbirdWebSocket
import Location
import TheBackgrounder

extension WebServer {
    /// `GET /api/location/map.svg`: the Location tab's map as `location map` draws it — the
    /// stored track's path, the last 100 pins and the region — with no tiles.
    static func addLocationMap(to router: Router<BasicWebSocketRequestContext>, backgrounder: Backgrounder) {
        router.get("/api/location/map.svg") { _, _ in
            do throws(TrackStoreError) {
                let (map, track) = try backgrounder.locationMap()
                return Response(
                    status: .ok,
                    headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "no-store"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: try map.svg(path: track))))
            } catch {
                return Response.error("the map cannot be drawn: \(error.description)", status: .internalServerError)
            }
        }
    }
}
