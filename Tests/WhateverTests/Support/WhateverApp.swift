import BackgroundRuntime
import Whatever

/// An app whose only screen is the Whatever tab.
@AppMain
final class WhateverApp: ApplicationDelegate {
    let screen: WhateverScreen

    init(application: Application) {
        screen = WhateverScreen(application: application)
    }
}

/// A manual device running ``WhateverApp`` under the rules of iOS `version`.
func makeWhateverDevice(iOS version: Int = 10) -> Device {
    Device(profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist(), timing: .manual) { application in
        WhateverApp(application: application)
    }
}

extension Device {
    /// Runs `body` with the Whatever screen; nil if the app's code cannot run now.
    @discardableResult
    func withScreen<T: Sendable>(_ body: @escaping @AppMain @Sendable (WhateverScreen) -> T) -> T? {
        perform { application in body((application.delegate as! WhateverApp).screen) }
    }

    /// What the Whatever screen last published.
    var whatever: WhateverSnapshot? {
        snapshot(of: WhateverScreen.screenName) as? WhateverSnapshot
    }
}
