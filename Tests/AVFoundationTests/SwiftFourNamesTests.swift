import AVFoundation
import Audio
import BackgroundRuntime
import Testing

@Suite("AVFoundation's Swift 3 and 4 names, as the tutorials wrote them")
struct SwiftFourNamesTests {
    @available(*, deprecated, message: "exercises the names Swift 4.2 renamed")
    @Test func theTutorialsPlayAndRecordWithTheSpeakerIsTheSessionsCategory() {
        let radio = RadioDevice(modes: [.audio])
        defer { radio.service.shutdown() }
        let seconds = radio.inApp { _ -> Double in
            try? AVAudioSession.sharedInstance().setCategory(AVAudioSessionCategoryPlayAndRecord, with: .defaultToSpeaker)
            try? AVAudioSession.sharedInstance().setActive(true, with: [])
            return CMTimeGetSeconds(CMTimeMake(1, 100))
        }
        #expect(seconds == 0.01)
        #expect(radio.service.session.category == .playAndRecord && radio.service.session.isActive)
        #expect(radio.inApp { _ in AVAudioSession.sharedInstance().categoryOptions } == [.defaultToSpeaker])
    }
}
