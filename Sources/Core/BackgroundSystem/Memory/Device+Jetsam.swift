import BackgroundWire

/// What the device does when it runs short of memory (rules jetsam-ends-suspended-apps,
/// jetsam-order, jetsam-ends-background-apps).
extension Device {
    /// The device runs short of memory and the system needs `need` bytes (nil: all that the
    /// bands `level` reaches hold). Jetsam ends suspended apps, largest footprint first; if that
    /// is not enough, the apps still running are warned (the app's
    /// `applicationDidReceiveMemoryWarning`, `.didReceiveMemoryWarning`), and the scene of an app
    /// running in the background is disconnected; at `critical` pressure jetsam goes on to the
    /// apps running in the background, largest first, sparing one the user perceives (audio,
    /// location) within the 50 MB background guideline. The app's footprint is its own
    /// process's resident memory (`--isolation process`), else `footprint`, else the last one
    /// declared.
    public func simulateMemoryPressure(_ level: MemoryPressureLevel = .warning, footprint: Int? = nil, need: Int? = nil) {
        let measured = link.appFootprint()
        handle { $0.memoryPressure(level, declared: footprint, measured: measured, need: need, at: $1) }
        settle()
    }

    /// The memory the device's apps hold, for jetsam's order: the app's footprint and the other
    /// apps in memory.
    public var memory: DeviceMemoryControls { DeviceMemoryControls(device: self) }
}
