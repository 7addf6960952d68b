import Foundation

/// What the app's ``AudioPlayer`` and the system's ``AudioService`` agree on: the service's
/// name and the JSON its messages are written in.
enum AudioMessages {
    /// The name the player's calls and news go by.
    static let service = "audio"

    /// How many batches of times the app may have been sent and not said it took in: the
    /// service sends no more to a busy or frozen app.
    static let timeWindow = 32

    /// `value` as the messages carry it.
    static func json(_ value: some Encodable) -> String {
        // The messages' own types always encode.
        String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }

    /// One encoder for every message, a time observer's tick's included: it is safe from any
    /// thread.
    private static let encoder = JSONEncoder()
}
