import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import NIOPosix
import Synchronization
import TestSupport
import Testing

/// The gpsd client against a real gpsd fed a recorded log, and against a peer that lies.
@Suite("gpsd", .temporaryDirectory)
struct GPSDTests {
    /// A manual device whose app's screen follows gpsd at `port` with `accuracy`.
    private func follow(port: Int, accuracy: LocationAccuracy = .best) -> LocationRig {
        let rig = LocationRig()
        rig.device.launch()
        rig.service.followGPSD(at: GPSDEndpoint(host: "127.0.0.1", port: port))
        rig.screen { screen in
            screen.selectAccuracy(accuracy)
            screen.setOn(true)
        }
        return rig
    }

    @Test(.enabled(if: FedGPSD.isInstalled, "needs Debian's gpsd"))
    func followsARealGPSDFedARecordedLog() async throws {
        let log = TrackFixtures.fixture("city-run.nmea")
        let track = try TrackFile.load(path: log.path)
        let gpsd = try await FedGPSD(log: log)
        defer { gpsd.stop() }
        let rig = follow(port: gpsd.port)
        rig.device.pressHome()
        // The log's last epoch arrives; gpsd needs a few sentences to recognize the device first.
        let last = track.points.last!.time
        #expect(
            await rig.device.runUntil { (try? rig.storedFixes().last?.timestamp.timeIntervalSince1970) == last },
            "gpsd: \(gpsd.output); console: \(rig.device.console.recentMessages.suffix(8))")
        #expect(rig.lines(containing: "Connected to gpsd at 127.0.0.1:\(gpsd.port)").count == 1)
        let fixes = try rig.storedFixes()
        #expect(fixes.count >= 20 && fixes.count <= 31)
        let first = try #require(track.points.firstIndex { $0.time == fixes.first?.timestamp.timeIntervalSince1970 })
        // Every epoch from there on, once each, at the log's position and altitude.
        #expect(fixes.count == track.points.count - first)
        for (fix, point) in zip(fixes, track.points[first...]) {
            #expect(fix.timestamp.timeIntervalSince1970 == point.time)
            #expect(abs(fix.coordinate.latitude - point.coordinate.latitude) < 1e-7)
            #expect(abs(fix.coordinate.longitude - point.coordinate.longitude) < 1e-7)
            #expect(abs(fix.altitude - point.altitude!) < 0.05)
            // gpsd's eph for the log's HDOP (0.9 or 1.4, times its own user range error).
            #expect(fix.horizontalAccuracy > 10 && fix.horizontalAccuracy < 40)
        }
        // In the background, as the tutorial's log shows them.
        #expect(rig.backgroundedLines.count == fixes.count)
    }

    @Test(.enabled(if: FedGPSD.isInstalled, "needs Debian's gpsd"))
    func aCoarserAccuracyTakesAFixEveryFiveSecondsOfGPSTime() async throws {
        let gpsd = try await FedGPSD(log: TrackFixtures.fixture("city-run.nmea"))
        defer { gpsd.stop() }
        let rig = follow(port: gpsd.port, accuracy: .hundredMeters)
        #expect(
            await rig.device.runUntil { ((try? rig.storedFixes().count) ?? 0) >= 4 },
            "stored: \((try? rig.storedFixes().map(\.timestamp)) ?? []); gpsd: \(gpsd.output); console: \(rig.device.console.recentMessages.suffix(8))")
        let times = try rig.storedFixes().map(\.timestamp.timeIntervalSince1970)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 5 })
    }

    @Test func badLinesErrorsAndHangUpsAreSkippedWithAClearMessage() async throws {
        let tpv = #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2026-03-08T03:31:11.000Z","lat":37.3242,"lon":-122.0441,"altMSL":64.2,"epx":3.0,"epy":4.0,"epv":9.5,"speed":3.02,"track":90.0}"#
        let server = try await ScriptedGPSD([
            .init(lines: [
                #"{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}"#,
                "garbage{",
                #"{"class":"ERROR","message":"Unrecognized request '?WATCH'"}"#,
                #"{"class":"TPV","mode":3,"time":"2026-03-08T03:31:10.000Z","lat":95.0,"lon":-122.0,"eph":5}"#,
                #"{"mode":3,"lat":37.0}"#,
                #"{"class":"TPV","mode":3,"lat":"north","lon":-122.0}"#,
                #"{"class":"TPV","mode":1,"time":"2026-03-08T03:31:10.500Z"}"#,
                tpv,
                tpv.replacingOccurrences(of: "\"epv\":9.5,", with: ""),  // the same epoch again
            ]),
            .init(lines: [tpv.replacingOccurrences(of: "03:31:11", with: "03:31:12")], hangUp: false),
        ])
        defer { server.stop() }
        let rig = follow(port: server.port)
        let endpoint = "127.0.0.1:\(server.port)"
        #expect(await rig.device.runUntil { !rig.lines(containing: "hung up").isEmpty })
        #expect(rig.lines(containing: "gpsd at \(endpoint)").filter { !$0.hasPrefix("Location source") } == [
            "Connected to gpsd at \(endpoint)",
            "gpsd at \(endpoint) sent a line that is not JSON: \"garbage{\"; skipped",
            "gpsd at \(endpoint) reports an error: Unrecognized request '?WATCH'",
            "gpsd at \(endpoint) sent a TPV whose latitude 95 is over 90; skipped",
            "gpsd at \(endpoint) sent an object without a proper class or fields: \"{\"mode\":3,\"lat\":37.0}\"; skipped",
            "gpsd at \(endpoint) sent an object without a proper class or fields: \"{\"class\":\"TPV\",\"mode\":3,\"lat\":\"north\",\"lon\":-122.0}\"; skipped",
            "gpsd at \(endpoint) hung up; retrying in 1 s",
        ])
        #expect(server.received.first == #"?WATCH={"enable":true,"json":true}"#)
        var fixes = try rig.storedFixes()
        #expect(fixes.count == 1)
        #expect(fixes.first?.coordinate == Coordinate(latitude: 37.3242, longitude: -122.0441))
        #expect(fixes.first?.horizontalAccuracy == 5)
        #expect(fixes.first?.verticalAccuracy == 9.5)
        #expect(fixes.first?.speed == 3.02)
        #expect(fixes.first?.course == 90)
        // The reconnection is a timer on the device's loop, due 1 s after the hang-up: a moment
        // before, it is still pending; at 1 s it fires, and the second connection follows.
        let pending = rig.device.loop.pendingTimers
        rig.device.advance(by: .milliseconds(999))
        #expect(rig.device.loop.pendingTimers == pending)
        #expect(server.connections == 1)
        rig.device.advance(by: .milliseconds(1))
        #expect(rig.device.loop.pendingTimers == pending - 1)
        #expect(await rig.device.runUntil { (try? rig.storedFixes().count) == 2 })
        #expect(server.connections == 2)
        fixes = try rig.storedFixes()
        #expect(fixes.last?.timestamp.timeIntervalSince1970 == 1_772_940_672)
    }

    @Test func aFloodFromGPSDWaitsInTheSocketWhileTheAppIsBehindAndNothingIsLost() async throws {
        // 5,000 reports a second apart at once: far more than the service keeps for a busy app.
        let count = 5_000
        let lines = (0..<count).map { index in
            let time = Date(timeIntervalSince1970: 1_772_940_671 + Double(index)).formatted(.iso8601)
            return #"{"class":"TPV","mode":3,"time":"\#(time)","lat":\#(37 + Double(index) * 1e-5),"lon":-122.0,"eph":5}"#
        }
        let server = try await ScriptedGPSD([.init(lines: lines, hangUp: false)])
        defer { server.stop() }
        let rig = follow(port: server.port)
        // The app's code runs only when the test drives the device: until then it is behind,
        // and the service holds the source. A socket read on meanwhile would overflow what the
        // service keeps (and lose fixes); given time to, it must not be.
        let isHeld = { rig.service.state.withLock { $0.isSourceHeld } }
        #expect(await waitUntil { isHeld() })
        // Each of NIO's event loops — the stand-in's writes and the source's reads run on them —
        // runs a task queued now, twice: whatever the stand-in could write and the source could
        // read has been handled by then (a loop handles the I/O it was woken for before its
        // queued tasks), so a source that went on reading would have overflowed what the
        // service keeps.
        for _ in 0..<2 {
            for loop in MultiThreadedEventLoopGroup.singleton.makeIterator() { try await loop.submit {}.get() }
        }
        #expect(
            await rig.device.runUntil { (try? rig.storedFixes().count) == count },
            "stored \((try? rig.storedFixes().count) ?? -1) of \(count)")
        let latitudes = try rig.storedFixes().map(\.coordinate.latitude)
        let sent: [Double] = (0..<count).map { index in 37 + Double(index) * 1e-5 }
        let isWhole = latitudes.elementsEqual(sent)
        #expect(isWhole, "stored \(latitudes.count) fixes from latitude \(latitudes.first ?? .nan)")
    }

    @Test func aReleaseFromAnotherThreadDoesNotUndoALaterHoldOnTheSocketsLoop() async throws {
        // The service releases the source on the thread that took the app's fixes, and holds it
        // on the socket's own event loop as fixes arrive. A release that reaches the loop after
        // a later hold must not leave the socket read: gpsd's flood would then pile up in the
        // service past what it keeps (100,000 reports once lost 29,496 that way).
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let line = #"{"class":"TPV","mode":3,"time":"2026-03-08T03:31:11.000Z","lat":37.0,"lon":-122.0,"eph":5}"#
        let server = try await ScriptedGPSD([.init(lines: [line], hangUp: false)])
        defer { server.stop() }
        let rig = LocationRig()
        let fixes = Mutex(0)
        let source = GPSDSource(
            endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port), loop: rig.device.loop, group: group, log: { _ in })
        source.start(interval: .seconds(1)) { _ in fixes.withLock { $0 += 1 } }
        #expect(await waitUntil { fixes.withLock { $0 } == 1 })

        try await group.next().submit {
            let released = DispatchSemaphore(value: 0)
            Thread {
                source.hold(false)
                released.signal()
            }.start()
            released.wait()
            source.hold(true)
        }.get()
        try await group.next().submit {}.get()
        #expect(try await source.isReadingSocket() == false)

        source.hold(false)
        try await group.next().submit {}.get()
        #expect(try await source.isReadingSocket() == true)
        source.stop()
        try await group.shutdownGracefully()
    }

    @Test func aMissingGPSDIsRetriedWithGrowingDelays() async throws {
        let port = freePort()
        let rig = follow(port: port)
        let endpoint = "127.0.0.1:\(port)"
        for delay in [1, 2, 4, 8] {
            #expect(await rig.device.runUntil { rig.lines(containing: "retrying in \(delay) s").count == 1 })
            rig.device.advance(by: .seconds(Int64(delay)))
        }
        // The fifth try has failed too: its retry is the timer pending now, and no try is under way.
        #expect(await rig.device.runUntil { rig.lines(containing: "retrying in 16 s").count == 1 })
        #expect(rig.lines(containing: "Cannot connect to gpsd at \(endpoint) (Connection refused); retrying in").count == 5)
        #expect(rig.device.appState == .active)
        // Switched off, it stops trying: the retry's timer is cancelled, so nothing is left to
        // fire however long the clock runs.
        let pending = rig.device.loop.pendingTimers
        rig.screen { $0.setOn(false) }
        #expect(rig.device.loop.pendingTimers == pending - 1)
        let before = rig.lines(containing: "retrying").count
        rig.device.advance(by: .seconds(120))
        #expect(rig.lines(containing: "retrying").count == before)
    }

    @Test func aFloodOfBadLinesShowsTenAndAnOverlongLineDropsTheConnection() async throws {
        let server = try await ScriptedGPSD([
            .init(lines: Array(repeating: "nonsense", count: 50), hangUp: false, raw: Array(repeating: UInt8(ascii: "x"), count: 70_000)),
        ])
        defer { server.stop() }
        let rig = follow(port: server.port)
        let endpoint = "127.0.0.1:\(server.port)"
        #expect(await rig.device.runUntil { !rig.lines(containing: "hung up").isEmpty })
        #expect(rig.lines(containing: "sent a line that is not JSON").count == 10)
        #expect(rig.lines(containing: "further bad lines of this connection are skipped without a word").count == 1)
        #expect(rig.lines(containing: "gpsd at \(endpoint) sent a line longer than 65536 bytes; dropping the connection").count == 1)
    }
}
