import BackgroundRuntime
import Foundation
import Newsstand
import NewsstandSystem
import NewsstandWire
import TestSupport

/// A Newsstand app as small as the tutorial's tab, on a bare test device: its ``Library`` is
/// its only link to the transfer service, and at each launch it reconnects to the downloads
/// the system kept, with a delegate that moves each file into its issue. Its log starts each
/// launch with `launch REASON`.
@AppMain
final class ReaderApp: ApplicationDelegate {
    let library: Library
    let delegate: RecordingDownloadDelegate

    init(application: Application, log: DownloadLog) {
        library = Library(application: application)
        delegate = RecordingDownloadDelegate(log: log)
        log.append("launch \(application.launchReason)")
    }

    func applicationDidFinishLaunching(_ application: Application) {
        for asset in library.downloadingAssets { asset.download(delegate: delegate) }
    }

    /// Adds issue `name` and downloads `url` into it; the download's identifier.
    func download(_ url: String, into name: String) throws(LibraryError) -> String {
        let issue = try library.addIssue(named: name, date: Date())
        let asset = try issue.addAsset(with: DownloadRequest(url: URL(string: url)!))
        asset.download(delegate: delegate)
        return asset.identifier
    }
}

/// A test device with ``ReaderApp`` on it and the system's transfer service beside it.
struct ReaderDevice {
    let device: TestDevice
    let service: TransferService
    let log: DownloadLog

    init(dataDirectory: URL = temporaryDirectory()) {
        let log = DownloadLog()
        self.log = log
        device = TestDevice(infoPlist: InfoPlist(backgroundModes: [.newsstandContent], isNewsstandApp: true)) {
            ReaderApp(application: $0, log: log)
        }
        service = TransferService(device: device, dataDirectory: dataDirectory)
        service.start()
        device.launch()
    }

    /// Runs `body` with the app's delegate; nil if the app is not running or `body` gave nil.
    func withApp<T: Sendable>(_ body: @escaping @AppMain @Sendable (ReaderApp) -> T?) -> T? {
        device.perform { application in (application.delegate as? ReaderApp).flatMap(body) } ?? nil
    }

    /// Runs what the service posted until `condition` holds; false after `timeout` of real time.
    func pump(timeout: Duration = .seconds(30), until condition: () -> Bool) async -> Bool {
        await device.runUntil(timeout: timeout, step: .zero, condition)
    }
}
