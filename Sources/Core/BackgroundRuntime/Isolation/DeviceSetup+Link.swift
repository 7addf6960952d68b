import BackgroundApp
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation

/// Where the app's code runs: in this process (`--isolation thread`), or in a process of its own
/// that the kernel freezes (`--isolation process`, ``DeviceSetup/appProcess``).
extension DeviceSetup {
    /// The link for this setup — to the app's own process, with the kernel's freezer where one is
    /// writable (cgroup v2), else SIGSTOP, and its memory limit where a memory controller is
    /// writable; else to `executor` in this process — and the boot lines that say which.
    func makeLink(executor: AppMainExecutor) -> (any AppLink, [String]) {
        guard let configuration = system.appProcess else {
            let line = "Isolation: thread — the app runs in the system's process, on an executor the system parks while it is suspended"
            let link = ThreadAppLink(executor: executor, infoPlist: system.infoPlist, profile: system.profile, makeDelegate: linkedApp)
            return (link, [line])
        }
        var lines: [String] = []
        let freezer: any ProcessFreezer
        switch CgroupFreezer.make() {
        case .success(let cgroup):
            freezer = cgroup
            lines.append("Isolation: process — the app runs in its own process, frozen by the cgroup v2 freezer (\(cgroup.directory))")
        case .failure(let problem):
            freezer = SignalFreezer()
            lines.append(
                "Isolation: process — the app runs in its own process, frozen by SIGSTOP/SIGCONT (no cgroup v2 freezer: "
                    + "\(problem.description))")
        }
        var memory: MemoryCgroup?
        let limit = configuration.memoryLimit >> 20
        switch MemoryCgroup.make(limit: configuration.memoryLimit, freezerDirectory: (freezer as? CgroupFreezer)?.directory) {
        case .success(let group):
            memory = group
            lines.append(
                "Isolation: the app's process may use \(limit) MB, on screen or off; over it the kernel ends it (\(group.version) "
                    + "memory controller, \(group.directory))")
        case .failure(let problem):
            lines.append("Isolation: no memory limit on the app's process (\(problem.description))")
        }
        return (ProcessAppLink(configuration: configuration, freezer: freezer, memory: memory), lines)
    }
}
