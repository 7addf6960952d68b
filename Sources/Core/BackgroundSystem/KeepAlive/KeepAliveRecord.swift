import BackgroundWire

/// The system's side of the keep-alive handler a VoIP app set; the handler itself stays on
/// the app's side.
package struct KeepAliveRecord: Sendable, Equatable {
    let interval: Duration
    /// The launch that set it; the handler goes away with that launch.
    package let launchNumber: Int
    /// The loop timer of the next call.
    var timer: SystemTimerToken?
    /// The handler while it runs.
    var running: RunningKeepAliveHandler?
}
