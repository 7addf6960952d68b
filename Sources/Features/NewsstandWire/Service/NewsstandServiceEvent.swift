import BackgroundWire

/// What the system's ``TransferService`` sends the app's ``Library`` (``NewsstandService``).
package enum NewsstandServiceEvent: Codable, Sendable, Equatable {
    /// More bytes of `asset` reached the disk: `bytes` since the last progress the app took,
    /// `total` on the disk, `expected` if the server gave a length. The app answers
    /// ``NewsstandServiceCall/tookProgress(asset:)``.
    case progress(asset: String, bytes: Int64, total: Int64, expected: Int64?)
    /// `asset` goes on from `total` after an interruption (a kill, a retry).
    case resumed(asset: String, total: Int64, expected: Int64?)
    /// Every byte of `asset` is in the file at `path`, which exists until the app answers
    /// ``NewsstandServiceCall/handedOver(asset:)``.
    case finished(asset: String, path: String)
    /// `asset` ended with `error`; the app answers ``NewsstandServiceCall/handedOver(asset:)``.
    case failed(asset: String, error: TransferError)
    /// The library changed outside the app's calls (an issue removed).
    case libraryChanged
}
