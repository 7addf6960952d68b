import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// Handing finished and failed downloads to the app, as iOS does for Newsstand: the app is
/// woken if it is suspended, launched with reason newsstand if it is not running (never after
/// the user swiped it away), and the download stays pending until a delegate of the app's
/// launch waits for it and the app says it was handed over.
extension TransferService {
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
        // Only to a delegate of this launch, once: a launch that has none yet is handed the
        // download when it calls download(delegate:).
        let isAwaited = state.withLock { state in
            state.attached.contains(id) && state.delivering.insert(id).inserted
        }
        guard isAwaited else { return }
        guard let message = endEvent(of: asset) else {
            state.withLock { _ = $0.delivering.remove(id) }
            return
        }
        let woke = host.wake(for: "Newsstand download of issue \(asset.issueName) \(event)", sending: message)
        if !woke { state.withLock { _ = $0.delivering.remove(id) } }
    }

    /// The event that hands over a download that ended: a finished file is put under its real
    /// name first. Nil if the file is gone.
    private func endEvent(of asset: AssetRecord) -> NewsstandServiceEvent? {
        let id = asset.id
        guard asset.phase == .finished else { return .failed(asset: id, error: asset.error ?? .network("unknown")) }
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
        return .finished(asset: id, path: destination.path)
    }

    /// Forgets a download the app was handed: its file, if the delegate left it, is deleted.
    func completeDelivery(ofAsset id: String) {
        state.withLock { state in
            state.delivering.remove(id)
            state.attached.remove(id)
        }
        try? FileManager.default.removeItem(at: directories.delivery(ofAsset: id))
        try? FileManager.default.removeItem(at: directories.partFile(ofAsset: id))
        try? store.removeAsset(id)
    }

    /// A delegate of the app waits for download `id`: resume it if it waits, or deliver it if
    /// it ended while nobody listened.
    func attachDelegate(toAsset id: String) {
        guard let asset = try? store.asset(id) else { return }
        state.withLock { _ = $0.attached.insert(id) }
        switch asset.phase {
        case .downloading: launchAttempt(id)
        case .finished, .failed: scheduleDelivery(id)
        }
    }
}
