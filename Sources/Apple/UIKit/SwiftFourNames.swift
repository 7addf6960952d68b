import BackgroundRuntime

// UIKit's names from Swift 4.0 and 4.1 (2017–2018), before Swift 4.2 nested them in their types;
// code of that era builds with a warning that names today's spelling.

@available(*, deprecated, renamed: "UIApplication.LaunchOptionsKey")
public typealias UIApplicationLaunchOptionsKey = UIApplication.LaunchOptionsKey

@available(*, deprecated, renamed: "UIApplication.State")
public typealias UIApplicationState = UIApplication.State

@available(*, deprecated, renamed: "UIAlertController.Style")
public typealias UIAlertControllerStyle = UIAlertController.Style

@available(*, deprecated, renamed: "UIAlertAction.Style")
public typealias UIAlertActionStyle = UIAlertAction.Style

@available(*, deprecated, renamed: "UIProgressView.Style")
public typealias UIProgressViewStyle = UIProgressView.Style
