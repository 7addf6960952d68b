import BackgroundRuntime
import Fetch
import Foundation
import Location
import Whatever

/// TheBackgrounder's app delegate: it makes the tab screens at launch and hands each the
/// `Application`. Every launch gets a new delegate and new screens, as a new process would.
@AppMain
public final class TheBackgrounderApp: ApplicationDelegate {
    public let application: Application
    /// The Whatever tab: Fibonacci numbers in a finite-length background task.
    public let whatever: WhateverScreen
    /// The Location tab.
    public let location: LocationScreen
    /// The Fetch tab.
    public let fetch: FetchScreen

    init(application: Application, environment: AppEnvironment, fetchURL: URL? = nil) {
        self.application = application
        whatever = WhateverScreen(application: application)
        location = LocationScreen(
            application: application, service: environment.location,
            storeURL: TrackStore.url(inDataDirectory: environment.dataDirectory))
        fetch = FetchScreen(application: application, source: fetchURL.map(FetchSource.url) ?? .clock)
    }

    public func applicationDidFinishLaunching(_ application: Application) {
        // Background fetch, as in the tutorial: as often as the system allows.
        if application.profile.hasBackgroundFetch { application.setMinimumBackgroundFetchInterval(.minimum) }
    }
}
