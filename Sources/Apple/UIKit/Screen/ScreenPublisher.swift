import BackgroundRuntime

/// Publishes a UIKit-spelled app's visible screen under `screens.uikit` for its launch (a launch
/// object): a change that can alter what the screen shows — a view's value, a presentation, a
/// tab, the key window — marks it changed, and one publish follows at the end of that turn of
/// the app's main loop, after the jobs already queued, however many changes the turn made, as
/// UIKit commits a turn's changes to the screen once. A screen that shows what it showed at the
/// last publish is not published again, and an app without a window publishes nothing.
@MainActor
final class ScreenPublisher {
    private let launch: Application
    /// The window made key last (`makeKeyAndVisible()`), which the screen is read from.
    private weak var keyWindow: UIWindow?
    /// Whether a publish is queued for the end of this turn.
    private var isQueued = false
    private var published: UIKitScreenSnapshot?
    /// How many times the screen was published: tests count a turn's publishes with it.
    private(set) var publishes = 0

    private init(launch: Application) {
        self.launch = launch
    }

    /// The publisher of `launch`, made on first use.
    static func of(_ launch: Application) -> ScreenPublisher {
        launch.launchObject(ScreenPublisher.self) { ScreenPublisher(launch: launch) }
    }

    /// The screen of the app whose code runs now may show something else: publish it at the end
    /// of this turn. `keyWindow` is a window just made key, which the screen is read from from
    /// then on. Outside an app's code it does nothing.
    static func screenChanged(keyWindow: UIWindow? = nil) {
        guard let launch = Application.current else { return }
        let publisher = of(launch)
        if let keyWindow { publisher.keyWindow = keyWindow }
        guard !publisher.isQueued else { return }
        publisher.isQueued = true
        launch.afterQueuedJobs { MainActor.assumeIsolated { publisher.publish() } }
    }

    private func publish() {
        isQueued = false
        guard let snapshot = window?.screenSnapshot, snapshot != published else { return }
        published = snapshot
        publishes += 1
        launch.publish(snapshot, for: .uikit)
    }

    /// The window the screen is read from: the key window, else the app delegate's, else the
    /// first of the connected scenes' delegates' windows.
    private var window: UIWindow? {
        if let keyWindow { return keyWindow }
        let application = UIApplication.of(launch)
        if let window = application.delegate?.window { return window }
        return application.connectedScenes.compactMap { ($0.delegate as? any UIWindowSceneDelegate)?.window }.first
    }
}
