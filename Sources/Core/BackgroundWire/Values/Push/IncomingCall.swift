/// A call the app reported to CallKit (`reportNewIncomingCall`): the system's incoming-call
/// screen shows it until the user accepts or declines it.
public struct IncomingCall: Sendable, Equatable, Codable {
    /// The call's UUID, as the app chose it.
    public let uuid: String
    /// Who calls, as the screen shows it.
    public let caller: String
    /// Whether the user accepted it (the call is in progress).
    public var isAccepted: Bool

    public init(uuid: String, caller: String, isAccepted: Bool = false) {
        self.uuid = uuid
        self.caller = caller
        self.isAccepted = isAccepted
    }
}
