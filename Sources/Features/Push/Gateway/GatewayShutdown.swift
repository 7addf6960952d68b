/// The event that tells a connection the gateway stops: it sends GOAWAY `Shutdown` and closes.
struct GatewayShutdown: Sendable {}
