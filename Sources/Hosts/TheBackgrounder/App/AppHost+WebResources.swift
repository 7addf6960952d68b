import BackgroundCommands
import BackgrounderHost
import Location
import Newsstand

extension AppHost {
    /// The web UI's files for TheBackgrounder's tabs: `newsstand/document`, the PDF the
    /// Newsstand screen's web view shows, and `location/map.svg`, the Location tab's map as
    /// `location map` draws it.
    func theBackgroundersWebResource(_ path: String) -> WebResource? {
        switch path {
        case "newsstand/document":
            guard let document = device.snapshot(for: .newsstand)?.documentPath else {
                return .missing("the Newsstand screen shows no document")
            }
            return .file(path: document, contentType: "application/pdf")
        case "location/map.svg":
            guard let location = services.location else { return .missing("the location service is not running") }
            do throws(TrackStoreError) {
                let (map, track) = try locationMap(location)
                return .text(try map.svg(path: track), contentType: "image/svg+xml; charset=utf-8")
            } catch {
                return .failed("the map cannot be drawn: \(error.description)")
            }
        default:
            return nil
        }
    }
}
