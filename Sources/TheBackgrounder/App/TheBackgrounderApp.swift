import BackgroundRuntime
import VoIP

/// TheBackgrounder's app delegate: it makes the tab screens at launch and hands each the
/// `Application`. Every launch gets a new delegate and new screens, as a new process would.
@AppMain
public final class TheBackgrounderApp: ApplicationDelegate {
    public let application: Application
    /// The VoIP tab.
    public let voip: VoIPScreen

    init(application: Application, voip: VoIPService) {
        self.application = application
        self.voip = VoIPScreen(application: application, service: voip)
    }
}
