import BackgroundRuntimeTesting
import Foundation
import Testing
import UIKit

/// What a target's `FoundationOnBackgrounder.swift` says, so that `FileManager` in this file is
/// the one code written for iOS gets.
private typealias FileManager = ProtectedFileManager

/// Data Protection as Apple spells it with `FileManager`: a file created in the Documents
/// directory with `attributes: [.protectionKey: …]` keeps its class, and the class holds once
/// the device is locked (rules protected-data-after-lock and file-protection-default).
@Suite("FileManager's Data Protection, as iOS code writes it")
struct FileManagerProtectionTests {
    @Test func aCompleteFileCreatedWithFileManagerIsShutTenSecondsAfterTheLock() throws {
        let storage = Foundation.FileManager.default.temporaryDirectory.appendingPathComponent("fm-\(UUID().uuidString)")
        defer { try? Foundation.FileManager.default.removeItem(at: storage) }
        let device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist(), storageDirectory: storage) { SilentDelegate() }
        defer { device.shutdown() }
        device.launch()
        // As Apple's "Encrypting Your App's Files" writes it.
        let created = device.performOnMain { _ -> [String] in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            let secret = documents.appendingPathComponent("secret.txt").path
            let plain = documents.appendingPathComponent("plain.txt").path
            let madeSecret = FileManager.default.createFile(
                atPath: secret, contents: Data("s".utf8), attributes: [.protectionKey: FileProtectionType.complete])
            let madePlain = FileManager.default.createFile(atPath: plain, contents: Data("p".utf8), attributes: nil)
            try? FileManager.default.setAttributes([.protectionKey: FileProtectionType.none], ofItemAtPath: plain)
            let secretClass = (try? FileManager.default.attributesOfItem(atPath: secret))?[.protectionKey] as? FileProtectionType
            let plainClass = (try? FileManager.default.attributesOfItem(atPath: plain))?[.protectionKey] as? FileProtectionType
            return ["\(madeSecret) \(secretClass?.rawValue ?? "?")", "\(madePlain) \(plainClass?.rawValue ?? "?")"]
        }
        #expect(created == ["true NSFileProtectionComplete", "true NSFileProtectionNone"])
        #expect(Foundation.FileManager.default.fileExists(atPath: storage.appendingPathComponent("Documents/secret.txt").path))

        _ = device.perform { $0.beginBackgroundTask(withName: "sync") }
        device.conditions.lockScreen()
        device.advance(by: .seconds(10))
        let read = device.performOnMain { _ -> [String] in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            let secret = FileManager.default.contents(atPath: documents.appendingPathComponent("secret.txt").path)
            let plain = FileManager.default.contents(atPath: documents.appendingPathComponent("plain.txt").path)
            let again = FileManager.default.createFile(
                atPath: documents.appendingPathComponent("new.txt").path, contents: Data(),
                attributes: [.protectionKey: FileProtectionType.complete])
            return [secret.map { String(decoding: $0, as: UTF8.self) } ?? "nil", plain.map { String(decoding: $0, as: UTF8.self) } ?? "nil", "\(again)"]
        }
        #expect(read == ["nil", "p", "false"], "the complete file is shut, the none one open, and no new complete file")
        #expect(device.diagnostics.countByRule[.protectedDataUnavailable] == 2)
    }
}
