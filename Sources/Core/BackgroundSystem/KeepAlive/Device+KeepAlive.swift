import BackgroundWire

/// What the system knows of the VoIP keep-alive handler; its rules are in
/// `SystemStateMachine+KeepAlive.swift`.
extension Device {
    /// The interval of the keep-alive handler the running app set; nil when there is none.
    public var keepAliveTimeout: Duration? { read { $0.keepAlive?.interval } }
}
