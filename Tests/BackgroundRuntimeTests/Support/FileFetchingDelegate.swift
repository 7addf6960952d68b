import BackgroundRuntime
import Foundation

/// An app delegate that asks for background fetches at launch and, at each fetch, reads one
/// file of its Documents directory, writing what it got to an ``AppLog``: the fetch's state
/// and launch reason, then the file's contents or the error.
@AppMain
final class FileFetchingDelegate: ApplicationDelegate {
    let file: String
    let log: AppLog

    init(file: String, log: AppLog) {
        self.file = file
        self.log = log
    }

    func applicationDidFinishLaunching(_ application: Application) {
        application.setMinimumBackgroundFetchInterval(.minimum)
    }

    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        let read = switch Result(catching: { () throws(ProtectedFileError) -> Data in try application.contents(ofFile: file) }) {
        case .success(let data): String(decoding: data, as: UTF8.self)
        case .failure(let error): error.description
        }
        log.append("fetch (\(application.applicationState.rawValue), launched for \(application.launchReason.rawValue)): \(read)")
        completionHandler(.newData)
    }

    func applicationProtectedDataDidBecomeAvailable(_ application: Application) {
        log.append("protectedDataDidBecomeAvailable")
    }
}
