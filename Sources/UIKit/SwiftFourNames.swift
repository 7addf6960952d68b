import BackgroundRuntime

// UIKit's names from Swift 4.0 and 4.1 (2017–2018), before Swift 4.2 nested them in their types;
// code of that era builds with a warning that names today's spelling.

@available(*, deprecated, renamed: "UIApplication.LaunchOptionsKey")
public typealias UIApplicationLaunchOptionsKey = UIApplication.LaunchOptionsKey

@available(*, deprecated, renamed: "UIApplication.State")
public typealias UIApplicationState = UIApplication.State
