/// One transfer of a background session, as the system keeps it: by identifier, never the app's
/// task object.
struct BackgroundTransfer: Codable, Sendable, Equatable {
    let id: Int
    let session: String
    let url: String
    /// Whether the system chooses when it runs: its session's `isDiscretionary`, or it was
    /// created while the app was in the background.
    let isDiscretionary: Bool
    var phase: BackgroundTransferPhase
    /// How it ended, once it has.
    var end: BackgroundTransferEvent?
}
