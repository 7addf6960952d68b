// newsstand-bench: N issues downloading at once through the Newsstand library on a live
// device — the whole transfer path of TheBackgrounder's Newsstand tab (the HTTP client, the
// part files, the SQLite checkpoints, the app's delegate moving each file into its issue) —
// from URLs given on the command line (scripts/benchmark-newsstand serves them with nginx and
// runs `curl --parallel` on the same URLs as the reference). Left out: the screen and the
// console. Prints JSON: the wall time from the first `download` until the last file is in its
// issue, the bytes, and the peak RSS (VmHWM).
//
//   newsstand-bench DATA-DIRECTORY [--trust PEM] URL…
import BackgroundRuntime
import BenchSupport
import Foundation
import Newsstand
import NewsstandSystem
import Synchronization

/// The app: one issue per URL, each downloading its asset when the bench taps "start"; counts
/// the files moved in. Its library talks to the transfer service by messages, as the tab's does.
@AppMain
final class BenchApp: ApplicationDelegate, AssetDownloadDelegate {
    let library: Library
    let finished: @Sendable (_ bytes: Int64, _ failure: String?) -> Void

    init(application: Application, urls: [URL], finished: @escaping @Sendable (_ bytes: Int64, _ failure: String?) -> Void) {
        library = Library(application: application)
        self.finished = finished
        application.handleTaps(named: "start") { [weak self] _ throws(AppCommandRefusal) in
            do {
                try self?.start(urls)
                return nil
            } catch {
                throw AppCommandRefusal("\(error)")
            }
        }
    }

    func start(_ urls: [URL]) throws {
        for (index, url) in urls.enumerated() {
            let issue = try library.addIssue(named: "issue-\(index)", date: Date())
            try issue.addAsset(with: DownloadRequest(url: url)).download(delegate: self)
        }
    }

    func assetDownload(_ download: AssetDownload, didFinishDownloading destinationURL: URL) {
        guard let issue = download.issue else { return }
        let target = issue.contentURL.appendingPathComponent(destinationURL.lastPathComponent)
        do {
            try FileManager.default.moveItem(at: destinationURL, to: target)
            let size = try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int64 ?? 0
            finished(size, nil)
        } catch {
            finished(0, "moving \(target.path): \(error)")
        }
    }

    func assetDownload(_ download: AssetDownload, didFailWithError error: TransferError) {
        finished(0, "\(download.request.url): \(error)")
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var trusted: [URL] = []
if arguments.count >= 3, arguments[1] == "--trust" {
    trusted = [URL(fileURLWithPath: arguments[2])]
    arguments.removeSubrange(1...2)
}
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: newsstand-bench DATA-DIRECTORY [--trust PEM] URL…\n".utf8))
    exit(2)
}
let dataDirectory = URL(fileURLWithPath: arguments[0])
let urls = arguments.dropFirst().compactMap(URL.init(string:))

let outcomes = Mutex<(bytes: Int64, done: Int, failure: String?)>((0, 0, nil))
let allDone = DispatchSemaphore(value: 0)
let finished: @Sendable (_ bytes: Int64, _ failure: String?) -> Void = { bytes, failure in
    let isLast = outcomes.withLock { outcomes -> Bool in
        outcomes.bytes += bytes
        if let failure { outcomes.failure = outcomes.failure ?? failure }
        outcomes.done += 1
        return outcomes.done == urls.count
    }
    if isLast { allDone.signal() }
}

var options = TransferOptions()
options.trustedCertificates = trusted
let device = Device(infoPlist: InfoPlist(backgroundModes: [.newsstandContent], isNewsstandApp: true)) { application in
    BenchApp(application: application, urls: urls, finished: finished)
}
let service = TransferService(device: device, dataDirectory: dataDirectory, options: options)
service.start()
device.launch()
await device.waitUntilIdle()
let started = ContinuousClock.now
switch await device.tap("start") {
case .done:
    break
case let other:
    FileHandle.standardError.write(Data("newsstand-bench: the app did not start the downloads: \(other)\n".utf8))
    exit(1)
}
await offTheMainThread { [allDone] in allDone.wait() }
let seconds = (ContinuousClock.now - started) / .seconds(1)
let peak = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?
    .split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?
    .split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
let result = outcomes.withLock { $0 }
if let failure = result.failure {
    FileHandle.standardError.write(Data("newsstand-bench: \(failure)\n".utf8))
    exit(1)
}
print(String(format: #"{"downloads":%d,"bytes":%lld,"seconds":%.3f,"peak_rss_mib":%.1f}"#,
             urls.count, result.bytes, seconds, Double(peak) / 1024))
