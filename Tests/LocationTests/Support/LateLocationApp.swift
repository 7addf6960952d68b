import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire

/// An app whose Location screen (and so its location manager) is made only when a test says,
/// not at launch: as an app launched into its own process makes its manager once the process
/// has started, while the system's time — a script's `wait` on the virtual clock — goes on.
@AppMain
final class LateLocationApp: ApplicationDelegate {
    private let application: Application
    private let storeURL: URL
    private(set) var screen: LocationScreen?

    init(application: Application, storeURL: URL) {
        self.application = application
        self.storeURL = storeURL
    }

    /// Makes the screen, whose manager registers with the location service now.
    func makeScreen() -> LocationScreen {
        let screen = LocationScreen(application: application, storeURL: storeURL)
        self.screen = screen
        return screen
    }
}
