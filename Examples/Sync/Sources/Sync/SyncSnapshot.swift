import BackgroundRuntime

/// What Sync's screen shows: the files still to download and the ones downloaded.
public struct SyncSnapshot: ScreenSnapshot, Equatable {
    /// The files still to download, first first.
    public let queue: [String]
    /// The files downloaded, in order.
    public let downloaded: [String]
}

extension ScreenKey where Snapshot == SyncSnapshot {
    /// Sync's screen.
    public static let sync = ScreenKey("sync")
}
