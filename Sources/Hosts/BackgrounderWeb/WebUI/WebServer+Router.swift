import BackgroundCommands
import Hummingbird
import HummingbirdWebSocket
import Logging

extension WebServer {
    /// The routes: loopback check first, then the API and the live updates, then the assets.
    static func makeRouter<Host: CommandHost>(
        host: Host, tabs: [String]?, feed: StatusFeed, logger: Logger
    ) -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: LoopbackOnlyMiddleware())
        router.add(middleware: FileMiddleware(
            WebAssets.directory, cacheControl: .init([(.init(type: .any), [.noCache])]), searchForIndexHtml: true,
            logger: logger))
        addAPI(to: router, host: host, tabs: tabs)
        addResources(to: router, host: host)
        addLiveUpdates(to: router, device: host.device, feed: feed)
        return router
    }
}
