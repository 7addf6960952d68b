import BackgroundRuntime
import Foundation
import Newsstand
import NewsstandWire
import NewsstandSystem

/// A download's progress drawn on the terminal, `[██████░░░░░░]  41%  16.4 MB of 40.0 MB`,
/// redrawn in place five times a second while the app is on screen (in the background the
/// console logs the progress instead). Only when standard output is a terminal, never in a pipe.
enum TerminalProgressBar {
    static let width = 30

    /// Follows `issue`'s download until it is no longer downloading, if a terminal is attached.
    static func followIfAttached(_ service: TransferService, issue: String) {
        guard isatty(STDOUT_FILENO) == 1 else { return }
        redraw(service, issue: issue)
    }

    private static func redraw(_ service: TransferService, issue: String) {
        guard let snapshot = service.issueSnapshots().first(where: { $0.name == issue }) else { return }
        if service.device.appState == .active, let progress = snapshot.progress {
            StandardOutput.write("\r\u{1B}[K" + line(progress: progress, snapshot: snapshot))
        }
        guard snapshot.status == .downloading else {
            StandardOutput.write("\n")
            return
        }
        service.device.loop.schedule(after: .milliseconds(200)) { redraw(service, issue: issue) }
    }

    /// The bar's text for `progress` from 0 to 1.
    static func line(progress: Double, snapshot: IssueSnapshot) -> String {
        let clamped = min(1, max(0, progress))
        let filled = Int((clamped * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = String(format: "%3d%%", Int((clamped * 100).rounded(.down)))
        let sizes = snapshot.expectedBytes.map {
            "\(String(format: "%.1f", Double(snapshot.bytesWritten) / 1e6)) MB of \(String(format: "%.1f", Double($0) / 1e6)) MB"
        } ?? ""
        return "[\(bar)] \(percent)  \(sizes)"
    }
}
