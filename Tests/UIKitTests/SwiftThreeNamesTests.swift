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
