import BackgroundWire

/// A ``RestorationArchive`` the system keeps for the app between launches.
struct PreservedState: Sendable, Equatable {
    let archive: RestorationArchive
    /// When the app preserved it, in device time.
    let time: Duration
    /// The launch that preserved it.
    let launchNumber: Int
}
