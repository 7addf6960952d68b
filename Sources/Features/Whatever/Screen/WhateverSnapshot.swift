import BackgroundRuntime

/// What the Whatever tab shows, as `status` lists it under `screens.whatever`.
public struct WhateverSnapshot: ScreenSnapshot, Equatable {
    /// The result label, `Position N = value`: updated only while the app is active.
    public var label: String
    /// The position of the latest number computed, whatever the app's state.
    public var position: Int
    /// The latest number computed, in decimal.
    public var value: String
    /// Whether the Play/Pause toggle is on (the timer runs).
    public var playing: Bool
    /// Where the screen's "Fibonacci" background task stands.
    public var assertion: WhateverAssertionState
    /// The background task's identifier while it is held, else nil.
    @ExplicitNull public var backgroundTask: Int?
    /// The continued computation of the Compute button (iOS 26), nil before the first.
    @ExplicitNull public var computation: ComputationSnapshot?
    /// Whether the era has continued processing tasks (iOS 26 on), so that the screen offers Compute.
    public var canCompute: Bool

    public init(
        label: String, position: Int, value: String, playing: Bool, assertion: WhateverAssertionState,
        backgroundTask: Int?, computation: ComputationSnapshot? = nil, canCompute: Bool = false
    ) {
        self.label = label
        self.position = position
        self.value = value
        self.playing = playing
        self.assertion = assertion
        self.backgroundTask = backgroundTask
        self.computation = computation
        self.canCompute = canCompute
    }
}
