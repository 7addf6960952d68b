import BackgroundRuntime
import Foundation

/// Where the app says what it plays (`MPNowPlayingInfoCenter`): the launch's
/// ``BackgroundRuntime/NowPlayingInfoCenter``, which the lock screen and the desktop's media
/// controls show while the app runs and while it is suspended.
@preconcurrency @AppMain
public final class MPNowPlayingInfoCenter {
    private let center: NowPlayingInfoCenter
    private var info: [String: Any]?

    private init(center: NowPlayingInfoCenter) {
        self.center = center
    }

    /// The center of the launch whose code runs now, as `default()` is the process's.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public static func `default`() -> MPNowPlayingInfoCenter {
        let application = Application.current(for: "MPNowPlayingInfoCenter.default()")
        return application.launchObject(MPNowPlayingInfoCenter.self) {
            MPNowPlayingInfoCenter(center: application.nowPlayingInfoCenter)
        }
    }

    /// What plays, by the `MPMediaItemProperty…` and `MPNowPlayingInfoProperty…` keys; nil for
    /// nothing. The system shows the title, artist, album, duration, elapsed time and rate
    /// (numbers of any kind); Backgrounder ignores other keys, counts a missing rate or elapsed
    /// time as 0 and a missing title as empty. Reading it gives back what was set.
    public var nowPlayingInfo: [String: Any]? {
        get { info }
        set {
            info = newValue
            center.nowPlayingInfo = newValue.map(NowPlayingInfo.init(properties:))
        }
    }
}
