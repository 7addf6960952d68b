// UIKit's names for the background APIs, over Backgrounder's runtime: a file of an iOS app's
// background code that imports UIKit builds on Linux as written and runs under iOS's rules.
// Foundation comes with it, as it does with Apple's UIKit, as the device's app sees it
// (BackgrounderFoundation: its Timer, NotificationCenter, print and background URLSession).
@_exported import BackgrounderFoundation
