import Crypto
import Foundation

/// The key that signs providers' tokens (`--push-key`): requests must carry
/// `authorization: bearer <JWT>`, an ES256 token signed with the key, as APNs's token-based
/// authentication wants (Apple, “Establishing a token-based connection to APNs”,
/// https://developer.apple.com/documentation/usernotifications/establishing-a-token-based-connection-to-apns):
/// the header's `alg` is `ES256` and its `kid` the 10-character Key ID; the claims' `iss` is the
/// 10-character Team ID and `iat` the time it was made, in seconds since the epoch. A token whose
/// `iat` is over an hour old is refused with `ExpiredProviderToken`.
///
/// When `keyID` or `teamID` is known, a token naming another is refused with
/// `InvalidProviderToken`; when it is not, any value is taken, but the token must name one.
public struct ProviderKey: Sendable {
    /// The public key's X9.63 bytes (Crypto's key type is not `Sendable`).
    private let publicKeyBytes: Data
    /// The Key ID tokens must name in `kid`; nil takes any.
    public var keyID: String?
    /// The Team ID tokens must name in `iss`; nil takes any.
    public var teamID: String?

    /// How old a provider token may be (APNs: “APNs rejects any request whose token contains a
    /// timestamp that is more than one hour old”).
    static let tokenLifetime: TimeInterval = 3600

    /// Reads a PEM key: the `.p8` private key Apple issues (its public half is used), or the
    /// public key alone.
    public init(pem: String, keyID: String? = nil, teamID: String? = nil) throws(ProviderKeyError) {
        if let privateKey = try? P256.Signing.PrivateKey(pemRepresentation: pem) {
            publicKeyBytes = privateKey.publicKey.x963Representation
        } else if let publicKey = try? P256.Signing.PublicKey(pemRepresentation: pem) {
            publicKeyBytes = publicKey.x963Representation
        } else {
            throw .notAP256Key
        }
        self.keyID = keyID
        self.teamID = teamID
    }

    /// Reads the PEM key in `url`. Without `keyID`, a file named as Apple names the download,
    /// `AuthKey_<Key ID>.p8`, gives its Key ID.
    public init(contentsOf url: URL, keyID: String? = nil, teamID: String? = nil) throws(ProviderKeyError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(pem: text, keyID: keyID ?? Self.keyID(inFileName: url.lastPathComponent), teamID: teamID)
    }

    /// The Key ID in a name like `AuthKey_ABC123DEFG.p8`.
    static func keyID(inFileName name: String) -> String? {
        guard name.hasPrefix("AuthKey_"), name.hasSuffix(".p8") else { return nil }
        let id = name.dropFirst("AuthKey_".count).dropLast(".p8".count)
        return id.count == 10 && id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? String(id) : nil
    }

    /// Checks the `authorization` header's token: its form, its key and signature, its `kid`
    /// and `iss`. Returns when it was issued (`iat`); whether that is too long ago is the
    /// caller's to judge (``ProviderTokenState``), as it keeps the tokens it has checked.
    func verify(authorization: String?) throws(APNsFailure) -> ProviderToken {
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
        guard let kid = header?["kid"] as? String, !kid.isEmpty else {
            throw APNsFailure(.invalidProviderToken, "the provider token's header has no kid (the Key ID)")
        }
        if let keyID, kid != keyID {
            throw APNsFailure(.invalidProviderToken, "the provider token's kid \"\(kid.prefix(20))\" is not the key's ID \(keyID)")
        }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
            let publicKey = try? P256.Signing.PublicKey(x963Representation: publicKeyBytes),
            publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8))
        else { throw APNsFailure(.invalidProviderToken, "the provider token's signature is not the key's") }
        let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any]
        guard let iss = claims?["iss"] as? String, !iss.isEmpty else {
            throw APNsFailure(.invalidProviderToken, "the provider token has no iss (the Team ID)")
        }
        if let teamID, iss != teamID {
            throw APNsFailure(.invalidProviderToken, "the provider token's iss \"\(iss.prefix(20))\" is not the team \(teamID)")
        }
        // A number, or (as kalyke sends it, and APNs takes) a string of digits.
        let iat = claims?["iat"]
        guard let issuedAt = (iat as? NSNumber)?.doubleValue ?? (iat as? String).flatMap(Double.init), issuedAt.isFinite else {
            throw APNsFailure(.invalidProviderToken, "the provider token has no iat (seconds since the epoch)")
        }
        return ProviderToken(text: String(words[1]), issuedAt: Date(timeIntervalSince1970: issuedAt))
    }

    private static func base64URL(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
