/// The session as `status` shows it under `screens.audio.session`.
public struct AudioSessionStatus: Sendable, Codable, Equatable {
    public var category: AudioSessionCategory
    /// Whether the session is active: the app plays (or played and was not interrupted since).
    public var active: Bool
    /// Whether it mixes with (or ducks) other apps' audio.
    public var options: AudioSessionCategoryOptions

    public init(category: AudioSessionCategory, active: Bool, options: AudioSessionCategoryOptions = []) {
        self.category = category
        self.active = active
        self.options = options
    }
}
