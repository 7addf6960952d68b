import BackgroundWire

/// Stops and resumes the app's process, and ends it: the kernel's part in suspension.
package protocol ProcessFreezer: Sendable {
    var kind: FreezerKind { get }
    /// Takes in the app's new process `pid`, before it runs any of the app's code.
    func adopt(_ pid: Int32) throws(ProcessFreezerError)
    /// Stops every thread of `pid`; returns once they are stopped.
    func freeze(_ pid: Int32)
    /// Lets them run again; returns once they may.
    func thaw(_ pid: Int32)
    /// Ends `pid` at once, frozen or not.
    func kill(_ pid: Int32)
    /// Gives back what the freezer made (a cgroup) once no app process is left.
    func close()
}
