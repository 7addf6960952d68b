import BackgroundRuntimeTesting
import Testing
import UIKit

/// The 2016 tutorial's names mean what today's do, and the fetch intervals map onto the
/// runtime's.
@Suite struct SwiftThreeNamesTests {
    @available(*, deprecated)
    @Test func theOldNamesAreTheNewValues() {
        #expect(UIBackgroundTaskInvalid == UIBackgroundTaskIdentifier.invalid)
        #expect(NSNotification.Name.UIApplicationDidBecomeActive == UIApplication.didBecomeActiveNotification)
        #expect(UIApplicationBackgroundFetchIntervalMinimum == UIApplication.backgroundFetchIntervalMinimum)
        #expect(UIApplicationBackgroundFetchIntervalNever == UIApplication.backgroundFetchIntervalNever)
    }

    /// The names Swift 4.0 and 4.1 code observes the lifecycle with (2017–2018), before Swift
    /// 4.2 nested them in UIApplication.
    @available(*, deprecated)
    @Test func theSwiftFourNotificationNamesAreTheNewOnes() {
        #expect(NSNotification.Name.UIApplicationWillTerminate == UIApplication.willTerminateNotification)
        #expect(NSNotification.Name.UIApplicationDidFinishLaunching == UIApplication.didFinishLaunchingNotification)
        #expect(NSNotification.Name.UIApplicationDidReceiveMemoryWarning == UIApplication.didReceiveMemoryWarningNotification)
        #expect(NSNotification.Name.UIApplicationBackgroundRefreshStatusDidChange == UIApplication.backgroundRefreshStatusDidChangeNotification)
        #expect(NSNotification.Name.UIApplicationProtectedDataWillBecomeUnavailable == UIApplication.protectedDataWillBecomeUnavailableNotification)
        #expect(NSNotification.Name.UIApplicationProtectedDataDidBecomeAvailable == UIApplication.protectedDataDidBecomeAvailableNotification)
        #expect(UIApplication.willTerminateNotification.rawValue == "UIApplicationWillTerminateNotification")
    }

    /// A delegate of Swift 4.1's spelling builds, is called, and reads its launch's options
    /// and state with the old names.
    @available(*, deprecated)
    @Test func aSwiftFourDelegateReadsItsLocationLaunchWithTheOldNames() {
        let recorder = CallRecorder()
        let device = makeDevice(modes: [.location]) { SwiftFourDelegate(recorder) }
        device.launch(reason: .location)
        #expect(recorder.calls == ["launched for location", "launched in the background"])
    }

    @Test(arguments: [
        (UIApplication.backgroundFetchIntervalMinimum, BackgroundFetchInterval.minimum),
        (UIApplication.backgroundFetchIntervalNever, .never),
        (3600, .interval(.seconds(3600))),
    ])
    func eachFetchIntervalMeansTheRuntimes(_ seconds: Double, _ interval: BackgroundFetchInterval) {
        let device = makeDevice { SilentDelegate() }
        device.launch()
        device.performOnMain { _ in UIApplication.shared.setMinimumBackgroundFetchInterval(seconds) }
        #expect(device.backgroundFetch.interval == interval)
    }
}
