import BackgroundRuntime
import Foundation
import TestSupport
import Testing

@Suite("Locks on shared files at suspension (0xdead10cc)", .temporaryDirectory)
struct SharedContainerLockTests {
    static let group = "group.com.example.backgrounder"

    @Test func anAppSuspendedHoldingALockOnASharedFileIsKilled() throws {
        let device = makeDeviceWithStorage()
        defer { device.shutdown() }  // its last saves land before its directory goes
        device.launch()
        let lock = try #require(device.lockFile(named: "store.sqlite", in: Self.group, with: .flock))
        defer { close(lock) }
        device.pressHome()
        #expect(device.appState == .notRunning)
        #expect(device.energy.status().exits.background == [.suspendedWithLockedFile: 1])
        #expect(device.diagnostics.countByRule == [.suspendedWithLockedFile: 1])
        let messages = device.console.recentMessages
        #expect(messages.contains("Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc"))
        #expect(messages.contains { $0.contains("store.sqlite (flock, write)") })
        #expect(messages.last == "Exit reason: suspendedWithLockedFile (iOS 10 has no MetricKit exit counts; from iOS 14 it counts this in MXBackgroundExitData.cumulativeSuspendedWithLockedFileExitCount)")
    }

    @Test func aRecordLockAsSQLiteTakesCountsToo() throws {
        let device = makeDeviceWithStorage()
        defer { device.shutdown() }  // its last saves land before its directory goes
        device.launch()
        let lock = try #require(device.lockFile(named: "store.sqlite", in: Self.group, with: .posix))
        defer { close(lock) }
        device.pressHome()
        #expect(device.appState == .notRunning)
        #expect(device.console.recentMessages.contains { $0.contains("store.sqlite (posix, write)") })
    }

    @Test func aLockReleasedBeforeSuspensionIsFine() throws {
        let device = makeDeviceWithStorage()
        defer { device.shutdown() }  // its last saves land before its directory goes
        device.launch()
        let lock = try #require(device.lockFile(named: "journal", in: Self.group, with: .flock))
        close(lock)
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.count == 0)
    }

    @Test func aLockOnAFileOutsideTheSharedContainersIsNotChecked() throws {
        let storage = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: storage) }
        let device = makeDeviceWithStorage(storage)
        defer { device.shutdown() }  // its last saves land before its directory goes
        device.launch()
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        let path = storage.appendingPathComponent("private.db").path
        let descriptor = open(path, O_CREAT | O_RDWR, 0o600)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        device.pressHome()
        #expect(device.appState == .suspended)
    }

    @Test func aLockHeldInABackgroundTaskKillsOnlyOnceTheAppIsSuspended() throws {
        let device = makeDeviceWithStorage()
        defer { device.shutdown() }  // its last saves land before its directory goes
        device.launch()
        let task = try #require(device.perform { $0.beginBackgroundTask(withName: "save") })
        let lock = try #require(device.lockFile(named: "store.sqlite", in: Self.group, with: .flock))
        defer { close(lock) }
        device.pressHome()
        #expect(device.appState == .background)
        device.advance(by: .seconds(10))
        #expect(device.appState == .background)
        device.perform { $0.endBackgroundTask(task) }
        #expect(device.appState == .notRunning)
        #expect(device.energy.status().exits.background == [.suspendedWithLockedFile: 1])
    }

    @Test func aContainerIsADirectoryOfTheDataDirectoryAndNeedsAName() throws {
        let storage = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: storage) }
        let device = makeDeviceWithStorage(storage)
        defer { device.shutdown() }  // its last saves land before its directory goes
        device.launch()
        let urls = try #require(device.perform { application in
            ["group.com.example.app", "", "../escape", "a/b", ".hidden"].map {
                application.containerURL(forSecurityApplicationGroupIdentifier: $0)?.path
            }
        })
        #expect(urls == [storage.appendingPathComponent("AppGroups/group.com.example.app").path, nil, nil, nil, nil])
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: urls[0] ?? "", isDirectory: &isDirectory) && isDirectory.boolValue)

        let memoryOnly = makeDevice()
        memoryOnly.launch()
        #expect(memoryOnly.perform { $0.containerURL(forSecurityApplicationGroupIdentifier: Self.group) } == .some(nil))
    }

    private func makeDeviceWithStorage(_ storage: URL = temporaryDirectory()) -> TestDevice {
        TestDevice(infoPlist: InfoPlist(), storageDirectory: storage) { _ in RecordingDelegate(log: AppLog()) }
    }
}

/// How a test takes a lock on a file.
enum TestLockKind: Sendable {
    case flock
    /// `fcntl(F_SETLK)`, as SQLite locks its database.
    case posix
}

extension TestDevice {
    /// From the app's code: opens `name` in shared container `group` and takes an exclusive
    /// lock on it; the open descriptor, which the test closes, or nil.
    func lockFile(named name: String, in group: String, with kind: TestLockKind) -> Int32? {
        perform { application -> Int32? in
            guard let container = application.containerURL(forSecurityApplicationGroupIdentifier: group) else { return nil }
            let descriptor = open(container.appendingPathComponent(name).path, O_CREAT | O_RDWR, 0o600)
            guard descriptor >= 0 else { return nil }
            let locked: Bool
            switch kind {
            case .flock:
                locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
            case .posix:
                var region = flock()
                region.l_type = Int16(F_WRLCK)
                region.l_whence = Int16(SEEK_SET)
                locked = fcntl(descriptor, F_SETLK, &region) == 0
            }
            if !locked { close(descriptor) }
            return locked ? descriptor : nil
        } ?? nil
    }
}
