import BackgroundRuntime
import Foundation

/// The app's line to the system's audio service, shared by its ``AudioPlayer`` and
/// ``AppAudioSession``: calls answered on the spot (``Application/callService(_:_:)``), as an
/// iOS app's calls into the media server are.
@AppMain
final class AudioConnection {
    let application: Application
    private let decoder = JSONDecoder()

    init(application: Application) {
        self.application = application
    }

    /// Calls the service; its answer, or nil when it answers nothing (or is gone).
    func call<Answer: Decodable>(_ call: AudioServiceCall, answer: Answer.Type) -> Answer? {
        application.callService(AudioMessages.service, AudioMessages.json(call)).flatMap { decode(Answer.self, from: $0) }
    }

    /// Calls the service for a call that answers nothing.
    func tell(_ call: AudioServiceCall) {
        _ = application.callService(AudioMessages.service, AudioMessages.json(call))
    }

    /// `json` read as a `Value`; nil, logged, when it is not one.
    func decode<Value: Decodable>(_ type: Value.Type, from json: String) -> Value? {
        do {
            return try decoder.decode(type, from: Data(json.utf8))
        } catch {
            application.logger.info("Audio: ignoring a message the app cannot read as \(type): \(json.prefix(200))")
            return nil
        }
    }
}
