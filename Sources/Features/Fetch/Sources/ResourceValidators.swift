/// What identifies a version of a resource: its `ETag` and `Last-Modified` headers, and a
/// digest of its body for servers that send neither.
struct ResourceValidators: Sendable, Equatable {
    var entityTag: String?
    var lastModified: String?
    var bodyDigest: Int?

    /// Whether a response with these validators is a new version compared with `previous`.
    func isNewVersion(comparedWith previous: ResourceValidators?) -> Bool {
        guard let previous else { return true }
        if let entityTag, let earlier = previous.entityTag { return entityTag != earlier }
        if let lastModified, let earlier = previous.lastModified { return lastModified != earlier }
        return bodyDigest != previous.bodyDigest
    }
}
