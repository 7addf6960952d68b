import Foundation

/// A provider token whose signature the gateway checked: its text and its `iat`.
struct ProviderToken: Sendable, Equatable {
    let text: String
    let issuedAt: Date
}
