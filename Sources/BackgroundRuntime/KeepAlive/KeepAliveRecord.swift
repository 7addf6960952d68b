/// The system's side of the keep-alive handler a VoIP app set.
struct KeepAliveRecord: Sendable {
    let interval: Duration
    let handler: @AppMain @Sendable () -> Void
    /// The launch that set it; the handler goes away with that launch.
    let launchNumber: Int
    /// The loop timer of the next call.
    var timer: SystemTimerToken?
}
