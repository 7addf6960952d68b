extension Application {
    /// Stops handing the messages of the system service named `service` to the receiver given
    /// with ``receiveMessages(fromService:_:)``: its object is gone (a location manager of the
    /// launch, say). Later messages of that service are dropped.
    public func stopReceivingMessages(fromService service: String) {
        serviceReceivers[service] = nil
    }
}
