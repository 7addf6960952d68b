/// Why the remote console could not start, connect or go on; the description is the one-line error.
public enum RemoteConsoleError: Error, Equatable, CustomStringConvertible {
    /// The listener could not bind its address.
    case cannotListen(ListenAddress, reason: String)
    /// The client could not reach the app.
    case cannotConnect(ListenAddress, reason: String)
    /// The app refused the client, with its reason (e.g. "wrong pairing token").
    case refused(String)
    /// The peer broke the protocol.
    case protocolViolation(String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason):
            "remote console: cannot listen on \(address): \(reason); choose another address with --console-listen HOST:PORT"
        case .cannotConnect(let address, let reason):
            "cannot reach the app's console at \(address): \(reason) (is `backgrounder run` running there? Another machine needs --console-listen on the app's side)"
        case .refused(let reason):
            "the app refused the console: \(reason)"
        case .protocolViolation(let reason):
            "the app's console answered something unexpected: \(reason)"
        }
    }
}
