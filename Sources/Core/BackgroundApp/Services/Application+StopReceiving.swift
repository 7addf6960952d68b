import BackgroundWire

extension Application {
    /// Stops handing the messages of channel `service` to its client (``ServiceClient``): the
    /// client's object is gone (a location manager of the launch, say). Later messages on that
    /// channel are dropped.
    public func stopReceivingMessages(fromService service: String) {
        serviceReceivers[service] = nil
    }
}
