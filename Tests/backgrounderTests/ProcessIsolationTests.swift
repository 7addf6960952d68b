import DemoPeers
import Foundation
import Synchronization
import TestSupport
import Testing

/// `run --isolation process` with real binaries: the app's code in a process of its own, which
/// the kernel freezes while the app is suspended (the cgroup v2 freezer where writable, here
/// as root; SIGSTOP elsewhere).
@Suite("The app in its own process", .serialized, .temporaryDirectory)
struct ProcessIsolationTests {
    private func start(_ product: String, _ arguments: [String], environment: [String: String] = [:]) throws -> InteractiveProcess {
        try InteractiveProcess(
            productsDirectory.appendingPathComponent(product).path,
            ["run", "--headless", "--isolation", "process", "--data-dir", temporaryDataDirectory()] + arguments,
            environment: environment)
    }

    @Test func aSuspendedAppsOwnSpinningThreadMakesNoProgressUntilTheAppRunsAgain() async throws {
        let app = try start("SpinnerApp", [])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") }, "\(app.stdout)\(app.stderr)")
        #expect(app.stdout.contains("Isolation: process — the app runs in its own process, frozen by "))
        // The refusal crossed from the system back to the app's process, which logged it.
        #expect(await app.waitFor { $0.stdout.contains("Keep-alive handler refused: ") }, "\(app.stdout)")
        // A thread the app started finds its app, as on iOS: in its own process there is one.
        #expect(await app.waitFor { $0.stdout.contains("Spinning on a thread of its own: the app") }, "\(app.stdout)")
        // Its code runs on its process's main queue, with DispatchQueue.main's blocks and
        // @MainActor code, as on iOS.
        #expect(await app.waitFor { $0.stdout.contains("Main queue: app code on it true, block too true") }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("Main actor: on the main queue true") }, "\(app.stdout)")
        let (_, isolation, pid) = try await suspendedAtHome(app)
        #expect(isolation["mode"] as? String == "process")
        #expect(pid != app.processIdentifier)

        let frozenAt = try #require(cpuTicks(of: pid))
        #expect(isFrozen(pid, by: isolation["freezer"] as? String))
        // A spinner of the same priority runs a third of a second of CPU: the app's spinning
        // thread, were it running, would have had its share meanwhile.
        let witness = try CPUWitness()
        defer { witness.stop() }
        #expect(await witness.waitForTicks(33), "the witness runs")
        #expect(cpuTicks(of: pid) == frozenAt, "the frozen app's CPU time does not move")

        app.type("open")
        #expect(await waitUntil { (cpuTicks(of: pid) ?? 0) > frozenAt }, "thawed, its thread runs again")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
        #expect(await waitUntil { kill(pid, 0) != 0 }, "the app's process ends with the session")
    }

    @Test func theNotificationServiceExtensionRunsInAProcessOfItsOwnWhileTheAppSleeps() async throws {
        let app = try start("SpinnerApp", [])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") }, "\(app.stdout)\(app.stderr)")
        let appPID = try await suspendedAtHome(app).pid

        app.type(#"push json '{"aps":{"alert":"Sealed","mutable-content":1},"reveal":"pid"}'"#)
        let changed = "The Notification Service Extension changed push "
        #expect(await app.waitFor { $0.stdout.contains(changed) }, "\(app.stdout)")
        let line = try #require(app.stdoutLines.first { $0.contains(changed) })
        let extensionPID = try #require(line.split(separator: "\"").dropFirst().first.flatMap { Int32($0.dropFirst("pid ".count)) }, "\(line)")
        // Neither the system's process nor the app's, which stays suspended and frozen.
        #expect(extensionPID != app.processIdentifier)
        #expect(extensionPID != appPID)
        #expect(await waitUntil { kill(extensionPID, 0) != 0 }, "with no push left in its hands, the extension's process ends")
        #expect(!app.stdout.contains("State: suspended →"), "\(app.stdout)")

        // An extension that crashes takes only its own process down: the original shows.
        app.type(#"push json '{"aps":{"alert":"Sealed","mutable-content":1},"crash":"yes"}'"#)
        #expect(await app.waitFor { $0.stdout.contains("Notification: Sealed") }, "\(app.stdout)")
        let ended = try #require(app.stdoutLines.first { $0.contains("The Notification Service Extension ended working on push ") })
        #expect(ended.contains("ended with signal"), "\(ended)")
        #expect(ended.hasSuffix("; the original content shows"), "\(ended)")
        app.type("status")
        #expect(await firstStatus(of: app, skipping: 1) { $0["state"] as? String == "suspended" } != nil, "\(app.stdout)")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func jetsamEndsTheExtensionsProcessThatGoesOverItsMemoryLimit() async throws {
        let app = try start("SpinnerApp", [])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") }, "\(app.stdout)\(app.stderr)")
        app.type("home")
        // Two pushes in the extension's hands, neither answered.
        app.type(#"push json '{"aps":{"alert":"Sealed","mutable-content":1},"hang":"yes"}'"#)
        app.type(#"push json '{"aps":{"alert":"Other","mutable-content":1},"hang":"yes"}'"#)
        let handed = "goes to the app's Notification Service Extension"
        #expect(await app.waitFor { $0.stdoutLines.count { $0.contains(handed) } == 2 }, "\(app.stdout)")
        let ids = app.stdoutLines.filter { $0.contains(handed) }.compactMap {
            $0.components(separatedBy: "Push ").last?.split(separator: " ").first.map(String.init)
        }
        let id = try #require(ids.first)
        let other = try #require(ids.last)
        let systemPID = app.processIdentifier
        #expect(await waitUntil { !serviceExtensionProcesses(of: systemPID).isEmpty }, "the extension's process runs")
        let extensionPID = try #require(serviceExtensionProcesses(of: systemPID).first)

        app.type("push extension-memory \(id) 30")
        #expect(await app.waitFor { $0.stdout.contains("[service-extension-memory-limit]") }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("Notification: Sealed") }, "\(app.stdout)")
        #expect(await waitUntil { kill(extensionPID, 0) != 0 }, "jetsam ended the extension's process")
        // With the other push still in its hands: that one shows its original too, at once.
        #expect(await app.waitFor {
            $0.stdout.contains("The Notification Service Extension ended working on push \(other) (its process \(extensionPID) ended with signal 9")
        }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("Notification: Other") }, "\(app.stdout)")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    /// The processes of the app's Notification Service Extension that system `pid` started.
    private func serviceExtensionProcesses(of pid: Int32) -> [Int32] {
        // Each thread lists the children it started; the spawning thread started these.
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let all = threads.flatMap { thread in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
        return all.filter { child in
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(child)/cmdline"))) ?? Data()
            return String(decoding: command, as: UTF8.self).contains("service-extension-process")
        }
    }

    @Test func aVoIPPingWakesTheFrozenAppAndItsProcessAnswersPong() async throws {
        let heard = Mutex<[VoIPPeerEvent]>([])
        let peer = VoIPPeer { event in heard.withLock { $0.append(event) } }
        let port = try await peer.start(port: 0)
        // iOS 9: VoIP sockets still wake the suspended app (QA1938).
        let app = try start("SpinnerApp", ["--ios", "9"], environment: ["SPINNER_VOIP_PORT": String(port)])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("VoIP: writable") }, "\(app.stdout)\(app.stderr)")
        let (_, isolation, pid) = try await suspendedAtHome(app)
        let freezer = isolation["freezer"] as? String
        #expect(isFrozen(pid, by: freezer))

        #expect(peer.send("ping") == 1)
        #expect(await waitUntil { heard.withLock { $0.contains(.received("pong")) } }, "\(app.stdout)")
        // The app's process owns the socket: its pong may reach the peer before the console has
        // written the system's line, or the app's has crossed to the system.
        #expect(await app.waitFor { $0.stdout.contains("Woken in the background: the VoIP socket to 127.0.0.1:\(port)") })
        #expect(await app.waitFor { $0.stdout.contains("VoIP: received(\"ping\")") }, "the app's own process handled it: \(app.stdout)")
        #expect(await waitUntil { isFrozen(pid, by: freezer) }, "frozen again once the pong is sent")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
        await peer.stop()
    }

    /// Both processes run Swift concurrency on Backgrounder's own global executor (the
    /// `task-pool` threads), and nothing in them starts a worker of a libdispatch global queue
    /// (a thread named after its queue, ending in `-qos`): the first such worker starts
    /// libdispatch's once-a-second workqueue monitor, which would wake an idle device for good.
    @Test func neitherProcessStartsALibdispatchGlobalQueueWorker() async throws {
        let app = try start("backgrounder", ["--content-port", "0"])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") }, "\(app.stdout)\(app.stderr)")
        let appPID = try await suspendedAtHome(app).pid
        for pid in [app.processIdentifier, appPID] {
            let names = threadNames(of: pid)
            #expect(names.contains("task-pool"), "process \(pid): \(names)")
            #expect(!names.contains { $0.hasSuffix("-qos") }, "process \(pid): \(names)")
        }
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    /// The names of process `pid`'s threads, as the kernel keeps them (15 bytes at most).
    private func threadNames(of pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .newlines) }
    }

    /// The system suspends the app a moment before the kernel has frozen its process; a ping
    /// of that moment may be read by the process as it is frozen, and is answered all the same.
    @Test func aPingTheMomentTheAppIsSuspendedIsAnsweredEveryTime() async throws {
        let heard = Mutex<[VoIPPeerEvent]>([])
        let peer = VoIPPeer { event in heard.withLock { $0.append(event) } }
        let port = try await peer.start(port: 0)
        let app = try start("backgrounder", ["--ios", "9"])
        defer { app.stop() }
        app.type("voip connect 127.0.0.1 \(port)")
        #expect(await waitUntil { heard.withLock { $0.contains(.received("ping")) } }, "\(app.stdout)\(app.stderr)")
        app.type("home")
        let pongs = { heard.withLock { $0.count { $0 == .received("pong") } } }
        let isSuspended = { app.stdout.split(separator: "\n").last { $0.contains(" State: ") }?.hasSuffix("→ suspended") == true }
        for round in 1...40 {
            // Looks every 0.1 ms, to ping within the moment before the freeze.
            var looks = 0
            while !isSuspended(), looks < 200_000 {
                try await Task.sleep(for: .microseconds(100))
                looks += 1
            }
            #expect(peer.send("ping") == 1)
            #expect(await waitUntil(timeout: .seconds(20)) { pongs() == round }, "round \(round): \(app.stdout.suffix(1500))")
        }
        app.type("quit")
        #expect(await app.waitForExit() == 0)
        await peer.stop()
    }

    @Test func theAppsProcessIsToldOfTheLockAndCannotReadItsCompleteFileOnceProtectedDataIsGone() async throws {
        let app = try start("SpinnerApp", ["--clock", "virtual"], environment: ["SPINNER_PROTECTED_FILE": "spin.txt"])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("Protected file written: spin.txt") }, "\(app.stdout)\(app.stderr)")
        app.type("device lock")
        #expect(await app.waitFor { $0.stdout.contains("Protected data will become unavailable; available now: true") }, "\(app.stdout)")
        app.type("wait 13")
        app.type("status")
        let status = try #require(await firstStatus(of: app) { $0["protectedDataAvailable"] as? Bool == false }, "\(app.stdout)")
        let isolation = try #require(status["isolation"] as? [String: Any])
        let pid = try #require((isolation["appPid"] as? Int).map(Int32.init))
        #expect(pid != app.processIdentifier)
        // The app's own process asked, read, and reported the diagnostic across the socket.
        #expect(app.stdout.contains(
            "Locked read failed: spin.txt (NSFileProtectionComplete) cannot be read while protected data is unavailable"),
            "\(app.stdout)")
        #expect(app.stdout.contains("(pid \(pid))"))
        #expect(app.stdout.contains("Diagnostic [protected-data-unavailable]: contents(ofFile: \"spin.txt\") failed"))
        app.type("device unlock")
        #expect(await app.waitFor { $0.stdout.contains("Protected data available again: true") }, "\(app.stdout)")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func theScenesLifeCycleReachesTheSceneDelegateInTheAppsOwnProcess() async throws {
        let plist = URL(fileURLWithPath: temporaryDataDirectory()).appendingPathComponent("Scenes.plist")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>CFBundleName</key><string>Spinner</string>
              <key>UIApplicationSceneManifest</key>
              <dict><key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key>
                <array><dict><key>UISceneConfigurationName</key><string>Default Configuration</string></dict></array>
              </dict></dict>
            </dict></plist>
            """.utf8).write(to: plist)
        let app = try start("SpinnerApp", ["--clock", "virtual", "--ios", "17", "--info-plist", plist.path])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("Scene active (pid ") }, "\(app.stdout)\(app.stderr)")
        #expect(app.stdout.contains("Scene connected (Default Configuration) (pid "))
        app.type("home")
        #expect(await app.waitFor { $0.stdout.contains("Scene in the background (pid ") }, "\(app.stdout)")
        app.type("status")
        let status = try #require(await firstStatus(of: app) { $0["sceneActivationState"] as? String == "background" }, "\(app.stdout)")
        #expect(status["usesScenes"] as? Bool == true)
        let isolation = try #require(status["isolation"] as? [String: Any])
        let pid = try #require((isolation["appPid"] as? Int).map(Int32.init))
        #expect(pid != app.processIdentifier)
        #expect(app.stdout.contains("Scene will resign active (pid \(pid))"), "the scene delegate ran in the app's process")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func aTransferEndedWhileTheAppsProcessIsFrozenWakesItIntoHandleEventsForBackgroundURLSession() async throws {
        let app = try start("SpinnerApp", ["--clock", "virtual"], environment: ["SPINNER_SESSION_URL": "https://example.com/spin.zip"])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("Background transfer 1 handed to the system") }, "\(app.stdout)\(app.stderr)")
        app.type("home")
        app.type("wait 10")
        app.type("status")
        let status = try #require(await firstStatus(of: app) { $0["state"] as? String == "suspended" }, "\(app.stdout)")
        let isolation = try #require(status["isolation"] as? [String: Any])
        let pid = try #require((isolation["appPid"] as? Int).map(Int32.init))
        #expect(pid != app.processIdentifier)
        let transfers = try #require(status["backgroundTransfers"] as? [[String: Any]])
        #expect(transfers.first?["phase"] as? String == "running", "the system carries the transfer while the app is frozen")
        app.type("transfer end 1 /data/spin.zip")
        #expect(await app.waitFor {
            $0.stdout.contains("handleEventsForBackgroundURLSession(spin) (pid \(pid))")
                && $0.stdout.contains("Background download 1 finished: /data/spin.zip (pid \(pid))")
                && $0.stdout.contains("Background session spin: the app called the completion handler")
        }, "\(app.stdout)")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func theHostDownloadsAUsersBackgroundTransferOverHTTPWhileTheAppsProcessIsFrozen() async throws {
        // About 3 MB at 1 MB/s: the download outlasts the app's suspension.
        let server = try await RunningContentServer(
            rate: ByteRate(bytesPerSecond: 1_000_000), issue: IssuePDF(pageCount: 300, segmentLength: 10_000))
        defer { Task { await server.stop() } }
        let app = try start("SpinnerApp", [], environment: ["SPINNER_SESSION_URL": server.url])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("Background transfer 1 handed to the system") }, "\(app.stdout)\(app.stderr)")
        let (status, _, pid) = try await suspendedAtHome(app)
        let transfers = try #require(status["backgroundTransfers"] as? [[String: Any]])
        #expect(transfers.first?["phase"] as? String == "running")
        // The system's transfer service downloads it, and its end wakes the app's process.
        #expect(await app.waitFor {
            $0.stdout.contains("handleEventsForBackgroundURLSession(spin) (pid \(pid))")
                && $0.stdout.contains("/system/background-transfers/CFNetworkDownload_1.tmp (pid \(pid))")
                && $0.stdout.contains("Background session spin: the app called the completion handler")
        }, "\(app.stdout)")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func aFinishedDownloadWakesTheFrozenAppWhoseProcessMovesTheFileIntoItsIssue() async throws {
        // About 3 MB at 1 MB/s: the download outlasts the app's suspension.
        let server = try await RunningContentServer(
            rate: ByteRate(bytesPerSecond: 1_000_000), issue: IssuePDF(pageCount: 300, segmentLength: 10_000))
        defer { Task { await server.stop() } }
        let data = temporaryDataDirectory()
        let app = try InteractiveProcess(
            productsDirectory.appendingPathComponent("SpinnerApp").path,
            ["run", "--headless", "--isolation", "process", "--data-dir", data],
            environment: ["SPINNER_ISSUE_URL": server.url])
        defer { app.stop() }
        // The library's calls and the service's progress cross between the processes.
        #expect(await app.waitFor { $0.stdout.contains("Newsstand: downloading \(server.url)") }, "\(app.stdout)\(app.stderr)")
        #expect(await app.waitFor { $0.stdout.contains(#/Newsstand: \d+ bytes/#) }, "\(app.stdout)")
        let (_, isolation, pid) = try await suspendedAtHome(app)
        let freezer = isolation["freezer"] as? String
        // The freeze is carried out on a queue of its own, maybe just after the status line.
        #expect(await waitUntil { isFrozen(pid, by: freezer) }, "frozen while the system downloads")

        let moved = "Newsstand: moved the-backgrounder-2013.pdf into issue spin (pid \(pid))"
        #expect(await app.waitFor { $0.stdout.contains(moved) }, "\(app.stdout)")
        let woken = try #require(app.stdout.range(of: "Woken in the background: Newsstand download of issue spin finished"))
        #expect(woken.upperBound <= app.stdout.range(of: moved)!.lowerBound)
        let stored = URL(fileURLWithPath: data).appendingPathComponent("newsstand/Issues/spin/the-backgrounder-2013.pdf")
        let expected = URL(fileURLWithPath: temporaryDataDirectory())
        try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
        try server.writeIssue(to: expected.appendingPathComponent("issue.pdf"))
        #expect(FileManager.default.contentsEqual(atPath: stored.path, andPath: expected.appendingPathComponent("issue.pdf").path))
        #expect(await waitUntil { isFrozen(pid, by: freezer) }, "frozen again once the file is in its issue")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func aRegionEntryWakesTheFrozenAppWhoseProcessTakesIt() async throws {
        // A route that comes home 3 s after the app first uses location, and stays.
        let data = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        var gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Home</name><trkseg>

            """
        for second in 0..<180 {
            let time = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(second)))
            gpx += "<trkpt lat=\"\(second < 3 ? 37.32 : 37.33)\" lon=\"-122.03\"><time>\(time)</time></trkpt>\n"
        }
        let route = data + "/home.gpx"
        try Data((gpx + "</trkseg></trk></gpx>\n").utf8).write(to: URL(fileURLWithPath: route))
        let app = try InteractiveProcess(
            productsDirectory.appendingPathComponent("TrackerApp").path,
            ["run", "--headless", "--isolation", "process", "--data-dir", data, "--location-route", route],
            environment: ["TRACKER_REGION": "37.33 -122.03 200"])
        defer { app.stop() }
        // Asked and answered across the processes, the region handed to the system, and fixes
        // taken by the app's process while it is on screen.
        #expect(await app.waitFor { $0.stdout.contains("Tracker: authorization authorizedAlways") }, "\(app.stdout)\(app.stderr)")
        #expect(await app.waitFor { $0.stdout.contains("Monitoring region Home: 200 m around 37.33, -122.03") }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("Tracker: location <+37.32000000,-122.03000000> +/- ") }, "\(app.stdout)")
        let (_, isolation, pid) = try await suspendedAtHome(app)
        let freezer = isolation["freezer"] as? String
        #expect(await waitUntil { isFrozen(pid, by: freezer) }, "frozen at home")
        // Inside by the margin from the fix at 5 s, for 20 s: the entry wakes the app's own process.
        #expect(await app.waitFor { $0.stdout.contains("Tracker: entered Home in process \(pid)") }, "\(app.stdout)")
        #expect(app.stdout.contains("Woken in the background: the device entered region Home"))
        #expect(await waitUntil { isFrozen(pid, by: freezer) }, "frozen again once the app has taken the entry")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func aBackgroundPushWakesTheFrozenAppWhoseProcessPostsANotification() async throws {
        let app = try start("SpinnerApp", [])
        defer { app.stop() }
        // Asked and answered across the processes: the permission, then the device token.
        #expect(await app.waitFor { $0.stdout.contains("Push token: ") }, "\(app.stdout)\(app.stderr)")
        #expect(app.stdout.contains("Notifications allowed: true"))
        app.type("home")
        app.type("status")
        _ = try #require(await firstStatus(of: app) { $0["state"] as? String == "suspended" }, "\(app.stdout)")
        app.type(#"push json '{"aps":{"content-available":1},"n":1}'"#)
        #expect(await app.waitFor { $0.stdout.contains("Remote notification 1 completed with newData") }, "\(app.stdout)")
        #expect(app.stdout.contains(#"Push: {"aps":{"content-available":1},"n":1}"#))
        #expect(app.stdout.contains("Notification: Pushed [Open]"))
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func theAppsPlayerInItsOwnProcessPlaysOnInTheBackgroundAndACallsEndWakesItsFrozenProcess() async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/silence.mp3"
        let encoding = try await InteractiveProcess.run("gst-launch-1.0", [
            "-q", "audiotestsrc", "wave=silence", "num-buffers=2000", "samplesperbuffer=441", "!",
            "audio/x-raw,rate=44100,channels=1", "!", "lamemp3enc", "!", "filesink", "location=\(file)",
        ])
        #expect(encoding.status == 0, "\(encoding.stderr)")
        let app = try start("PlayerApp", [], environment: ["PLAYER_FILE": file])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("Player: playing") }, "\(app.stdout)\(app.stderr)")
        // In the background the music plays on, and the app's own process gets the times.
        app.type("home")
        #expect(await app.waitFor { $0.stdout.contains("Time is: 1") }, "\(app.stdout)")
        app.type("status")
        let playing = try #require(await firstStatus(of: app) { $0["state"] as? String == "background" }, "\(app.stdout)")
        let isolation = try #require(playing["isolation"] as? [String: Any])
        #expect(isolation["mode"] as? String == "process")
        let pid = try #require((isolation["appPid"] as? Int).map(Int32.init))
        let freezer = isolation["freezer"] as? String
        #expect(!isFrozen(pid, by: freezer))
        #expect(playing["activities"] as? [String] == ["Playing silence.mp3"])
        // A call stops the music: the app is suspended and its process frozen.
        app.type("interrupt begin")
        app.type("status")
        _ = try #require(await firstStatus(of: app, skipping: 1) { $0["state"] as? String == "suspended" }, "\(app.stdout)")
        #expect(await waitUntil { isFrozen(pid, by: freezer) }, "frozen during the call")
        // Its end wakes the process, which plays again.
        app.type("interrupt end")
        #expect(await app.waitFor { $0.stdout.contains("Woken in the background: the audio interruption ended") }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdoutLines.filter { $0.hasSuffix("Player: playing") }.count == 2 }, "\(app.stdout)")
        app.type("status")
        let resumed = try #require(await firstStatus(of: app, skipping: 2) { _ in true }, "\(app.stdout)")
        #expect(resumed["state"] as? String == "background" && !isFrozen(pid, by: freezer))
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func anAppOverItsMemoryLimitIsEndedByTheKernelWithTheLimitsExit() async throws {
        // The app takes 128 MB as it enters the background; its process may use 64.
        let app = try start("SpinnerApp", ["--memory-limit", "64"], environment: ["SPINNER_BACKGROUND_MB": "128"])
        defer { app.stop() }
        app.type("status")
        let status = try #require(await firstStatus(of: app) { $0["state"] as? String == "active" }, "\(app.stdout)")
        guard (status["isolation"] as? [String: Any])?["memoryLimit"] as? Int == 64 << 20 else {
            // A machine without a writable memory controller says so, and holds the app to
            // nothing: the limit cannot be checked here, and the run records the skip.
            let line = app.stdoutLines.first { $0.contains("Isolation: no memory limit on the app's process (") }
            #expect(line != nil, "\(app.stdout)")
            try Test.cancel("no writable memory cgroup here, so no limit to check: \(line ?? "no line says why")")
        }
        app.type("home")
        #expect(await app.waitFor { $0.stdout.contains("Exit reason: memoryResourceLimit") }, "\(app.stdout)")
        #expect(app.stdout.contains("killed by jetsam reason per-process-limit"))
        #expect(app.stdout.contains("Diagnostic [memory-resource-limit]: Spinner["))
        app.type("status")
        let ended = try #require(await firstStatus(of: app, skipping: 1) { $0["state"] as? String == "notRunning" })
        let exits = try #require((ended["energy"] as? [String: Any])?["exits"] as? [String: [String: Int]])
        #expect(exits["background"]?["memoryResourceLimit"] == 1, "\(exits)")
        app.type("quit")
        #expect(await app.waitForExit() == 0, "the system lives on: \(app.stderr)")
    }

    @Test func jetsamWeighsTheAppsOwnProcessByTheMemoryItHolds() async throws {
        // The app takes 96 MB as it enters the background and is suspended holding it; Photos,
        // suspended beside it, holds 60 MB.
        let app = try start("SpinnerApp", [], environment: ["SPINNER_BACKGROUND_MB": "96"])
        defer { app.stop() }
        app.type("device resident-app Photos suspended 60MB")
        app.type("home")
        #expect(await app.waitFor { $0.stdout.contains("Holding 96 MB in the background") }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("State: background → suspended") }, "\(app.stdout)")
        app.type("status")
        let status = try #require(await firstStatus(of: app) { $0["state"] as? String == "suspended" }, "\(app.stdout)")
        let memory = try #require(status["memory"] as? [String: Any])
        #expect(memory["band"] as? String == "suspended")
        #expect(memory["footprintSource"] as? String == "measured", "the resident memory of the app's own process")
        #expect((memory["footprint"] as? Int ?? 0) >= 96 << 20, "\(memory)")
        // The system needs 50 MB: the largest suspended app goes first, and that is the app.
        app.type("device memory-pressure warning measured 50MB")
        #expect(await app.waitFor { $0.stdout.contains("Exit reason: memoryPressure") }, "\(app.stdout)")
        #expect(app.stdout.contains("killed by jetsam reason vm-pageshortage (suspended, "))
        #expect(!app.stdout.contains("Process Photos killed"), "Photos, smaller, stays")
        app.type("quit")
        #expect(await app.waitForExit() == 0, "the system lives on: \(app.stderr)")
    }

    @Test func theAppsProcessDyingIsACrashOfTheAppNotOfTheSystem() async throws {
        let app = try start("SpinnerApp", [])
        defer { app.stop() }
        app.type("status")
        let status = try #require(await firstStatus(of: app) { $0["state"] as? String == "active" })
        let pid = try #require((status["isolation"] as? [String: Any])?["appPid"] as? Int)
        kill(Int32(pid), SIGKILL)
        #expect(await app.waitFor { $0.stdout.contains("Crashed: the app's process \(pid) ended with signal 9") }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("Exit reason: abnormal") })
        app.type("open")
        app.type("status")
        #expect(await firstStatus(of: app, skipping: 1) { $0["state"] as? String == "active" } != nil, "launched again: \(app.stdout)")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func theFrozenAppsProcessDiesWithAKilledSystem() async throws {
        let app = try start("SpinnerApp", [])
        defer { app.stop() }
        app.type("home")
        app.type("status")
        let status = try #require(await firstStatus(of: app) { $0["state"] as? String == "suspended" }, "\(app.stdout)")
        let pid = Int32(try #require((status["isolation"] as? [String: Any])?["appPid"] as? Int))
        app.send(SIGKILL)
        // The kernel's parent-death signal: no frozen orphan is left behind.
        #expect(await waitUntil { kill(pid, 0) != 0 }, "the app's process \(pid) outlived the system")
    }

    @Test func aLaunchAfterOneThatEndedFrozenRunsUnfrozen() async throws {
        let app = try start("SpinnerApp", [])
        defer { app.stop() }
        app.type("home")
        app.type("status")
        _ = try #require(await firstStatus(of: app) { $0["state"] as? String == "suspended" })
        app.type("terminate")
        app.type("open")
        app.type("status")
        let status = try #require(await firstStatus(of: app, skipping: 1) { $0["state"] as? String == "active" })
        let pid = try #require((status["isolation"] as? [String: Any])?["appPid"] as? Int)
        let start = cpuTicks(of: Int32(pid)) ?? 0
        #expect(await waitUntil { (cpuTicks(of: Int32(pid)) ?? 0) > start }, "the new launch's process runs")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    @Test func aFetchReachesTheAppInItsProcessAndItsCompletionComesBack() async throws {
        let data = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let plist = data + "/Info.plist"
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleName</key><string>Forgetful</string>
            <key>UIBackgroundModes</key><array><string>fetch</string></array>
            </dict></plist>
            """.utf8).write(to: URL(fileURLWithPath: plist))
        let run = try await InteractiveProcess.run(
            productsDirectory.appendingPathComponent("ForgetfulApp").path,
            ["run", "--headless", "--isolation", "process", "--info-plist", plist, "--data-dir", data],
            input: "home\nfetch simulate\nwait 1\n")
        #expect(run.status == 0, "\(run.stderr)")
        // The delegate's default answer, from the app's process, and the system's end of the fetch.
        #expect(run.stdout.contains("Diagnostic [missing-fetch-handler]: the system fetched the app"), "\(run.stdout)")
        #expect(run.stdout.contains("Background fetch 1 completed with noData"))
    }

    @Test func inThreadModeTheAppRunsInTheSystemsProcess() async throws {
        let forgetful = productsDirectory.appendingPathComponent("ForgetfulApp").path
        let app = try InteractiveProcess(forgetful, ["run", "--headless", "--isolation", "thread", "--data-dir", temporaryDataDirectory()])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("Isolation: thread — the app runs in the system's process") }, "\(app.stdout)")
        app.type("status")
        let status = try #require(await firstStatus(of: app) { _ in true })
        let isolation = try #require(status["isolation"] as? [String: Any])
        #expect(isolation["mode"] as? String == "thread")
        #expect(isolation["appPid"] as? Int == Int(app.processIdentifier))
        #expect(isolation["freezer"] is NSNull)
    }

    @Test func theBackgrounderRunsInItsOwnProcessByDefaultAndItsTabsWorkThere() async throws {
        // No --isolation: process is the default. No web UI, no content server, no push gateway.
        let app = try InteractiveProcess(
            productsDirectory.appendingPathComponent("backgrounder").path,
            ["run", "--headless", "--data-dir", temporaryDataDirectory(), "--content-port", "0"])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") }, "\(app.stdout)\(app.stderr)")
        #expect(app.stdout.contains("Isolation: process — the app runs in its own process, frozen by "))
        // A tap crosses to the app's process: the Whatever tab counts on its task assertion.
        app.type("whatever play")
        app.type("status")
        let playing = try #require(await firstStatus(of: app) { status in
            (status["assertions"] as? [[String: Any]])?.contains { $0["name"] as? String == "Fibonacci" } == true
        }, "\(app.stdout)")
        let isolation = try #require(playing["isolation"] as? [String: Any])
        #expect(isolation["mode"] as? String == "process")
        let pid = try #require((isolation["appPid"] as? Int).map(Int32.init))
        #expect(pid != app.processIdentifier)
        app.type("whatever pause")
        app.type("home")
        app.type("status")
        let suspended = try #require(await firstStatus(of: app) { $0["state"] as? String == "suspended" }, "\(app.stdout)")
        let freezer = (suspended["isolation"] as? [String: Any])?["freezer"] as? String
        #expect(await waitUntil { isFrozen(pid, by: freezer) }, "every tab idle at home: the app's process is frozen")
        app.type("open")
        #expect(await waitUntil { !isFrozen(pid, by: freezer) }, "thawed on screen")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
    }

    /// Sends `app` Home and reads the `status` that says it is suspended: that status, its
    /// `isolation` object and the app's own process id there.
    private func suspendedAtHome(_ app: InteractiveProcess) async throws -> (status: [String: Any], isolation: [String: Any], pid: Int32) {
        app.type("home")
        app.type("status")
        let status = try #require(await firstStatus(of: app) { $0["state"] as? String == "suspended" }, "\(app.stdout)")
        let isolation = try #require(status["isolation"] as? [String: Any])
        return (status, isolation, try #require((isolation["appPid"] as? Int).map(Int32.init)))
    }

    /// The first `status` line `app` printed, after the first `skipping`, for which `matches`
    /// holds.
    private func firstStatus(
        of app: InteractiveProcess, skipping: Int = 0, _ matches: @escaping ([String: Any]) -> Bool
    ) async -> [String: Any]? {
        var found: [String: Any]?
        _ = await app.waitFor { app in
            found = app.stdoutLines.filter { $0.hasPrefix("{") }.dropFirst(skipping)
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .first(where: matches)
            return found != nil
        }
        return found
    }

    /// User and system CPU time of every thread of `pid`, in clock ticks; nil once it is gone.
    private func cpuTicks(of pid: Int32) -> Int? {
        CPUWitness.ticks(of: pid)
    }

    /// Whether the kernel froze `pid`: `frozen 1` in its cgroup's events, or stopped by SIGSTOP.
    private func isFrozen(_ pid: Int32, by freezer: String?) -> Bool {
        switch freezer {
        case "cgroup": (try? cgroupEvents(of: pid))?.contains("frozen 1") == true
        default: processState(of: pid) == "T"
        }
    }

    private func processState(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// The `cgroup.events` of the cgroup v2 group `pid` is in.
    private func cgroupEvents(of pid: Int32) throws -> String {
        let groups = try String(contentsOfFile: "/proc/\(pid)/cgroup", encoding: .utf8)
        let path = try #require(groups.split(separator: "\n").first { $0.hasPrefix("0::") }?.dropFirst(3))
        let mounts = try String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)
        let mount = try #require(mounts.split(separator: "\n").first { $0.contains(" - cgroup2 ") }?.split(separator: " ")[4])
        return try String(contentsOfFile: "\(mount)\(path)/cgroup.events", encoding: .utf8)
    }
}

/// A task's budget takes 30 s of real time: apart from the serialized suite, so that these
/// wait beside the other tests rather than after them.
@Suite("Background tasks that outlive their expiration handler, in the app's own process", .temporaryDirectory)
struct ProcessIsolationLeakTests {
    @Test func aLeakedTaskInTheAppsProcessEndsInAnAssertionTimeoutExit() async throws {
        let data = temporaryDataDirectory()
        let forgetful = productsDirectory.appendingPathComponent("ForgetfulApp").path
        // iOS 17's budget is 30 s of real time.
        let run = try await InteractiveProcess.run(
            forgetful, ["run", "--headless", "--isolation", "process", "--ios", "17", "--data-dir", data],
            input: "home\nwait 31\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"Diagnostic [leaked-assertion]: "sync""#), "\(run.stdout)")
        #expect(run.stdout.contains("Exit reason: backgroundTaskAssertionTimeout"))
        let report = try await InteractiveProcess.run(forgetful, ["energy", "--data-dir", data])
        #expect(report.stdout.contains("cumulativeBackgroundTaskAssertionTimeoutExitCount 1"), "\(report.stdout)")
    }

    @Test(arguments: ["process", "thread"])
    func anEndAfterTheExpirationHandlerReturnedIsDiagnosedInBothIsolations(isolation: String) async throws {
        // iOS 17's budget is 30 s of real time; the app ends its task half a second after its
        // expiration handler returned.
        let run = try await InteractiveProcess.run(
            productsDirectory.appendingPathComponent("ForgetfulApp").path,
            ["run", "--headless", "--isolation", isolation, "--ios", "17", "--data-dir", temporaryDataDirectory()],
            input: "home\nwait 31\nquit\n", environment: ["FORGETFUL_ENDS_LATE": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        // In its own process the app counts its jobs, and each call tells the system the count.
        #expect(run.stdout.contains(#"Diagnostic [code-after-expiration]: "sync""#), "\(run.stdout)")
        #expect(!run.stdout.contains("Exit reason: backgroundTaskAssertionTimeout"), "it was ended in time")
    }

    @Test(arguments: ["process", "thread"])
    func anAppThatRunsNothingAfterItsExpirationHandlerIsNotSaidToInBothIsolations(isolation: String) async throws {
        // The expiration handler is empty and nothing runs after it; on the virtual clock the
        // system waits for the app's process to be idle (a barrier it answers) at each step.
        let run = try await InteractiveProcess.run(
            productsDirectory.appendingPathComponent("ForgetfulApp").path,
            ["run", "--headless", "--isolation", isolation, "--ios", "17", "--clock", "virtual", "--data-dir", temporaryDataDirectory()],
            input: "home\nwait 35\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"Diagnostic [leaked-assertion]: "sync""#), "\(run.stdout)")
        #expect(run.stdout.contains("Exit reason: backgroundTaskAssertionTimeout"), "\(run.stdout)")
        #expect(!run.stdout.contains("[code-after-expiration]"), "\(run.stdout)")
    }
}
