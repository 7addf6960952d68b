
/// What the VoIP socket tells the app, like the tutorial's `NSStreamEvent`s.
public enum VoIPStreamEvent: Sendable, Equatable, Codable {
    /// The connection is open (`NSStreamEventOpenCompleted`).
    case opened
    /// The connection can take writes (`NSStreamEventHasSpaceAvailable`); sent once a connection.
    case writable
    /// A line arrived (`NSStreamEventHasBytesAvailable`), without its line ending.
    case received(String)
    /// The peer closed the connection (`NSStreamEventEndEncountered`).
    case closed
    /// Something failed (`NSStreamEventErrorOccurred`); the connection may be gone.
    case failed(VoIPError)
}
