import Hummingbird
import HummingbirdWebSocket
import Logging
import TheBackgrounder

extension WebServer {
    /// The routes: loopback check first, then the API and the live updates, then the assets.
    static func makeRouter(backgrounder: Backgrounder, feed: StatusFeed, logger: Logger) -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: LoopbackOnlyMiddleware())
        router.add(middleware: FileMiddleware(
            WebAssets.directory, cacheControl: .init([(.init(type: .any), [.noCache])]), searchForIndexHtml: true,
            logger: logger))
        addAPI(to: router, backgrounder: backgrounder)
        addDocument(to: router, backgrounder: backgrounder)
        addLocationMap(to: router, backgrounder: backgrounder)
        addLiveUpdates(to: router, device: backgrounder.device, feed: feed)
        return router
    }
}
