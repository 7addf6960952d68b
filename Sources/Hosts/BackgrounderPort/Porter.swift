import Foundation
import SwiftDiagnostics
import SwiftParserDiagnostics

/// `backgrounder port`: rewrites, in place, the constructs of an iOS app's Swift files that no
/// library can make build on Linux (`ObjectiveCAttributeRule`, `KeyValueObservingRule`,
/// `SelectorObserverRule`, `SelectorTimerRule`, `PlatformConditionRule`), each with the
/// smallest change, and nothing else: every other byte of a file stays as it was, and a second
/// run changes nothing.
///
/// It reads every `.swift` file under the directory except under `.build*` and hidden
/// directories and the manifests (`Package.swift`, `Package@swift-…swift`). All files are read
/// and ported in memory first; if any does not parse, cannot be read, or needs changes but is
/// read-only, nothing is written. Each file is written to a temporary file beside it and renamed
/// over it, so that a file is either as it was or fully ported.
///
/// A target with a file that imports UIKit gets ``FoundationOnBackgrounder``'s file too, if it has
/// none, so that its files that import Foundation beside UIKit build as written. A target is the
/// directory under a `Sources` or `Tests` directory that holds the file, or else the directory
/// given.
public struct Porter: Sendable {
    /// The directory, as the user gave it.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Ports the directory's files, writing those that change unless some file has a problem.
    public func run() throws(PortError) -> PortReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { throw .noSuchDirectory(directory) }
        guard isDirectory.boolValue else { throw .notADirectory(directory) }

        var problems: [PortError] = []
        var sources: [(url: URL, source: PortSource)] = []
        for url in swiftFiles() {
            let path = displayPath(of: url)
            guard let data = try? Data(contentsOf: url) else {
                problems.append(.unreadable(file: path, reason: "permission denied or not a regular file"))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append(.unreadable(file: path, reason: "it is not UTF-8 text"))
                continue
            }
            let source = PortSource(path: path, text: text)
            let errors = ParseDiagnosticsGenerator.diagnostics(for: source.tree).filter { $0.diagMessage.severity == .error }
            guard errors.isEmpty else {
                problems.append(
                    .unparsable(
                        file: path,
                        diagnostics: errors.map { error in
                            let location = source.location(of: error.position)
                            return "\(path):\(location.line):\(location.column): error: \(error.message)"
                        }))
                continue
            }
            sources.append((url, source))
        }

        var methods = MethodIndex()
        for (_, source) in sources { methods.add(source.tree) }
        var ported: [(url: URL, port: SourcePort)] = []
        for (url, source) in sources {
            let port = SourcePort(source, methods: methods)
            if !port.changes.isEmpty, !Self.isWritable(url) { problems.append(.readOnly(file: source.path)) }
            ported.append((url, port))
        }
        let aliases = targetsWithoutAliases(sources).map { $0.appendingPathComponent(FoundationOnBackgrounder.fileName) }
        let report = PortReport(
            directory: directory, fileCount: sources.count + problems.filter(\.isAboutAFileRead).count,
            changes: ported.flatMap(\.port.changes), notes: ported.flatMap(\.port.notes),
            addedFiles: aliases.map(displayPath(of:)), problems: problems)
        guard problems.isEmpty else { return report }
        for (url, port) in ported where !port.changes.isEmpty {
            try Self.replace(url, with: port.text, displayedAs: displayPath(of: url))
        }
        for url in aliases {
            try Self.replace(url, with: FoundationOnBackgrounder.contents, displayedAs: displayPath(of: url))
        }
        return report
    }

    /// The targets that have a file importing UIKit and no ``FoundationOnBackgrounder`` file, in
    /// a stable order.
    private func targetsWithoutAliases(_ sources: [(url: URL, source: PortSource)]) -> [URL] {
        let targets = Set(sources.filter { ImportedModules(of: $0.source.tree).names.contains("UIKit") }.map { target(of: $0.url) })
        return targets.filter { target in
            !FileManager.default.fileExists(atPath: target.appendingPathComponent(FoundationOnBackgrounder.fileName).path)
        }.sorted { $0.path < $1.path }
    }

    /// The target of the file at `url`: the directory under the last `Sources` or `Tests`
    /// directory of its path below the directory given, or else the directory given.
    private func target(of url: URL) -> URL {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        let folders = url.standardizedFileURL.deletingLastPathComponent().pathComponents.dropFirst(root.pathComponents.count)
        guard let targets = folders.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), targets + 1 < folders.endIndex else {
            return root
        }
        return folders[...(targets + 1)].reduce(root) { $0.appendingPathComponent($1, isDirectory: true) }
    }

    /// The `.swift` files to port, in a stable order.
    private func swiftFiles() -> [URL] {
        let root = URL(fileURLWithPath: directory)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var files: [URL] = []
        while let url = enumerator.nextObject() as? URL {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if name.hasPrefix(".") { enumerator.skipDescendants() }
                continue
            }
            guard name.hasSuffix(".swift"), !name.hasPrefix("."), name != "Package.swift", !name.hasPrefix("Package@swift") else { continue }
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `url` as the user would name it: under the directory as given.
    private func displayPath(of url: URL) -> String {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        let path = url.standardizedFileURL.path
        guard path.hasPrefix(root + "/") else { return path }
        let relative = String(path.dropFirst(root.count + 1))
        if directory == "." || directory == "./" { return relative }
        return (directory.hasSuffix("/") ? directory : directory + "/") + relative
    }

    /// Whether the file's owner may write it (root included: port does not write over a file
    /// its owner made read-only).
    private static func isWritable(_ url: URL) -> Bool {
        guard let permissions = try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int else { return false }
        return permissions & 0o200 != 0 && FileManager.default.isWritableFile(atPath: url.path)
    }

    /// Writes `text` to a temporary file beside `url`, with `url`'s permissions if it exists, and
    /// renames it over `url`.
    private static func replace(_ url: URL, with text: String, displayedAs path: String) throws(PortError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).port-\(UUID().uuidString)")
        do {
            let permissions =
                FileManager.default.fileExists(atPath: url.path)
                ? try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] : nil
            try Data(text.utf8).write(to: temporary)
            if let permissions { try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path) }
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .unwritable(file: path, reason: error.localizedDescription)
        }
    }
}
