import Foundation
import UIKit

/// A screen whose state is the episode the user chose: it encodes it for state preservation and
/// decodes it when restored, recording each step.
final class EpisodesViewController: UIViewController {
    var episode: Int?
    private let recorder: CallRecorder

    init(_ recorder: CallRecorder) {
        self.recorder = recorder
        super.init()
        restorationIdentifier = "Episodes"
    }

    required init() {
        recorder = CallRecorder()
        super.init()
    }

    override func encodeRestorableState(with coder: NSCoder) {
        if let episode { coder.encode(episode, forKey: "episode") }
    }

    override func decodeRestorableState(with coder: NSCoder) {
        if coder.containsValue(forKey: "episode") { episode = coder.decodeInteger(forKey: "episode") }
        recorder.record("decodeRestorableState episode \(episode.map(String.init) ?? "none")")
    }

    override func applicationFinishedRestoringState() {
        recorder.record("applicationFinishedRestoringState")
    }
}
