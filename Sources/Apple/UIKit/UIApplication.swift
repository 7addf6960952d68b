import BackgroundRuntime

/// The running app's handle on the system (`UIApplication`), in UIKit's spelling and isolation:
/// `@MainActor`, as UIKit's is, with the members Apple marks `nonisolated` (beginning and ending
/// background tasks) callable from any thread.
///
/// Each launch of the app has its own, ``shared`` while the launch's code runs, as each process
/// on iOS has its own. It stands for the runtime's ``BackgroundRuntime/Application`` of the
/// launch, which decides nothing itself: the system's rules hold either way.
@MainActor @preconcurrency
open class UIApplication: UIResponder {
    /// The runtime's application of this launch.
    nonisolated let launch: Application

    init(launch: Application) {
        self.launch = launch
        super.init()
    }

    /// The system makes the application object, never the app.
    public required init() {
        // Apple traps too: UIKit raises "There can only be one UIApplication instance" (its documentation: exactly one instance per app).
        fatalError("UIApplication is made by the system: use UIApplication.shared")
    }

    /// The application of the launch whose code runs now, as `UIApplication.shared` is the
    /// process's.
    ///
    /// - precondition: the caller is the app's code: its delegate, screens, timers and handlers,
    ///   and in the app's own process (the default) any code on its main thread.
    open class var shared: UIApplication {
        UIApplication.of(Application.current(for: "UIApplication.shared"))
    }

    /// The UIKit face of `launch`: one per launch, made on first use on the app's main thread
    /// (one of its jobs, which run on the main queue) — the launch makes it for its delegate —
    /// and read from any thread after that, as iOS code of the Swift 5 era reads
    /// `UIApplication.shared` from a background queue.
    nonisolated static func of(_ launch: Application) -> UIApplication {
        let holder = launch.launchObject(UIApplicationHolder.self) { UIApplicationHolder() }
        if let application = holder.application.withLock({ $0 }) { return application }
        return MainActor.assumeIsolated {
            let application = UIApplication(launch: launch)
            return holder.application.withLock { made in
                if let made { return made }
                made = application
                return application
            }
        }
    }

    /// `UIApplication.State`: active, inactive or background.
    public typealias State = ApplicationState

    /// The app's state as the app sees it now.
    open var applicationState: State {
        AppMain.assumeIsolated { launch.applicationState }
    }

    /// The app's delegate: the object the app's `@main` (or its test device) made for this launch.
    open var delegate: (any UIApplicationDelegate)? {
        AppMain.assumeIsolated { (launch.delegate as? AppDelegateAdapter)?.delegate }
    }

    /// The scenes connected to the app (iOS 13): the one on screen or in the background, none
    /// before it connects or in an app without scenes.
    open var connectedScenes: Set<UIScene> {
        Set(AppMain.assumeIsolated { launch.connectedScenes }.map { UIScene.of($0) })
    }

    /// The options `application(_:didFinishLaunchingWithOptions:)` gets for this launch: what
    /// brought the app up when it was not the user (a location event, a remote notification).
    var launchOptions: [LaunchOptionsKey: Any]? {
        switch launch.launchReason {
        case .location: [.location: true]
        case .remoteNotification: [.remoteNotification: [AnyHashable: Any]()]
        case .user, .fetch, .voip, .newsstand, .transfer, .backgroundTask, .notificationAction: nil
        }
    }
}
