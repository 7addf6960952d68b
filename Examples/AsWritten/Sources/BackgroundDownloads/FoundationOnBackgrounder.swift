// Backgrounder's Foundation types for the whole target. A file that says `import Foundation`
// beside `import UIKit`, as most iOS files do, sees two of each of these names: Foundation's,
// and the ones Backgrounder's UIKit brings (a timer on the device's clock, the launch's
// notification center, background sessions on the system's transfer service) — and
// FileManager is Backgrounder's, which keeps Data Protection classes. Swift cannot
// choose between two imported declarations, but one of the target's own wins over both, so
// these aliases let such files build as written. On iOS, where UIKit is Apple's, the file
// declares nothing.
#if canImport(BackgrounderFoundation)
import BackgrounderFoundation

typealias Timer = BackgrounderFoundation.Timer
typealias NotificationCenter = BackgrounderFoundation.NotificationCenter
typealias URLSession = BackgrounderFoundation.URLSession
typealias URLSessionConfiguration = BackgrounderFoundation.URLSessionConfiguration
typealias URLSessionTask = BackgrounderFoundation.URLSessionTask
typealias URLSessionDownloadTask = BackgrounderFoundation.URLSessionDownloadTask
typealias URLSessionDelegate = BackgrounderFoundation.URLSessionDelegate
typealias URLSessionTaskDelegate = BackgrounderFoundation.URLSessionTaskDelegate
typealias URLSessionDownloadDelegate = BackgrounderFoundation.URLSessionDownloadDelegate
typealias FileManager = BackgrounderFoundation.ProtectedFileManager
#endif
