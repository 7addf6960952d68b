import Foundation

/// What the app's ``Library`` and the system's ``TransferService`` share, and nothing more:
/// the name their messages go by and how a message is written. The same bytes cross in the
/// system's process and to an app in its own.
enum NewsstandService {
    /// The service's name in ``BackgroundRuntime/Application/callService(_:_:)`` and
    /// ``BackgroundRuntime/Device/wake(for:timeLimit:sending:fromService:)``.
    static let name = "newsstand"

    /// `value` as the messages carry it.
    static func json(_ value: some Encodable) -> String {
        // The messages' own types always encode.
        String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
    }
}
