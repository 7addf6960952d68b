import AudioWire
import BackgroundWire

/// What an `audio-probe` process answers: ``ItemProbe``'s result for one item, as one JSON
/// object on its descriptor 3.
package enum ProbeAnswer: Codable, Equatable, Sendable {
    /// The item opened; its duration in nanoseconds, nil if its format does not tell.
    case opened(nanoseconds: Int64?)
    /// The item cannot be played.
    case failed(reason: PlayerItemError.Reason, detail: String)
    /// The item did not open in time.
    case late

    /// The answer for `result`.
    package init(_ result: Result<Duration?, PlayerItemError>?) {
        switch result {
        case .success(let duration): self = .opened(nanoseconds: duration?.nanoseconds)
        case .failure(let error): self = .failed(reason: error.reason, detail: error.detail)
        case nil: self = .late
        }
    }

    /// The result it answers for `item`.
    func result(for item: MediaItem) -> Result<Duration?, PlayerItemError>? {
        switch self {
        case .opened(let nanoseconds): .success(nanoseconds.map { .nanoseconds($0) })
        case .failed(let reason, let detail): .failure(PlayerItemError(item: item.name, reason: reason, detail: detail))
        case .late: nil
        }
    }
}
