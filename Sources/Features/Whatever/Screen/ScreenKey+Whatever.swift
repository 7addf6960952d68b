import BackgroundRuntime

extension ScreenKey where Snapshot == WhateverSnapshot {
    /// The Whatever tab.
    public static let whatever = ScreenKey("whatever")
}
