import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// The transfer service's tunables, with the values the app runs with.
public struct TransferOptions: Sendable {
    /// Bytes between two checkpoints (fsync, then the offset saved): at most this much is
    /// fetched again after a kill.
    public var checkpointInterval: Int64 = 4 << 20
    /// Failed attempts in a row (network errors, stalls) before the download fails.
    public var retryLimit = 8
    /// Refused connections in a row before the download fails, while no byte of it has
    /// arrived: nothing listens at the URL's address (a wrong port, a server not started), so
    /// the download fails within seconds with a line that says so, instead of showing
    /// "downloading 0 bytes" through minutes of retries. Backgrounder's model: Apple documents
    /// no retry count.
    public var refusedRetryLimit = 2
    /// The first retry's delay; each next one doubles, up to ``maximumBackoff``.
    public var initialBackoff: Duration = .seconds(1)
    public var maximumBackoff: Duration = .seconds(60)
    /// The watchdog's window: an attempt that receives fewer than ``minimumBytesPerWindow``
    /// in it (no answer at all, or a slow-loris trickle) is dropped and retried.
    public var stallWindow: Duration = .seconds(30)
    public var minimumBytesPerWindow: Int64 = 30 * 1024
    /// This boot of the machine: within it, a killed process's written bytes survive in the
    /// page cache; across a reboot only synced checkpoints do. A test fakes a reboot here.
    public var bootID = TransferOptions.currentBootID
    /// The free bytes on the disk that holds `directory`; a test injects a small disk here.
    public var freeSpace: @Sendable (_ directory: URL) -> Int64? = TransferOptions.statvfsFreeSpace
    /// PEM files of certificates trusted besides the system's, for an HTTPS issue server with
    /// a private or self-signed certificate (`--trust-certificate`).
    public var trustedCertificates: [URL] = []

    public init() {}

    /// The delay before retry number `attempt` (1 for the first retry).
    func backoff(beforeRetry attempt: Int) -> Duration {
        var delay = initialBackoff
        for _ in 1..<max(1, attempt) where delay < maximumBackoff { delay *= 2 }
        return min(delay, maximumBackoff)
    }

    /// Linux's identifier of the running boot.
    public static let currentBootID: String = {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// Free space from `statvfs(3)`: the blocks available to an unprivileged user.
    public static let statvfsFreeSpace: @Sendable (URL) -> Int64? = { directory in
        var stats = statvfs()
        guard statvfs(directory.path, &stats) == 0 else { return nil }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }
}
