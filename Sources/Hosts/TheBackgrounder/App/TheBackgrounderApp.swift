import Audio
import BackgroundRuntime
import Fetch
import Foundation
import Location
import Newsstand
import VoIP
import Whatever

/// TheBackgrounder's app delegate: it makes the tab screens at launch and hands each the
/// `Application`. Every launch gets a new delegate and new screens, as a new process would.
@AppMain
public final class TheBackgrounderApp: ApplicationDelegate {
    public let application: Application
    /// The Whatever tab: Fibonacci numbers in a finite-length background task.
    public let whatever: WhateverScreen
    /// The Audio tab.
    public let audio: AudioScreen
    /// The Location tab.
    public let location: LocationScreen
    /// The Newsstand tab.
    public let newsstand: NewsstandScreen
    /// The Fetch tab.
    public let fetch: FetchScreen
    /// The VoIP tab.
    public let voip: VoIPScreen

    init(application: Application, environment: AppEnvironment) {
        self.application = application
        whatever = WhateverScreen(application: application)
        audio = AudioScreen(application: application)
        location = LocationScreen(application: application, storeURL: TrackStore.url(inDataDirectory: environment.dataDirectory))
        newsstand = NewsstandScreen(application: application, defaultURL: environment.newsstandURL)
        fetch = FetchScreen(application: application, source: environment.fetchURL.map(FetchSource.url) ?? .clock)
        voip = VoIPScreen(application: application)
        handleTaps()
    }

    public func applicationDidFinishLaunching(_ application: Application) {
        // Background fetch, as in the tutorial: as often as the system allows.
        if application.profile.hasBackgroundFetch { application.setMinimumBackgroundFetchInterval(.minimum) }
        // Pushes: the device token for silent and alert pushes, and from iOS 10, when VoIP
        // sockets no longer wake the app (QA1938), PushKit for the VoIP tab's calls.
        application.registerForRemoteNotifications()
        if application.profile.hasPushKit, !application.profile.hasKeepAliveSockets { application.registerForVoIPPushes() }
        // MetricKit (iOS 13 and later): the daily payloads are logged.
        if application.profile.iOSVersion >= 13 { application.metricManager.add(self) }
    }
}
