/// What the device does when it runs short of a resource.
extension Device {
    /// The device runs short of memory: a suspended app is ended by jetsam (exit
    /// `memoryPressure`); an app on screen or running in the background is warned, and the
    /// scene of an app that uses scenes and runs in the background is disconnected. At
    /// `critical` pressure an app running in the background is ended too, unless the user
    /// perceives it (audio, location) and its `footprint`, in bytes if known, is within the
    /// background guideline (rule jetsam-ends-background-apps).
    public func simulateMemoryPressure(_ level: MemoryPressureLevel = .warning, footprint: Int? = nil) {
        handle { $0.memoryPressure(level, footprint: footprint, at: $1) }
        settle()
    }
}
