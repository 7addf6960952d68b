import BackgroundPlatform
import BackgroundWire
import Foundation

/// Where the system keeps the app's background sessions and their transfers between runs: one
/// small JSON file, `system/background-sessions.json` under the data directory, replaced whole
/// and atomically (see `StoreFile`); a file that cannot be read is moved aside.
public struct BackgroundSessionStore: Sendable {
    /// The largest file the store reads.
    public static let sizeLimit = 1024 * 1024
    private let file: StoreFile

    /// The store under the data directory `directory`.
    public init(directory: URL) {
        file = StoreFile(
            fileURL: directory.appendingPathComponent("system", isDirectory: true)
                .appendingPathComponent("background-sessions.json"),
            sizeLimit: Self.sizeLimit)
    }

    /// The file of the background sessions.
    public var fileURL: URL { file.fileURL }

    /// What was saved last; nil if nothing was.
    func load() throws(StoredFileError) -> StoredBackgroundSessions? {
        guard let stored = try file.load(StoredBackgroundSessions.self, holding: "a list of background sessions") else {
            return nil
        }
        try validate(stored)
        return stored
    }

    /// Moves an unreadable file aside; returns where it went.
    func setAside() -> URL? {
        file.setAside()
    }

    private func validate(_ stored: StoredBackgroundSessions) throws(StoredFileError) {
        func refuse(_ reason: String) -> StoredFileError { StoredFileError(path: fileURL.path, reason: reason) }
        guard stored.version == 1 else { throw refuse("unknown version \(stored.version)") }
        guard stored.nextTask > 0, stored.nextTask < Int.max else { throw refuse("nextTask \(stored.nextTask) is out of range") }
        var identifiers = Set<String>()
        for session in stored.sessions where session.identifier.isEmpty || !identifiers.insert(session.identifier).inserted {
            throw refuse("session identifier \"\(session.identifier)\" is empty or repeated")
        }
        var tasks = Set<Int>()
        for transfer in stored.transfers {
            guard transfer.id > 0, transfer.id < stored.nextTask, tasks.insert(transfer.id).inserted else {
                throw refuse("transfer \(transfer.id) is repeated or not below nextTask \(stored.nextTask)")
            }
            guard identifiers.contains(transfer.session) else {
                throw refuse("transfer \(transfer.id) is of session \"\(transfer.session)\", which is not in the file")
            }
            guard (transfer.phase == .ended) == (transfer.end != nil), transfer.end.map({ $0.task == transfer.id }) ?? true else {
                throw refuse("transfer \(transfer.id): its phase \(transfer.phase.rawValue) and its end do not match")
            }
        }
    }
}

extension BackgroundSessionStore: SnapshotStore {
    package func save(_ snapshot: StoredBackgroundSessions) throws(StoredFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try file.save(snapshot, encoder: encoder)
    }
}
