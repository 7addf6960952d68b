import BackgroundWire
import Foundation

/// Where the device keeps the app's push tokens between runs: `push-tokens.json` in the
/// device's storage directory, so that a provider's stored token keeps working.
public struct PushTokenStore: Sendable {
    public let fileURL: URL

    public init(directory: URL) {
        fileURL = directory.appendingPathComponent("push-tokens.json")
    }

    /// The stored tokens; the error says why there are none.
    public func load() throws -> PushTokens {
        try JSONDecoder().decode(PushTokens.self, from: Data(contentsOf: fileURL))
    }

    /// The stored tokens, or new ones saved for next time; a file that cannot be read is
    /// replaced, and `problem` hears why.
    func loadOrCreate(problem: (String) -> Void) -> PushTokens {
        if FileManager.default.fileExists(atPath: fileURL.path) {
            do {
                return try load()
            } catch {
                problem("Push: \(fileURL.path) does not hold two push tokens (\(error)); new tokens are made")
            }
        }
        return renew(problem: problem)
    }

    /// New tokens, saved; `problem` hears if they cannot be saved.
    func renew(problem: (String) -> Void) -> PushTokens {
        let tokens = PushTokens.random()
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(tokens).write(to: fileURL, options: .atomic)
        } catch {
            problem("Push: cannot save the push tokens to \(fileURL.path): \(error.localizedDescription); they last until the device stops")
        }
        return tokens
    }
}
