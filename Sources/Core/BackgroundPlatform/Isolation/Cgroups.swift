import BackgroundWire
import Foundation
import Synchronization

/// What the freezer and the memory limit share about cgroups: the names of those a system
/// makes for its app's process, `backgrounder-app-PID-N` (PID the system's process, N counting
/// the devices of one process), so that a system can find and remove what a killed one left;
/// where the hierarchies are; and writing their files.
enum Cgroups {
    static let prefix = "backgrounder-app-"
    private static let made = Atomic<Int>(0)

    /// A new name for this process's next app cgroup.
    static func next() -> String {
        "\(prefix)\(getpid())-\(made.add(1, ordering: .relaxed).newValue)"
    }

    /// The app cgroups under `parent` whose system's process is gone.
    static func abandoned(in parent: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
        return names.filter { name in
            guard name.hasPrefix(prefix),
                let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ Int32($0) })
            else { return false }
            return kill(pid, 0) != 0 && errno == ESRCH
        }.map { parent + "/" + $0 }
    }

    /// Where the cgroup hierarchy named by `type` in /proc/self/mountinfo (`cgroup2`, or
    /// `cgroup` with `option` among its super options, e.g. `memory`) is mounted.
    static func mount(of type: String, option: String? = nil) -> String? {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
        for line in mounts.split(separator: "\n") {
            let halves = line.components(separatedBy: " - ")
            guard halves.count == 2 else { continue }
            let source = halves[1].split(separator: " ")
            guard source.first.map(String.init) == type else { continue }
            if let option, !(source.last?.split(separator: ",").contains(Substring(option)) ?? false) { continue }
            let fields = halves[0].split(separator: " ")
            if fields.count > 4 { return String(fields[4]) }
        }
        return nil
    }

    /// Writes `value` to the cgroup file at `path`; whether the kernel took it.
    static func write(_ value: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return Array(value.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == value.utf8.count
    }

    /// This process's cgroup in the hierarchy of the /proc/self/cgroup line `isLine` picks
    /// (`0::/…` for cgroup v2, `N:memory:/…` for v1's memory controller).
    static func ownGroup(matching isLine: (Substring) -> Bool) -> String? {
        guard let groups = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        return groups.split(separator: "\n").first(where: isLine)
            .flatMap { $0.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).last }
            .map(String.init)
    }
}
