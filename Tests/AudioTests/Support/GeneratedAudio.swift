import Foundation
import TestSupport

/// Audio files made for a test by `gst-launch-1.0`: a sine tone of the asked length and format,
/// and the nasty kinds (garbage bytes, an empty file, text).
enum GeneratedAudio {
    enum Format: String {
        case mp3, ogg, flac, wav

        var encoder: [String] {
            switch self {
            case .mp3: ["lamemp3enc", "bitrate=64"]
            case .ogg: ["audioconvert", "!", "vorbisenc", "!", "oggmux"]
            case .flac: ["flacenc"]
            case .wav: ["wavenc"]
            }
        }
    }

    /// A fresh directory for one test's files.
    static func directory() throws -> URL {
        TestTemporaryDirectory.make("backgrounder-audio")
    }

    /// A tone of `seconds` in `format`, named `name.format`.
    static func tone(
        _ name: String, seconds: Double, format: Format = .mp3, frequency: Int = 440, in directory: URL
    ) async throws -> URL {
        let url = directory.appendingPathComponent("\(name).\(format.rawValue)")
        let encoding = try await InteractiveProcess.run("gst-launch-1.0", ["-q",
            "audiotestsrc", "num-buffers=\(Int(seconds * 100))", "samplesperbuffer=441", "freq=\(frequency)", "!",
            "audio/x-raw,rate=44100,channels=1", "!"] + format.encoder + ["!", "filesink", "location=\(url.path)"])
        guard encoding.status == 0 else { throw GenerationFailed(file: url.lastPathComponent) }
        return url
    }

    /// A file of `bytes`; by default 20 KB of garbage that no format's detector takes for
    /// its own (no byte is 0xFF, so there is not even an MPEG frame sync).
    static func file(_ name: String, bytes: Data? = nil, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try (bytes ?? Data((0..<20_000).map { UInt8(($0 * 7_919 + 13) % 251) })).write(to: url)
        return url
    }

    struct GenerationFailed: Error {
        let file: String
    }
}
