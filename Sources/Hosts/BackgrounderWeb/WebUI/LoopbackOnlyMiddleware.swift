import Hummingbird

/// Refuses a request unless it names a loopback host (`127.0.0.1`, `localhost`, `[::1]`) and,
/// when it has an `Origin`, comes from a loopback origin.
///
/// The server listens on loopback only, but a web page the user visits elsewhere could still
/// reach it through the user's own browser: by a WebSocket (which browsers open across origins),
/// a form post, or a DNS name rebound to 127.0.0.1. Those requests carry the other site's
/// `Origin` or `Host`, and are refused here.
struct LoopbackOnlyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, authority.isLoopbackAuthority else {
            return .error("this server answers requests for 127.0.0.1 or localhost only", status: .forbidden)
        }
        if let origin = request.headers[.origin] {
            guard let separator = origin.range(of: "://"), ["http", "https", "ws", "wss"].contains(origin[..<separator.lowerBound]),
                String(origin[separator.upperBound...]).isLoopbackAuthority
            else {
                return .error("requests from other sites (Origin \(origin)) are refused", status: .forbidden)
            }
        }
        return try await next(request, context)
    }
}
