/// The handle on a held `BackgroundActivity`; give it back to `Device/endActivity(_:)`.
public struct BackgroundActivityToken: Hashable, Sendable, Codable {
    package let id: Int

    package init(id: Int) {
        self.id = id
    }
}
