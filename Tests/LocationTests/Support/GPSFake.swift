import Foundation
import TestSupport

/// A real gpsd fed by gpsfake (Debian's gpsd and gpsd-clients) on a free loopback port.
///
/// gpsfake leads a process group of its own (Foundation's `Process` makes one for each child),
/// which its gpsd joins, so that stopping the group ends both. It waits for a client to watch
/// before it feeds the log, once (`-1`), `cycle` seconds between sentences, and lingers a while
/// after the log's end: tests wait for the fixes they expect, then stop it.
final class GPSFake {
    let port: Int
    private let process: InteractiveProcess

    /// Whether gpsfake is installed here.
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsfake") && FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")
    }

    /// Starts gpsfake on `log` and returns once its gpsd listens.
    init(log: URL, cycle: Double) async throws {
        port = freePort()
        process = try InteractiveProcess("/usr/bin/gpsfake", ["-1", "-P", String(port), "-c", String(cycle), log.path])
        let listens = await waitUntil(timeout: .seconds(30)) { isListening(port: self.port) || self.process.termination != nil }
        guard listens, process.termination == nil else {
            stop()
            throw GPSFakeError.notReady(port: port, output: output)
        }
    }

    /// What gpsfake said, to tell why no fix came.
    var output: String { process.stdout + process.stderr }

    /// Ends gpsfake and its gpsd (their whole process group) at once.
    func stop() {
        guard process.termination == nil else { return }
        let pid = process.processIdentifier
        kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
    }

    deinit { stop() }

    enum GPSFakeError: Error {
        case notReady(port: Int, output: String)
    }
}
