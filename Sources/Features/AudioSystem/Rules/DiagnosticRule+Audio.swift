import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

extension DiagnosticRule {
    /// Audio was to play in the background with an audio session category that iOS silences
    /// there (ambient, soloAmbient).
    public static let backgroundAudioCategory = DiagnosticRule(rawValue: "background-audio-category")
}
