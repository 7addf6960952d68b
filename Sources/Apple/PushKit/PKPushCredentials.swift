/// The token a provider sends a kind of push to (`PKPushCredentials`).
public final class PKPushCredentials: Sendable {
    public let type: PKPushType
    /// The token's bytes.
    public let token: Data

    init(type: PKPushType, token: Data) {
        self.type = type
        self.token = token
    }
}
