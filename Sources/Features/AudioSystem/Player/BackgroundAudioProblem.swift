import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// Why audio cannot go on in the background: the Info.plist lacks `audio` in
/// UIBackgroundModes, the session's category is silenced there, or both (Technical Q&A QA1668).
struct BackgroundAudioProblem {
    /// The diagnostic: the missing mode if it is missing, else the category.
    let rule: DiagnosticRule
    /// What ``QueuePlayer/play()`` throws.
    let error: PlaybackError
    /// What is wrong, as a clause: `the Info.plist has no "audio" in UIBackgroundModes`.
    let why: String
    /// What to do, as an imperative: `declare audio`.
    let fix: String

    /// The problem of an app that declares `audio` or not, with a session of `category`; nil
    /// when its audio may play in the background.
    init?(declaresAudio: Bool, category: AudioSessionCategory) {
        var why: [String] = []
        var fix: [String] = []
        if !declaresAudio {
            why.append("the Info.plist has no \"audio\" in UIBackgroundModes")
            fix.append("declare audio")
        }
        if !category.allowsBackgroundPlayback {
            why.append("the audio session's category is \(category), which iOS silences in the background")
            fix.append("set the category to playback or playAndRecord")
        }
        guard !why.isEmpty else { return nil }
        rule = declaresAudio ? .backgroundAudioCategory : .missingBackgroundMode
        error = declaresAudio ? .categoryNotForBackground(category) : .backgroundModeMissing
        self.why = why.joined(separator: ", and ")
        self.fix = fix.joined(separator: " and ")
    }
}
