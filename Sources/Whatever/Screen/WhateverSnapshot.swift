import BackgroundRuntime

/// What the Whatever tab shows, as `status` lists it under `screens.whatever`.
public struct WhateverSnapshot: ScreenSnapshot, Equatable {
    /// The result label, `Position N = value`: updated only while the app is active.
    public let label: String
    /// The position of the latest number computed, whatever the app's state.
    public let position: Int
    /// The latest number computed, in decimal.
    public let value: String
    /// Whether the Play/Pause toggle is on (the timer runs).
    public let playing: Bool
    /// Where the screen's "Fibonacci" background task stands.
    public let assertion: WhateverAssertionState
    /// The background task's identifier while it is held, else nil.
    public let backgroundTask: Int?

    public init(
        label: String, position: Int, value: String, playing: Bool, assertion: WhateverAssertionState,
        backgroundTask: Int?
    ) {
        self.label = label
        self.position = position
        self.value = value
        self.playing = playing
        self.assertion = assertion
        self.backgroundTask = backgroundTask
    }

    private enum CodingKeys: String, CodingKey {
        case label, position, value, playing, assertion, backgroundTask
    }

    /// Encodes every key, with `null` for an absent identifier, so that scripts always find it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encode(position, forKey: .position)
        try container.encode(value, forKey: .value)
        try container.encode(playing, forKey: .playing)
        try container.encode(assertion, forKey: .assertion)
        try container.encode(backgroundTask, forKey: .backgroundTask)
    }
}
