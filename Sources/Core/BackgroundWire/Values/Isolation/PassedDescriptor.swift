/// A file descriptor that goes to the app's own process with a service's message, as XPC
/// carries one to an iOS app (`xpc_fd_create`): over the link's unix socket with
/// `SCM_RIGHTS`, so that the app's process holds the same open socket, not a copy of its bytes.
///
/// Whoever holds the message owns the descriptor and closes it: the link, once it has sent it;
/// the service's client in the app's process, once it has it. In the message's encoding it is
/// only a mark; the number is the one the receiving process got with the frame.
public struct PassedDescriptor: Sendable, Equatable, Codable {
    /// The descriptor's number in the process that holds the message; -1 while it is in flight.
    public let value: Int32

    /// `value`, to be handed over.
    public init(_ value: Int32) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        // The mark: the descriptor itself comes beside the frame (``FrameChannel``).
        _ = try decoder.singleValueContainer().decode(Bool.self)
        value = -1
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(true)
    }
}
