import BackgroundCommands
import Foundation
import Hummingbird
import HummingbirdWebSocket

extension WebServer {
    /// The paths under `/api/` the tab renderers fetch from the app (``CommandHost/webResource(_:)``).
    static let resourcePaths = ["newsstand/document", "location/map.svg"]

    /// `GET /api/newsstand/document` (the PDF the Newsstand screen's web view shows, 404 while
    /// it is hidden) and `GET /api/location/map.svg` (the Location tab's map), as the host
    /// makes them; 404 for an app that has none. Only a file inside the data directory is ever
    /// served.
    static func addResources<Host: CommandHost>(to router: Router<BasicWebSocketRequestContext>, host: Host) {
        let dataDirectory = host.dataDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        for path in resourcePaths {
            router.get(RouterPath("/api/\(path)")) { _, context in
                switch host.webResource(path) {
                case nil:
                    return Response.error("this app serves no /api/\(path)", status: .notFound)
                case .missing(let message):
                    return Response.error(message, status: .notFound)
                case .failed(let message):
                    return Response.error(message, status: .internalServerError)
                case .text(let text, let contentType):
                    return Response(
                        status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
                case .file(let file, let contentType):
                    let resolved = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
                    guard resolved.hasPrefix(dataDirectory + "/") else {
                        return Response.error("the document is outside the data directory", status: .forbidden)
                    }
                    let body = try await FileIO().loadFile(path: resolved, context: context)
                    return Response(status: .ok, headers: [.contentType: contentType, .cacheControl: "no-cache"], body: body)
                }
            }
        }
    }
}
