import Foundation
import NIOCore
import NIOPosix
import TestSupport

/// A real gpsd fed by gpsfake (Debian's gpsd and gpsd-clients) on a free loopback port.
///
/// gpsfake leads a process group of its own (Foundation's `Process` makes one for each child),
/// which its gpsd joins, so that stopping the group ends both. It waits for a client to watch
/// before it feeds the log, once (`-1`), `cycle` seconds between sentences, and lingers a while
/// after the log's end: tests wait for the fixes they expect, then stop it.
final class GPSFake {
    let port: Int
    private let process = Process()

    /// Whether gpsfake is installed here.
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsfake") && FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")
    }

    init(log: URL, cycle: Double) throws {
        port = freePort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gpsfake")
        process.arguments = ["-1", "-q", "-P", String(port), "-c", String(cycle), log.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard wait(upTo: 30, for: { Self.accepts(port: self.port) || !self.process.isRunning }), process.isRunning else {
            stop()
            throw GPSFakeError.notReady(port: port)
        }
    }

    /// Ends gpsfake and its gpsd (their whole process group).
    func stop() {
        guard process.isRunning else { return }
        precondition(getpgid(process.processIdentifier) == process.processIdentifier, "gpsfake does not lead its process group")
        kill(-process.processIdentifier, SIGTERM)
        if !wait(upTo: 5, for: { !self.process.isRunning }) { kill(-process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        _ = wait(upTo: 5) { !Self.accepts(port: self.port) }
    }

    deinit { stop() }

    static func accepts(port: Int) -> Bool {
        let channel = try? ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(200)).connect(host: "127.0.0.1", port: port).wait()
        try? channel?.close().wait()
        return channel != nil
    }

    enum GPSFakeError: Error {
        case notReady(port: Int)
    }
}
