import Foundation

/// A call of the app's ``AudioPlayer`` (or its ``AppAudioSession``) to the system's
/// ``AudioService``. Items are named by the numbers the service gave them.
package enum AudioServiceCall: Codable, Sendable, Equatable {
    /// A launch's player asks for the service's news; answered with ``AudioRegistration``: its
    /// client number, which the news names, and the player's clock.
    case register
    /// Answered with ``AudioInsertion``. `item` is the number the app's item had when it was
    /// last queued, to refuse it if it still is.
    case insert(url: URL, item: Int?, after: Int?)
    case remove(item: Int)
    case removeAll
    case advance
    /// Answered with the ``PlaybackError`` that refused it, or nothing.
    case play
    case pause
    case seek(to: Duration)
    case setActionAtItemEnd(ActionAtItemEnd)
    /// Answered with ``ActionAtItemEnd``.
    case actionAtItemEnd
    /// Answered with the queue's ``AudioItemRecord``s, the current item first.
    case items
    /// Answered with the current item's ``AudioItemRecord``, or nothing.
    case currentItem
    /// Answered with `Bool`.
    case isPlaying
    case setCategory(AudioSessionCategory, options: AudioSessionCategoryOptions)
    /// Answered with the ``AudioSessionError`` that refused it, or nothing.
    case setActive(Bool, options: AudioSessionSetActiveOptions = [])
    /// Answered with ``AudioSessionStatus``.
    case session
    /// Answered with ``AudioRoute``.
    case route
    /// Whether the app observes interruptions: the end of a call wakes it only then.
    case observeInterruptions(Bool)
}
