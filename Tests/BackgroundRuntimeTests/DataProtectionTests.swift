import BackgroundRuntime
import BackgroundRuntimeTesting
import Foundation
import TestSupport
import Testing

/// Data Protection after the screen locks, on the test clock: the notifications, the 10 s, and
/// files of each class, and a restart before the first unlock (rules protected-data-after-lock,
/// protected-data-notifications, protected-data-suspended-app, protected-data-device,
/// file-protection-default, protected-data-before-first-unlock, background-launch-before-first-unlock,
/// keychain-accessibility).
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
        device.wakeApp(for: "socket data") { application in log.append("woken, available: \(application.isProtectedDataAvailable)") }
        #expect(log.take() == ["didEnterBackground", "woken, available: false"], "resumed: didEnterBackground, then the event")
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

    @Test func aRestartMakesDefaultClassFilesUnreadableUntilTheFirstUnlock() throws {
        let log = AppLog()
        let device = makeProtectedDataDevice(log: log)
        defer { device.shutdown() }
        device.launch()
        #expect(device.writeFileOfTheDefaultClass("cache.txt") == .success(.completeUntilFirstUserAuthentication))
        #expect(device.writeFile("plain.txt", .none) == .success("plain.txt"))
        #expect(device.writeFile("secret.txt", .complete) == .success("secret.txt"))
        _ = log.take()

        device.conditions.restart()
        #expect(device.appState == .notRunning)
        #expect(log.take().isEmpty, "the restart ends the app without a word")
        #expect(device.conditions.current.isScreenLocked)
        #expect(!device.isUnlockedSinceBoot)
        #expect(!device.isProtectedDataAvailable, "at once, not 10 s later")
        let messages = device.console.recentMessages
        #expect(messages.contains("Terminated by the system: the device restarted"))
        #expect(messages.contains {
            $0.hasPrefix("Protected data unavailable until the first unlock: the device has not been unlocked since it booted")
        })

        device.launch(reason: .location)
        #expect(device.appState != .notRunning)
        #expect(log.take() == ["didEnterBackground"], "a background launch before the first unlock")
        #expect(device.wakeAndRead("cache.txt", log: log))
        #expect(device.wakeAndRead("secret.txt", log: log))
        #expect(device.wakeAndRead("plain.txt", log: log))
        #expect(log.take() == [
            "didEnterBackground",
            "available: false, cache.txt (NSFileProtectionCompleteUntilFirstUserAuthentication) cannot be read before the "
                + "device's first unlock since it booted: on iOS, NSCocoaErrorDomain Code=257 with POSIX EPERM “Operation not permitted”",
            "didEnterBackground",
            "available: false, secret.txt (NSFileProtectionComplete) cannot be read while protected data is unavailable "
                + "(the device is locked): on iOS, NSCocoaErrorDomain Code=257 with POSIX EPERM “Operation not permitted”",
            "didEnterBackground",
            "available: false, plain.txt",
        ], "each wake: didEnterBackground, then the event")
        #expect(device.diagnostics.countByRule[.protectedDataUnavailable] == 2)
        #expect(device.console.recentMessages.contains {
            $0.hasPrefix("Diagnostic [protected-data-unavailable]: contents(ofFile: \"cache.txt\") failed: the device has not "
                + "been unlocked since it booted: cache.txt (NSFileProtectionCompleteUntilFirstUserAuthentication)")
        })
        #expect(device.statusJSON().contains(#""unlockedSinceBoot":false"#))

        device.conditions.unlockScreen()
        #expect(device.isUnlockedSinceBoot)
        #expect(device.isProtectedDataAvailable)
        #expect(device.console.recentMessages.contains(
            "Protected data available: the first unlock since the device booted; files of every class can be read and written"))
        #expect(device.statusJSON().contains(#""unlockedSinceBoot":true"#))
        #expect(device.wakeAndRead("cache.txt", log: log))
        #expect(log.take() == ["didEnterBackground", "available: true, cache.txt"])

        device.conditions.lockScreen()
        device.advance(by: .seconds(10))
        #expect(device.wakeAndRead("cache.txt", log: log))
        #expect(device.wakeAndRead("secret.txt", log: log))
        let afterLock = log.take().filter { $0 != "didEnterBackground" }
        #expect(afterLock.first == "available: false, cache.txt", "after the first unlock a lock takes only complete protection away")
        #expect(afterLock.last?.hasPrefix("available: false, secret.txt (NSFileProtectionComplete) cannot be read while") == true)
    }

    @Test func aBackgroundLaunchBeforeTheFirstUnlockFindsItsFilesUnavailable() throws {
        let log = AppLog()
        let device = TestDevice(
            profile: PolicyProfile(iOS: 10)!, infoPlist: InfoPlist(backgroundModes: [.fetch]), storageDirectory: temporaryDirectory()
        ) { _ in FileFetchingDelegate(file: "notes.txt", log: log) }
        defer { device.shutdown() }
        device.launch()
        #expect(device.writeFileOfTheDefaultClass("notes.txt") == .success(.completeUntilFirstUserAuthentication))
        device.pressHome()
        device.conditions.restart()
        #expect(device.appState == .notRunning)

        device.advance(by: .seconds(3 * 3600))
        let fetches = log.take()
        #expect(fetches.first == "fetch (background, launched for fetch): notes.txt (NSFileProtectionCompleteUntilFirstUserAuthentication) "
            + "cannot be read before the device's first unlock since it booted: on iOS, NSCocoaErrorDomain Code=257 with POSIX EPERM "
            + "“Operation not permitted”", "the system launched the app for a fetch before the first unlock")
        #expect(device.console.recentMessages.contains {
            $0.hasPrefix("Diagnostic [protected-data-unavailable]: contents(ofFile: \"notes.txt\") failed: the device has not been "
                + "unlocked since it booted")
                && $0.hasSuffix("check isProtectedDataAvailable and wait for applicationProtectedDataDidBecomeAvailable")
        })

        device.conditions.unlockScreen()
        device.advance(by: .seconds(3 * 3600))
        #expect(log.take().contains("fetch (background, launched for fetch): notes.txt"), "after the first unlock the fetch reads its file")
    }

    @Test func keychainItemsFollowTheirAccessibilityAcrossARestart() throws {
        let log = AppLog()
        let storage = temporaryDirectory()
        let device = makeProtectedDataDevice(log: log, storage: storage)
        defer { device.shutdown() }
        device.launch()
        #expect(device.storeKeychainItem("password", .whenUnlocked) == .success(true))
        #expect(device.storeKeychainItem("token", .afterFirstUnlock) == .success(true))
        #expect(device.readKeychainItem("token") == .success("token"))
        #expect(device.readKeychainItem("missing") == .failure(.itemNotFound("missing")))
        #expect(FileManager.default.fileExists(atPath: storage.appendingPathComponent("Keychain/token").path))

        device.conditions.lockScreen()
        device.advance(by: .seconds(10))
        device.wakeApp(for: "a push") { application in
            let token = Result { () throws(KeychainError) -> Data in try application.keychainItem(for: "token") }
            let password = Result { () throws(KeychainError) -> Data in try application.keychainItem(for: "password") }
            log.append("token: \((try? token.get()).map { String(decoding: $0, as: UTF8.self) } ?? "refused")")
            log.append("password: \((try? password.get()).map { String(decoding: $0, as: UTF8.self) } ?? "refused")")
        }
        #expect(log.take().suffix(2) == ["token: token", "password: refused"], "locked after the first unlock")

        device.conditions.restart()
        device.launch(reason: .location)
        device.wakeApp(for: "a push") { application in
            let token = Result { () throws(KeychainError) -> Data in try application.keychainItem(for: "token") }
            log.append("token: \(token.map { String(decoding: $0, as: UTF8.self) })")
        }
        #expect(log.take().last == "token: failure(keychain item token (kSecAttrAccessibleAfterFirstUnlock) cannot be used before the "
            + "device's first unlock since it booted: on iOS, errSecInteractionNotAllowed (-25308))")
        #expect(device.console.recentMessages.contains {
            $0.hasPrefix("Diagnostic [protected-data-unavailable]: SecItemCopyMatching failed: the device has not been unlocked since it booted")
        })

        device.conditions.unlockScreen()
        device.openApp()
        #expect(device.readKeychainItem("token") == .success("token"))
        #expect(device.readKeychainItem("password") == .success("password"))
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
        #expect(device.writeFileOfTheDefaultClass("notes.txt") == .success(protection), "iOS \(version)")
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
                   "protected-data-device", "file-protection-default", "protected-data-before-first-unlock",
                   "background-launch-before-first-unlock", "keychain-accessibility"] {
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
    /// Runs `body` in the app's code; what it returned or threw, or nil if the app's code cannot
    /// run now.
    fileprivate func attempt<T: Sendable, Failure: Error>(
        _ body: @escaping @AppMain @Sendable (Application) throws(Failure) -> T
    ) -> Result<T, Failure>? {
        perform { application in Result { () throws(Failure) -> T in try body(application) } }
    }

    /// From the app's code: writes file `name` of its Documents directory, with its own name
    /// as its contents; the name once written.
    fileprivate func writeFile(_ name: String, _ protection: FileProtection) -> Result<String, ProtectedFileError>? {
        attempt { application throws(ProtectedFileError) in
            try application.write(Data(name.utf8), toFile: name, protection: protection)
            return name
        }
    }

    /// From the app's code: writes file `name` of its Documents directory without a class, with
    /// its own name as its contents; the class the file got.
    fileprivate func writeFileOfTheDefaultClass(_ name: String) -> Result<FileProtection, ProtectedFileError>? {
        attempt { application throws(ProtectedFileError) in
            try application.write(Data(name.utf8), toFile: name)
            return try application.fileProtection(ofFile: name)
        }
    }

    /// From the app's code: stores keychain item `account`, with its own name as its data.
    fileprivate func storeKeychainItem(_ account: String, _ accessibility: KeychainAccessibility) -> Result<Bool, KeychainError>? {
        attempt { application throws(KeychainError) in
            try application.setKeychainItem(Data(account.utf8), for: account, accessibility: accessibility)
            return true
        }
    }

    /// From the app's code: keychain item `account`, as text.
    fileprivate func readKeychainItem(_ account: String) -> Result<String, KeychainError>? {
        attempt { application throws(KeychainError) in String(decoding: try application.keychainItem(for: account), as: UTF8.self) }
    }

    /// Wakes the app (launched or suspended) and, from its code, reads file `name` of its
    /// Documents directory; logs whether protected data is available and the file's contents or
    /// the error. Whether the app could be woken.
    fileprivate func wakeAndRead(_ name: String, log: AppLog) -> Bool {
        wakeApp(for: "a region event") { application in
            let read = switch Result(catching: { () throws(ProtectedFileError) -> Data in try application.contents(ofFile: name) }) {
            case .success(let data): String(decoding: data, as: UTF8.self)
            case .failure(let error): error.description
            }
            log.append("available: \(application.isProtectedDataAvailable), \(read)")
        }
    }

    /// From the app's code: the contents of file `name` of its Documents directory.
    fileprivate func readFile(_ name: String) -> Result<Data, ProtectedFileError>? {
        attempt { application throws(ProtectedFileError) in try application.contents(ofFile: name) }
    }
}
