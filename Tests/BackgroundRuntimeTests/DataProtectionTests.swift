import BackgroundRuntime
import Foundation
import TestSupport
import Testing

/// Data Protection after the screen locks, on the test clock: the notifications, the 10 s, and
/// files of each class (rules protected-data-after-lock, protected-data-notifications,
/// protected-data-suspended-app, protected-data-device, file-protection-default).
@Suite("Data Protection: protected data after the screen locks", .temporaryDirectory)
struct DataProtectionTests {
    @Test func completeFilesBecomeUnreadableTenSecondsAfterTheLock() throws {
        let log = AppLog()
        let device = makeProtectedDataDevice(log: log)
        defer { device.shutdown() }
        device.launch()
        #expect(device.writeFile("secret.txt", .complete) == .success("secret.txt"))
        #expect(device.writeFile("inbox.txt", .completeUnlessOpen) == .success("inbox.txt"))
        #expect(device.writeFile("cache.txt", .completeUntilFirstUserAuthentication) == .success("cache.txt"))
        #expect(device.writeFile("plain.txt", .none) == .success("plain.txt"))
        _ = device.perform { $0.beginBackgroundTask(withName: "sync") }
        _ = log.take()

        device.conditions.lockScreen()
        #expect(log.take() == [
            "protectedDataWillBecomeUnavailable, available: true", "observer: will become unavailable",
            "willResignActive", "didEnterBackground",
        ])
        #expect(device.appState == .background, "the task keeps the app running")
        device.advance(by: .seconds(9))
        #expect(device.isProtectedDataAvailable)
        #expect(device.readFile("secret.txt") == .success(Data("secret.txt".utf8)), "still readable at 9 s")

        device.advance(by: .seconds(1))
        #expect(!device.isProtectedDataAvailable)
        #expect(device.perform { $0.isProtectedDataAvailable } == false)
        #expect(device.console.recentMessages.contains(
            "Protected data unavailable: files with complete protection cannot be read or written until the device is unlocked"))
        #expect(device.readFile("secret.txt") == .failure(.readNoPermission(file: "secret.txt", protection: .complete)))
        #expect(device.readFile("inbox.txt") == .failure(.readNoPermission(file: "inbox.txt", protection: .completeUnlessOpen)))
        #expect(device.readFile("cache.txt") == .success(Data("cache.txt".utf8)))
        #expect(device.readFile("plain.txt") == .success(Data("plain.txt".utf8)))
        #expect(device.writeFile("secret.txt", .complete) == .failure(.writeNoPermission(file: "secret.txt", protection: .complete)))
        #expect(device.writeFile("attachment.txt", .completeUnlessOpen) == .success("attachment.txt"), "a new completeUnlessOpen file can be written")
        let error = ProtectedFileError.readNoPermission(file: "secret.txt", protection: .complete)
        #expect(error.description.contains("secret.txt (NSFileProtectionComplete)"))
        #expect(error.description.contains("NSCocoaErrorDomain Code=257 with POSIX EPERM “Operation not permitted”"))
        #expect(device.diagnostics.countByRule[.protectedDataUnavailable] == 3)
        #expect(device.console.recentMessages.contains {
            $0.hasPrefix("Diagnostic [protected-data-unavailable]: contents(ofFile: \"secret.txt\") failed while the device is locked")
                && $0.hasSuffix("Give a file the app needs in the background NSFileProtectionCompleteUntilFirstUserAuthentication")
        })

        device.conditions.unlockScreen()
        #expect(device.isProtectedDataAvailable)
        #expect(log.take() == [
            "protectedDataDidBecomeAvailable, available: true", "observer: did become available",
            "willEnterForeground", "didBecomeActive",
        ])
        #expect(device.console.recentMessages.contains(
            "Protected data available: files with complete protection can be read and written again"))
        #expect(device.readFile("secret.txt") == .success(Data("secret.txt".utf8)))
        #expect(device.readFile("inbox.txt") == .success(Data("inbox.txt".utf8)))
    }

    @Test func lockingTellsTheRunningAppAndUnlockingTellsItAgain() {
        let log = AppLog()
        let device = makeProtectedDataDevice(log: log)
        defer { device.shutdown() }
        device.launch()
        _ = log.take()
        device.conditions.lockScreen()
        #expect(log.take() == [
            "protectedDataWillBecomeUnavailable, available: true", "observer: will become unavailable",
            "willResignActive", "didEnterBackground",
        ])
        #expect(device.appState == .suspended)
        device.advance(by: .seconds(60))
        #expect(log.take().isEmpty)
        device.conditions.unlockScreen()
        #expect(log.take() == [
            "protectedDataDidBecomeAvailable, available: true", "observer: did become available",
            "willEnterForeground", "didBecomeActive",
        ], "the unlock that brings the app back tells it first")
    }

    @Test func aSuspendedAppIsNotToldAndReadsTheValueWhenItRunsAgain() {
        let log = AppLog()
        let device = makeProtectedDataDevice(log: log)
        defer { device.shutdown() }
        device.launch()
        device.pressHome()
        #expect(device.appState == .suspended)
        _ = log.take()
        device.conditions.lockScreen()
        device.advance(by: .seconds(10))
        #expect(log.take().isEmpty, "a suspended app is not woken for the notification")
        device.wake(for: "socket data") { application in log.append("woken, available: \(application.isProtectedDataAvailable)") }
        #expect(log.take() == ["woken, available: false"])
        device.conditions.unlockScreen()
        #expect(device.appState == .suspended, "the app was not on screen when the device locked")
        #expect(log.take().isEmpty)
        device.openApp()
        #expect(log.take() == ["willEnterForeground", "didBecomeActive"])
        #expect(device.perform { $0.isProtectedDataAvailable } == true)
    }

    @Test func unlockingWithinTenSecondsKeepsProtectedDataAvailable() {
        let log = AppLog()
        let device = makeProtectedDataDevice(log: log)
        defer { device.shutdown() }
        device.launch()
        device.conditions.lockScreen()
        device.advance(by: .seconds(5))
        _ = log.take()
        device.conditions.unlockScreen()
        #expect(log.take().prefix(2) == ["protectedDataDidBecomeAvailable, available: true", "observer: did become available"])
        device.advance(by: .seconds(30))
        #expect(device.isProtectedDataAvailable)
        let messages = device.console.recentMessages
        #expect(messages.contains("Protected data will become unavailable in 10 s (Require Password: Immediately)"))
        #expect(messages.contains("Protected data stayed available: the device was unlocked within 10 s of locking"))
        #expect(!messages.contains { $0.hasPrefix("Protected data unavailable") }, "the cancelled timer never fires")
    }

    @Test func theStatusShowsWhetherProtectedDataIsAvailable() {
        let device = makeProtectedDataDevice(log: AppLog())
        defer { device.shutdown() }
        device.launch()
        #expect(device.statusJSON().contains(#""protectedDataAvailable":true"#))
        device.conditions.lockScreen()
        device.advance(by: .seconds(10))
        #expect(device.status().protectedDataAvailable == false)
        #expect(device.statusJSON().contains(#""protectedDataAvailable":false"#))
        device.conditions.unlockScreen()
        #expect(device.statusJSON().contains(#""protectedDataAvailable":true"#))
    }

    @Test(arguments: [
        (4, FileProtection.none), (6, FileProtection.none), (7, .completeUntilFirstUserAuthentication),
        (17, .completeUntilFirstUserAuthentication),
    ])
    func aFileWrittenWithoutAClassGetsTheErasDefault(version: Int, protection: FileProtection) throws {
        let device = makeProtectedDataDevice(iOS: version, log: AppLog())
        defer { device.shutdown() }
        device.launch()
        let written = device.perform { application in
            Result { () throws(ProtectedFileError) -> FileProtection in
                try application.write(Data("notes".utf8), toFile: "notes.txt")
                return try application.fileProtection(ofFile: "notes.txt")
            }
        }
        #expect(written == .success(protection), "iOS \(version)")
        let unlessOpen = device.writeFile("inbox.txt", .completeUnlessOpen)
        #expect(unlessOpen == (version >= 5 ? .success("inbox.txt") : .failure(.unavailableProtection(.completeUnlessOpen, profile: "iOS 4"))))
    }

    @Test func fileNamesStayInsideTheDocumentsDirectory() throws {
        let storage = temporaryDirectory()
        let device = makeProtectedDataDevice(log: AppLog(), storage: storage)
        defer { device.shutdown() }
        device.launch()
        for name in ["", "../escape", "a/b", ".file-protection.json", "nul\0"] {
            #expect(device.writeFile(name, .none) == .failure(.invalidName(name)))
        }
        #expect(device.readFile("missing.txt") == .failure(.noSuchFile("missing.txt")))
        #expect(device.writeFile("notes.txt", .complete) == .success("notes.txt"))
        let documents = storage.appendingPathComponent("Documents")
        #expect(try FileManager.default.contentsOfDirectory(atPath: documents.path).sorted() == [".file-protection.json", "notes.txt"])
        #expect(try Data(contentsOf: documents.appendingPathComponent("notes.txt")) == Data("notes.txt".utf8))
        let index = try JSONDecoder().decode(
            [String: String].self, from: Data(contentsOf: documents.appendingPathComponent(".file-protection.json")))
        #expect(index == ["notes.txt": "NSFileProtectionComplete"])
        #expect(!FileManager.default.fileExists(atPath: storage.appendingPathComponent("escape").path))

        let memoryOnly = makeDevice()
        memoryOnly.launch()
        let refused = memoryOnly.perform { application in
            Result { () throws(ProtectedFileError) -> Bool in
                try application.write(Data(), toFile: "notes.txt")
                return true
            }
        }
        #expect(refused == .failure(.noDataDirectory))
    }

    @Test func anUnreadableIndexIsNamedAndLeftAsItIs() throws {
        let storage = temporaryDirectory()
        let documents = storage.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        let index = documents.appendingPathComponent(".file-protection.json")
        try Data("not json".utf8).write(to: index)
        let device = makeProtectedDataDevice(log: AppLog(), storage: storage)
        defer { device.shutdown() }
        device.launch()
        guard case .failure(.failed(let path, let reason)) = device.writeFile("notes.txt", .complete) else {
            Issue.record("the write went ahead over an unreadable index")
            return
        }
        #expect(path == index.path)
        #expect(reason.hasSuffix("it is left as it is"))
        #expect(try Data(contentsOf: index) == Data("not json".utf8))
    }

    @Test(arguments: [4, 10, 17, 26])
    func theRulesTableListsDataProtectionInEveryEra(version: Int) throws {
        let json = RuleBook.runtime.json(for: try #require(PolicyProfile(iOS: version)))
        for id in ["protected-data-after-lock", "protected-data-notifications", "protected-data-suspended-app",
                   "protected-data-device", "file-protection-default"] {
            #expect(json.contains(#""id":"\#(id)""#), "iOS \(version): \(id)")
        }
    }

    private func makeProtectedDataDevice(iOS version: Int = 10, log: AppLog, storage: URL = temporaryDirectory()) -> TestDevice {
        TestDevice(profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist(), storageDirectory: storage) { application in
            ProtectedDataDelegate(application: application, log: log)
        }
    }
}

extension TestDevice {
    /// From the app's code: writes file `name` of its Documents directory, with its own name
    /// as its contents; the name once written.
    fileprivate func writeFile(_ name: String, _ protection: FileProtection) -> Result<String, ProtectedFileError>? {
        perform { application in
            Result { () throws(ProtectedFileError) -> String in
                try application.write(Data(name.utf8), toFile: name, protection: protection)
                return name
            }
        }
    }

    /// From the app's code: the contents of file `name` of its Documents directory.
    fileprivate func readFile(_ name: String) -> Result<Data, ProtectedFileError>? {
        perform { application in
            Result { () throws(ProtectedFileError) -> Data in try application.contents(ofFile: name) }
        }
    }
}
