import BackgroundRuntime
import Fetch
import Foundation

/// TheBackgrounder's app delegate: it makes the tab screens at launch and hands each the
/// `Application`. Every launch gets a new delegate and new screens, as a new process would.
@AppMain
public final class TheBackgrounderApp: ApplicationDelegate {
    public let application: Application
    /// The Fetch tab.
    public let fetch: FetchScreen

    init(application: Application, fetchURL: URL? = nil) {
        self.application = application
        fetch = FetchScreen(application: application, source: fetchURL.map(FetchSource.url) ?? .clock)
    }

    public func applicationDidFinishLaunching(_ application: Application) {
        // Background fetch, as in the tutorial: as often as the system allows.
        if application.profile.hasBackgroundFetch { application.setMinimumBackgroundFetchInterval(.minimum) }
    }
}
