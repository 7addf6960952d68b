import BackgroundRuntimeTesting
@testable import BackgroundDownloads
import Foundation
import NewsstandSystem

/// A test device running the app under iOS 17's rules, with the system's transfer service
/// downloading over real HTTP, and the app's documents in a directory of the test's own. Its wall
/// clock starts at the real time, so that the listing's `Date().addingTimeInterval(60 * 60)` is
/// an hour from the device's start.
struct DownloadsDevice {
    let device: TestDevice
    let service: BackgroundSessionTransferService
    let documents: URL

    /// - Parameter delegate: makes the app delegate of each launch.
    init(in directory: URL, delegate: @escaping @MainActor @Sendable () -> AppDelegate = { AppDelegate() }) throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let infoPlist = try InfoPlist(contentsOf: package.appendingPathComponent("BackgroundDownloads-Info.plist").path)
        let documents = directory.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        self.documents = documents
        device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist, wallClockStart: Date()) {
            let appDelegate = delegate()
            appDelegate.downloads.destinationDirectory = documents
            return appDelegate
        }
        service = BackgroundSessionTransferService(device: device, dataDirectory: directory.appendingPathComponent("system"))
        service.start()
    }

    /// From the app's code: the download of `url`, as a button of the app would start it.
    func startDownload(from url: URL) {
        device.performOnMain { application in
            (application.delegate as? AppDelegate)?.downloads.startDownload(from: url)
        }
    }

    /// The system goes down: the transfer service stops, and the device with it.
    func stop() async {
        await service.shutdown()
        device.shutdown()
    }
}
