import BackgroundRuntimeTesting
import Foundation
import Synchronization
import Testing
import UIKit

/// `NotificationCenter.default` in the app's code is its launch's own center, where the system
/// posts UIKit's notifications; other devices and other launches never hear them.
@Suite struct NotificationCenterTests {
    @Test func inTheAppsCodeTheDefaultCenterIsTheLaunchsOwn() {
        let device = makeDevice { SilentDelegate() }
        device.launch()
        let isOwn = device.perform { application in NotificationCenter.default === application.notificationCenter }
        #expect(isOwn == true)
        #expect(NotificationCenter.default === Foundation.NotificationCenter.default, "outside any app: Foundation's")
    }

    @Test func eachLifecycleNotificationIsPostedUnderUIKitsNameWithTheApplication() {
        let device = makeDevice { SilentDelegate() }
        let heard = Mutex<[String]>([])
        device.launch()
        device.performOnMain { application in
            for name in [
                UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification,
            ] {
                _ = NotificationCenter.default.addObserver(forName: name, object: application, queue: nil) { note in
                    heard.withLock { $0.append(note.name.rawValue) }
                }
            }
        }
        device.pressHome()
        device.openApp()
        #expect(heard.withLock { $0 } == [
            "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
            "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification",
        ])
    }

    @Test func anObserverOfAnEndedLaunchHearsNothingOfTheNext() {
        let device = makeDevice { SilentDelegate() }
        let heard = Mutex(0)
        device.launch()
        _ = device.perform { _ in
            _ = NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil) { _ in
                heard.withLock { $0 += 1 }
            }
        }
        device.pressHome()
        #expect(heard.withLock { $0 } == 1)
        device.terminate()
        device.launch()
        device.pressHome()
        #expect(heard.withLock { $0 } == 1, "a new launch is a new process, with a new center")
    }

    @Test func twoDevicesHaveTwoCenters() {
        let first = makeDevice { SilentDelegate() }
        let second = makeDevice { SilentDelegate() }
        first.launch()
        second.launch()
        let a = first.perform { _ in ObjectIdentifier(NotificationCenter.default) }
        let b = second.perform { _ in ObjectIdentifier(NotificationCenter.default) }
        #expect(a != nil && a != b)
    }
}
