/// A message between a system service and its app-side object: a call the app makes
/// (``Application/callService(_:_:)``) or an event the service sends the app
/// (``Device/wake(for:timeLimit:sending:fromService:)``). Its payload is the service's own JSON, so the
/// same message crosses to an app in its own process (`--isolation process`) unchanged.
struct ServiceMessage: Codable, Sendable, Equatable {
    /// The service's name, e.g. `voip`.
    let service: String
    /// The service's JSON.
    let payload: String
}
