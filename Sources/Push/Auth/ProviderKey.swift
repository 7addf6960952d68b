import Crypto
import Foundation

/// The key that signs providers' tokens (`--push-key`): requests must carry
/// `authorization: bearer <JWT>`, an ES256 token with the key's signature whose `iat` is less
/// than an hour old, as APNs's token-based authentication wants.
public struct ProviderKey: Sendable {
    /// The public key's X9.63 bytes (Crypto's key type is not `Sendable`).
    private let publicKeyBytes: Data

    /// How old a provider token may be (APNs: “no more than one hour”).
    static let tokenLifetime: TimeInterval = 3600

    /// Reads a PEM key: the `.p8` private key Apple issues (its public half is used), or the
    /// public key alone.
    public init(pem: String) throws(ProviderKeyError) {
        if let privateKey = try? P256.Signing.PrivateKey(pemRepresentation: pem) {
            publicKeyBytes = privateKey.publicKey.x963Representation
        } else if let publicKey = try? P256.Signing.PublicKey(pemRepresentation: pem) {
            publicKeyBytes = publicKey.x963Representation
        } else {
            throw .notAP256Key
        }
    }

    /// Reads the PEM key in `url`.
    public init(contentsOf url: URL) throws(ProviderKeyError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(pem: text)
    }

    /// Checks the `authorization` header's token at `now`.
    func verify(authorization: String?, now: Date) throws(APNsFailure) {
        guard let authorization else { throw APNsFailure(.missingProviderToken, "no authorization header: send \"bearer <provider token>\"") }
        let words = authorization.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0].lowercased() == "bearer" else {
            throw APNsFailure(.invalidProviderToken, "the authorization header is not \"bearer <provider token>\"")
        }
        let parts = words[1].split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Self.base64URL(parts[0]), let claimsData = Self.base64URL(parts[1]),
            let signatureData = Self.base64URL(parts[2])
        else { throw APNsFailure(.invalidProviderToken, "the provider token is not three base64url parts") }
        let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any]
        guard header?["alg"] as? String == "ES256" else {
            throw APNsFailure(.invalidProviderToken, "the provider token's alg is not ES256")
        }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
            let publicKey = try? P256.Signing.PublicKey(x963Representation: publicKeyBytes),
            publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8))
        else { throw APNsFailure(.invalidProviderToken, "the provider token's signature is not the key's") }
        let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any]
        guard let issuedAt = (claims?["iat"] as? NSNumber)?.doubleValue else {
            throw APNsFailure(.invalidProviderToken, "the provider token has no iat")
        }
        guard now.timeIntervalSince1970 - issuedAt <= Self.tokenLifetime else {
            throw APNsFailure(.expiredProviderToken, "the provider token was issued over an hour ago")
        }
    }

    private static func base64URL(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
