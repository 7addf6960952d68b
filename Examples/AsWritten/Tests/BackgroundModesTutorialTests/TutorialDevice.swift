import BackgroundRuntimeTesting
import Foundation
@testable import BackgroundModesTutorial
import UIKit

/// A test device running the tutorial's app with its Info.plist, its window made as its
/// storyboard makes it, under the rules of `iOS` (10 by default: the tutorial's era, when the
/// background time was 180 s). `delegate` and `whatever` make the app delegate and the Whatever
/// tab's controller.
func makeDevice(
    iOS: Int = 10,
    delegate: @escaping @MainActor @Sendable () -> AppDelegate = { AppDelegate() },
    whatever: @escaping @MainActor @Sendable () -> WhateverViewController = { WhateverViewController() }
) throws -> TestDevice {
    let infoPlist = try InfoPlist(contentsOf: PackageFiles.url("Info.plist").path)
    return TestDevice(profile: PolicyProfile(iOS: iOS)!, infoPlist: infoPlist) {
        let appDelegate = delegate()
        appDelegate.window = MainStoryboard.instantiateWindow(whatever: whatever())
        return appDelegate
    }
}

extension TestDevice {
    /// Runs `body` in the app with the controller of tab `index`, `T`.
    func withTab<T: UIViewController, Result: Sendable>(
        _ index: Int, as type: T.Type, _ body: @escaping @MainActor @Sendable (T) -> Result
    ) -> Result? {
        performOnMain { _ in
            let delegate = UIApplication.shared.delegate as? AppDelegate
            let tabs = delegate?.window?.rootViewController as? UITabBarController
            guard let controller = tabs?.viewControllers?[index] as? T else { return nil }
            return body(controller)
        } ?? nil
    }
}
