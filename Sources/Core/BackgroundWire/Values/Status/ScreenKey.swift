/// The typed name of what one screen shows: publishing and reading a snapshot through it can
/// only use the screen's own snapshot type.
///
/// A module declares its screen's key once, beside the snapshot:
///
///     extension ScreenKey where Snapshot == AudioSnapshot {
///         public static let audio = ScreenKey("audio")
///     }
///
/// `status` shows the snapshot under `screens.<name>`.
public struct ScreenKey<Snapshot: ScreenSnapshot>: Sendable, Hashable {
    /// The key under `status`'s `screens`.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }
}
