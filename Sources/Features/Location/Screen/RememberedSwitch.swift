import Foundation
import LocationWire

/// A switch the app keeps across its launches as a file in its data directory, as an app keeps
/// one in its defaults: Core Location does not tell a relaunched app which services it had on.
struct RememberedSwitch {
    /// The file that is there while the switch is on.
    let url: URL

    /// Whether the switch was left on.
    var isOn: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Remembers `on`; returns why it cannot be remembered, if it cannot.
    func remember(_ on: Bool) -> String? {
        guard on else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        return FileManager.default.createFile(atPath: url.path, contents: nil) ? nil : "\(url.path) cannot be written"
    }
}
