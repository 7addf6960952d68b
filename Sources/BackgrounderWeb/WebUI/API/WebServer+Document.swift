import Foundation
import Hummingbird
import HummingbirdWebSocket
import Newsstand
import TheBackgrounder

extension WebServer {
    /// `GET /api/newsstand/document`: the PDF the Newsstand screen's web view shows, streamed
    /// from the content directory; 404 while the web view is hidden. Only a file inside
    /// the data directory is ever served.
    static func addDocument(to router: Router<BasicWebSocketRequestContext>, backgrounder: Backgrounder) {
        let dataDirectory = backgrounder.configuration.dataDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        router.get("/api/newsstand/document") { _, context in
            guard let snapshot = backgrounder.device.snapshot(for: .newsstand),
                let path = snapshot.documentPath
            else {
                return Response.error("the Newsstand screen shows no document", status: .notFound)
            }
            let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            guard resolved.hasPrefix(dataDirectory + "/") else {
                return Response.error("the document is outside the data directory", status: .forbidden)
            }
            let body = try await FileIO().loadFile(path: resolved, context: context)
            return Response(
                status: .ok,
                headers: [.contentType: "application/pdf", .cacheControl: "no-cache"],
                body: body)
        }
    }
}
