import Foundation
@testable import Newsstand
@testable import NewsstandSystem
@testable import NewsstandWire
import TestSupport
import Testing

/// A download whose `backgrounder` process was killed with SIGKILL in the middle: nothing of
/// the process's graceful shutdown ran, so no last checkpoint was saved. What the kill left is
/// what a relaunch must resume from.
struct KilledDownload {
    let dataDirectory: URL
    /// The download's record after the kill: its last checkpoint (`bytesWritten`, synced to the
    /// disk) and the boot that wrote past it.
    let asset: AssetRecord
    /// The part file's length after the kill: every byte the process wrote, checkpointed or not
    /// (the kernel's page cache keeps them within this boot).
    let length: Int64

    /// Starts `backgrounder` with `arguments` on `dataDirectory`, types `command` (a
    /// `newsstand download`), and kills it once it has saved a checkpoint and written `bytes`.
    static func kill(
        _ arguments: [String], dataDirectory: URL, command: String, afterWriting bytes: Int64
    ) async throws -> KilledDownload {
        let directories = NewsstandDirectories(dataDirectory: dataDirectory)
        let child = try InteractiveProcess(productsDirectory.appendingPathComponent("backgrounder").path, arguments)
        defer { child.stop() }
        child.type(command)
        // The part file is made after the record: from then on the database can be read.
        let started = await waitUntil { partFiles(in: directories).count == 1 }
        try #require(started, "the download did not start: \(child.stdout.suffix(2_000))")
        let store = try LibraryStore(path: directories.database.path)
        let written = await waitUntil {
            guard let asset = try? store.assets().first else { return false }
            return asset.bytesWritten > 0 && length(of: directories.partFile(ofAsset: asset.id)) >= bytes
        }
        try #require(written, "no checkpoint, or fewer than \(bytes) bytes: \(child.stdout.suffix(2_000))")
        child.stop()
        try #require(await child.waitForExit() != nil)
        let asset = try #require(try store.assets().first)
        return KilledDownload(
            dataDirectory: dataDirectory, asset: asset, length: length(of: directories.partFile(ofAsset: asset.id)))
    }

    /// The part files of the downloads under way.
    private static func partFiles(in directories: NewsstandDirectories) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directories.transfers.path)) ?? []).filter { $0.hasSuffix(".part") }
    }

    private static func length(of file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int64) ?? 0
    }
}
