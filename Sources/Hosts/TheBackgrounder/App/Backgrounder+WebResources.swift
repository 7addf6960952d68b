import BackgroundCommands
import Location
import Newsstand

extension Backgrounder {
    /// The web UI's files for the tabs: `newsstand/document`, the PDF the Newsstand screen's
    /// web view shows, and `location/map.svg`, the Location tab's map as `location map` draws it.
    public func webResource(_ path: String) -> WebResource? {
        switch path {
        case "newsstand/document":
            guard let document = device.snapshot(for: .newsstand)?.documentPath else {
                return .missing("the Newsstand screen shows no document")
            }
            return .file(path: document, contentType: "application/pdf")
        case "location/map.svg":
            do throws(TrackStoreError) {
                let (map, track) = try locationMap()
                return .text(try map.svg(path: track), contentType: "image/svg+xml; charset=utf-8")
            } catch {
                return .failed("the map cannot be drawn: \(error.description)")
            }
        default:
            return nil
        }
    }
}
