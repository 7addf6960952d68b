import Foundation

/// What UIKit's state preservation wrote, as it travels in a ``RestorationArchive``'s `userInfo`:
/// the keyed archive the app delegate filled (`shouldSaveSecureApplicationState`'s coder) and
/// each preserved view controller's (`encodeRestorableState(with:)`), outermost first.
struct PreservedInterface: Codable, Equatable {
    var application: Data
    var controllers: [Data]

    /// The JSON a ``RestorationArchive`` carries.
    var json: String {
        // Data and arrays of it always encode.
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// What `json` wrote; nil for anything else (state the app preserved through the runtime's
    /// own API, or a damaged archive).
    init?(json: String?) {
        guard let json, let decoded = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
        self = decoded
    }

    init(application: Data, controllers: [Data]) {
        self.application = application
        self.controllers = controllers
    }
}
