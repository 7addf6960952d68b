import Audio
import BackgroundRuntime

/// TheBackgrounder's app delegate: it makes the tab screens at launch and hands each the
/// `Application`. Every launch gets a new delegate and new screens, as a new process would.
@AppMain
public final class TheBackgrounderApp: ApplicationDelegate {
    public let application: Application
    /// The Audio tab.
    public let audio: AudioScreen

    init(application: Application, audioPlayer: QueuePlayer) {
        self.application = application
        audio = AudioScreen(application: application, player: audioPlayer)
    }
}
