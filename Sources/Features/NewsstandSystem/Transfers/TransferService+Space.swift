import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// Low disk space: like Newsstand Kit, the system first evicts the content of old issues
/// (oldest date first, never the currently-reading one, nor the issue being downloaded),
/// then fails the download.
extension TransferService {
    func ensureSpace(_ needed: Int64, forIssue downloading: String) throws(TransferError) {
        guard needed > 0 else { return }
        var free = options.freeSpace(directories.root) ?? .max
        guard free < needed else { return }
        let reading = try? store.currentlyReading()
        for issue in (try? store.issues()) ?? [] where issue.name != downloading && issue.name != reading {
            let content = directories.content(ofIssue: issue.name)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []
            guard !files.isEmpty else { continue }
            for file in files { try? FileManager.default.removeItem(at: content.appendingPathComponent(file)) }
            device.console.log(
                "Newsstand: low on disk space (\(ByteCount.text(needed)) needed, \(ByteCount.text(free)) free); evicted the content of issue \(issue.name) of \(issue.date.formatted(.iso8601.year().month().day()))")
            free = options.freeSpace(directories.root) ?? .max
            if free >= needed { return }
        }
        throw .insufficientSpace(needed: needed, available: free)
    }
}
