/// What the device does when it runs short of a resource.
extension Device {
    /// The device runs short of memory: a suspended app is ended by jetsam (exit
    /// `memoryPressure`); an app on screen or running in the background is kept, and the
    /// scene of an app that uses scenes and runs in the background is disconnected.
    public func simulateMemoryPressure() {
        handle { $0.memoryPressure(at: $1) }
        settle()
    }
}
