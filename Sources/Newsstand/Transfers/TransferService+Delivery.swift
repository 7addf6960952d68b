import BackgroundRuntime
import Foundation

/// Handing finished and failed downloads to the app, as iOS does for Newsstand: the app is
/// woken if it is suspended, launched with reason newsstand if it is not running (never after
/// the user swiped it away), and the download stays pending until its delegate takes it.
extension TransferService {
    /// What the delegate gets for a download that ended.
    enum Completion {
        /// The file, under its real name; it exists only during the delegate's call.
        case finished(URL)
        case failed(TransferError)
    }

    /// Delivers download `id` from the device's loop, never from the caller's thread.
    func scheduleDelivery(_ id: String) {
        device.loop.schedule(after: .zero) { [weak self] in self?.deliver(id) }
    }

    private func deliver(_ id: String) {
        guard let asset = try? store.asset(id), asset.phase != .downloading else { return }
        let event = asset.phase == .finished ? "finished" : "failed"
        if device.appState == .notRunning {
            guard backgroundRefusal == nil else { return }
            let app = device.infoPlist.bundleName
            guard device.lastTermination != .user else {
                device.console.log(
                    "Newsstand: the download of issue \(asset.issueName) \(event); \(app) is not launched for it, as the user swiped it away: it is handed over when the user opens the app")
                return
            }
            device.console.log("Newsstand: launching \(app) to hand it issue \(asset.issueName)")
            device.launch(reason: .newsstand)
            return
        }
        let reference = state.withLock { $0.library }
        device.wake(for: "Newsstand download of issue \(asset.issueName) \(event)") { application in
            guard let library = reference.library, library.application === application else { return }
            library.deliverCompletion(ofAsset: id)
        }
    }

    /// Puts a finished file under its real name for the delegate; nil if the download is not
    /// over, or was handed over already.
    func prepareCompletion(ofAsset id: String) -> Completion? {
        guard let asset = try? store.asset(id) else { return nil }
        switch asset.phase {
        case .downloading:
            return nil
        case .failed:
            return .failed(asset.error ?? .network("unknown"))
        case .finished:
            let directory = directories.delivery(ofAsset: id)
            let destination = directory.appendingPathComponent(asset.fileName ?? "download")
            let part = directories.partFile(ofAsset: id)
            let files = FileManager.default
            if files.fileExists(atPath: part.path) {
                try? files.createDirectory(at: directory, withIntermediateDirectories: true)
                try? files.removeItem(at: destination)
                try? files.moveItem(at: part, to: destination)
            }
            guard files.fileExists(atPath: destination.path) else {
                completeDelivery(ofAsset: id)
                return nil
            }
            return .finished(destination)
        }
    }

    /// Forgets a download the app was handed: its file, if the delegate left it, is deleted.
    func completeDelivery(ofAsset id: String) {
        try? FileManager.default.removeItem(at: directories.delivery(ofAsset: id))
        try? FileManager.default.removeItem(at: directories.partFile(ofAsset: id))
        try? store.removeAsset(id)
    }

    /// The app attached a delegate to download `id`: resume it if it waits, or deliver it if
    /// it ended while nobody listened.
    func attachDelegate(toAsset id: String) {
        guard let asset = try? store.asset(id) else { return }
        switch asset.phase {
        case .downloading: launchAttempt(id)
        case .finished, .failed: scheduleDelivery(id)
        }
    }
}
