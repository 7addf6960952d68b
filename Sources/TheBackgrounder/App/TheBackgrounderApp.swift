import BackgroundRuntime
import Newsstand

/// TheBackgrounder's app delegate: it makes the tab screens at launch and hands each the
/// `Application`. Every launch gets a new delegate and new screens, as a new process would.
@AppMain
public final class TheBackgrounderApp: ApplicationDelegate {
    public let application: Application
    /// The Newsstand tab.
    public let newsstand: NewsstandScreen

    init(application: Application, newsstand: TransferService, newsstandURL: String) {
        self.application = application
        self.newsstand = NewsstandScreen(application: application, service: newsstand, defaultURL: newsstandURL)
    }
}
