// Foundation as an app's code on a device sees it: Foundation and FoundationNetworking, with the
// app's own `Timer` (on the device's clock), `NotificationCenter.default` (the launch's center,
// where the system posts UIKit's notifications), `print` (to the device's console) and
// `URLSession` (a background configuration is the system's transfer service). Each of this
// package's Apple-spelled modules (UIKit, BackgroundTasks, CoreLocation…) re-exports it, as
// Apple's frameworks re-export Foundation, so a file that imports any of them gets these names.
//
// A module's own declaration shadows one of a module it re-exports, but only while the file
// does not import that module itself: a file that also says `import Foundation` sees both
// `Timer`s, and a call that does not name its type is ambiguous. There, import this module in
// Foundation's place (`#if os(iOS)` `import Foundation` `#else` `import BackgrounderFoundation`).
@_exported import Foundation
@_exported import FoundationNetworking
