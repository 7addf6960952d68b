import BackgroundRuntime

/// Foundation's `FileManager` with Data Protection as Apple spells it, for the app's Documents
/// directory: `urls(for: .documentDirectory, in: .userDomainMask)` is the app's, a file created
/// there with `attributes: [.protectionKey: FileProtectionType.complete]` (or given one with
/// `setAttributes`) has that class, `attributesOfItem(atPath:)` tells it, and
/// `contents(atPath:)` is nil while the class keeps the file shut — the rules of
/// `Rule+DataProtection.swift`, with their diagnostics. Everything else is Foundation's.
///
/// The `FoundationOnBackgrounder.swift` file of a target names it `FileManager`, so that
/// `FileManager.default` is this one in code written for iOS. `Data.write(to:options:
/// .completeFileProtection)` and `Data(contentsOf:)` are Foundation's own and stay unprotected:
/// no declaration of Backgrounder's can stand in for a method of Foundation's `Data`.
///
/// `@unchecked Sendable`: it keeps no state of its own, as Foundation's `FileManager.default`.
open class ProtectedFileManager: Foundation.FileManager, @unchecked Sendable {
    private static let shared = ProtectedFileManager()

    /// This one, in place of Foundation's.
    open override class var `default`: Foundation.FileManager { shared }

    /// The app's Documents directory for `.documentDirectory` in the user's domain; Foundation's
    /// answer for anything else.
    open override func urls(for directory: SearchPathDirectory, in domainMask: SearchPathDomainMask) -> [URL] {
        guard directory == .documentDirectory, domainMask.contains(.userDomainMask), let documents = documentsDirectory else {
            return super.urls(for: directory, in: domainMask)
        }
        try? super.createDirectory(at: documents, withIntermediateDirectories: true)
        return [documents]
    }

    /// Creates the file, of the class `attributes[.protectionKey]` gives, if any, in the app's
    /// Documents directory: false when the class keeps a new file shut now, as on iOS.
    open override func createFile(atPath path: String, contents data: Data?, attributes: [FileAttributeKey: Any]? = nil) -> Bool {
        guard let protection = (attributes?[.protectionKey] as? FileProtectionType).flatMap(Self.runtimeClass),
            let name = documentsFileName(path), let application = Application.current
        else { return super.createFile(atPath: path, contents: data, attributes: attributes) }
        do {
            try application.write(data ?? Data(), toFile: name, protection: protection)
            return true
        } catch {
            return false
        }
    }

    /// Gives a file of the app's Documents directory the class `attributes[.protectionKey]`
    /// gives; Foundation sets the rest.
    open override func setAttributes(_ attributes: [FileAttributeKey: Any], ofItemAtPath path: String) throws {
        var rest = attributes
        if let protection = (rest.removeValue(forKey: .protectionKey) as? FileProtectionType).flatMap(Self.runtimeClass),
            let name = documentsFileName(path), let application = Application.current
        {
            do {
                try application.setFileProtection(protection, ofFile: name)
            } catch {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "\(error)"])
            }
        }
        if !rest.isEmpty { try super.setAttributes(rest, ofItemAtPath: path) }
    }

    /// Foundation's attributes, with `.protectionKey` for a file of the app's Documents directory.
    open override func attributesOfItem(atPath path: String) throws -> [FileAttributeKey: Any] {
        var attributes = try super.attributesOfItem(atPath: path)
        if let name = documentsFileName(path), let protection = try? Application.current?.fileProtection(ofFile: name) {
            attributes[.protectionKey] = FileProtectionType(rawValue: protection.rawValue)
        }
        return attributes
    }

    /// The file's contents; for one of the app's Documents directory, nil while its class keeps
    /// it shut (a `[protected-data-unavailable]` diagnostic says so).
    open override func contents(atPath path: String) -> Data? {
        guard let name = documentsFileName(path), let application = Application.current else {
            return super.contents(atPath: path)
        }
        return try? application.contents(ofFile: name)
    }

    /// The app's Documents directory, while the app's code runs on a device that has one.
    private var documentsDirectory: URL? {
        Application.current?.documentsDirectory
    }

    /// The name of the file at `path` when it is directly in the app's Documents directory.
    private func documentsFileName(_ path: String) -> String? {
        guard let documents = documentsDirectory?.standardizedFileURL.path else { return nil }
        let file = URL(fileURLWithPath: path).standardizedFileURL
        guard file.deletingLastPathComponent().path == documents else { return nil }
        return file.lastPathComponent
    }

    /// The runtime's class of Foundation's `type`; nil for one it does not know.
    private static func runtimeClass(_ type: FileProtectionType) -> FileProtection? {
        FileProtection(rawValue: type.rawValue)
    }
}
