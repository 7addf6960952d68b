@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import DemoPeers
import Foundation
import Synchronization
import TestSupport
import Testing
import VoIP
import VoIPSystem

/// The app in its own process owns its VoIP socket, as on iOS (issue 43): the system hands the
/// connected socket's descriptor to the app's process, which reads and writes it itself; the
/// system only watches it while the app is suspended, and wakes the app for it.
@Suite("The app's own process owns its VoIP socket", .serialized)
struct AppOwnedSocketTests {
    @Test func aPingToTheSuspendedAppIsReadAndAnsweredInItsOwnProcessWithoutCrossingTheLink() async throws {
        let heard = Mutex<[VoIPPeerEvent]>([])
        let peer = VoIPPeer { event in heard.withLock { $0.append(event) } }
        let port = try await peer.start(port: 0)
        let console = Mutex<[String]>([])
        let printed: @Sendable (String) -> Bool = { text in console.withLock { $0.contains { $0.contains(text) } } }
        // iOS 9: VoIP sockets still wake the suspended app (QA1938).
        var setup = DeviceSetup(
            profile: try #require(PolicyProfile(iOS: 9)), infoPlist: InfoPlist(bundleName: "Spinner", backgroundModes: [.voip]),
            consoleOutput: { line in console.withLock { $0.append(line) } }
        ) { _ in fatalError("the app's code runs in its own process") }
        // SpinnerApp connects to SPINNER_VOIP_PORT at launch; env(1) gives it to the app's process alone.
        let spinner = productsDirectory.appendingPathComponent("SpinnerApp").path
        setup.appProcess = AppProcessConfiguration(
            executable: "/usr/bin/env",
            arguments: ["SPINNER_VOIP_PORT=\(port)", spinner] + AppProcessArguments(iOSVersion: 9, infoPlist: nil).arguments)
        let device = Device(setup)
        defer { device.shutdown() }
        let service = VoIPService(device: device)
        let link = try #require(device.link as? ProcessAppLink)

        device.launch()
        #expect(await waitUntil { service.status.state == .connected && printed("VoIP: writable") }, "\(console.withLock { $0 })")
        device.pressHome()
        #expect(await waitUntil { device.appState == .suspended })
        await device.waitUntilIdle()
        let appPID = try #require(link.appPID)
        // The connection's socket is in the app's process, and the system holds the same one.
        let connection = Self.tcpSocketInodes(toPort: port)
        let inApp = Self.socketInodes(of: appPID).intersection(connection)
        #expect(inApp.count == 1, "the app's process \(appPID) holds the socket to the peer: \(Self.socketInodes(of: appPID)), \(connection)")
        #expect(inApp.isSubset(of: Self.socketInodes(of: getpid())), "the system watches the same socket")

        let crossedBefore = link.serviceMessagesCrossed(for: "voip")
        let countsBefore = service.status
        // The wake's energy accounts take the reading made once the kernel froze the app, which
        // holds while nothing of it has run: they come before the thaw, and no thread of the
        // app is read from /proc on the path of the ping. The suspension after the pong reads
        // nothing: the app's threads are read once, when it is frozen again. (Without a cgroup
        // of the app's own nothing tells that a reading holds.)
        let usage = try #require(link.usageSource)
        let readingsWhenFrozen = usage.threadReadings
        #expect(peer.send("ping") == 1)
        #expect(await waitUntil { heard.withLock { $0.contains(.received("pong")) } }, "\(console.withLock { $0 })")
        #expect(printed("Woken in the background: the VoIP socket to 127.0.0.1:\(port)"), "\(console.withLock { $0 })")
        // Its console line crosses to the system after the pong left for the peer.
        #expect(await waitUntil { printed(#"VoIP: received("ping")"#) }, "the app's own process read it")
        #expect(await waitUntil { device.appState == .suspended }, "suspended again once the pong is sent")
        await device.waitUntilIdle()
        if link.freezer is CgroupFreezer {
            #expect(usage.threadReadings - readingsWhenFrozen == 1, "the app's threads read at the freeze alone: \(console.withLock { $0 })")
        }
        // One message of the service crossed for the ping: the wake-up, which carries no data.
        // Read by the system, the ping, the app's pong and its acknowledgement would have been three.
        #expect(link.serviceMessagesCrossed(for: "voip") - crossedBefore == 1)
        // `status` counts what the system never saw: the lines and bytes, as the app's process
        // counted them in the counters it shares with the system.
        let counts = service.status
        #expect(counts.linesReceived - countsBefore.linesReceived == 1)
        #expect(counts.linesSent - countsBefore.linesSent == 1)
        #expect(counts.bytesReceived - countsBefore.bytesReceived == "ping\n".utf8.count)
        #expect(counts.bytesSent - countsBefore.bytesSent == "pong\n".utf8.count)

        // A fault in the stream, found by the app's process, is in the system's status too.
        #expect(peer.send(String(repeating: "y", count: 70_000)) == 1)
        #expect(await waitUntil {
            let status = service.status
            return status.errors == counts.errors + 1 && status.lastError?.contains("a line longer than") == true
        }, "\(service.status)")

        // The peer's end reaches the suspended app, which reads it itself.
        await peer.stop()
        #expect(await waitUntil { printed("VoIP: closed") }, "\(console.withLock { $0 })")
        // The closed socket's counts stay in the totals.
        #expect(await waitUntil {
            let status = service.status
            return status.state != .connected && status.linesReceived == counts.linesReceived && status.linesSent == counts.linesSent
                && status.bytesReceived == counts.bytesReceived + 70_001 && status.bytesSent == counts.bytesSent
        }, "\(service.status) \(counts)")
    }

    /// The inodes of the sockets among `pid`'s descriptors.
    private static func socketInodes(of pid: Int32) -> Set<String> {
        let directory = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Set(names.compactMap { name -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)"),
                target.hasPrefix("socket:[")
            else { return nil }
            return String(target.dropFirst("socket:[".count).dropLast())
        })
    }

    /// The inodes of the TCP sockets (IPv4) connected to `port`, from /proc/net/tcp.
    private static func tcpSocketInodes(toPort port: Int) -> Set<String> {
        // Read to its end: the kernel writes the table a page at a time, and its size says 0.
        let bytes = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp")).readToEnd()) ?? nil
        let table = String(decoding: bytes ?? Data(), as: UTF8.self)
        return Set(table.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count > 9, let remote = fields[2].split(separator: ":").last, Int(remote, radix: 16) == port else { return nil }
            return String(fields[9])
        })
    }
}
