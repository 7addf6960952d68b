import UIKit

// What the starter project's Main.storyboard makes, which Swift on Linux cannot read: the
// window, with a tab bar controller of the Whatever and Fetch tabs (`whatever` lets a test
// put a controller of its own in the first).
enum MainStoryboard {
  static func instantiateWindow(whatever: WhateverViewController = WhateverViewController()) -> UIWindow {
    let tabBarController = UITabBarController()
    tabBarController.viewControllers = [whatever, FetchViewController()]
    let window = UIWindow()
    window.rootViewController = tabBarController
    return window
  }
}
