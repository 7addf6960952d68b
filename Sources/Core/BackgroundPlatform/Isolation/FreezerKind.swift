import BackgroundWire

/// How the system stops the app's whole process while the app is suspended.
public enum FreezerKind: String, Sendable, Codable {
    /// The cgroup v2 freezer: the app's process in a cgroup of its own, `cgroup.freeze`.
    case cgroup
    /// SIGSTOP and SIGCONT, where no cgroup v2 freezer is writable.
    case sigstop
}
