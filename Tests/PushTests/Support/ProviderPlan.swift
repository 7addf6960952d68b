/// What `Clients/providers.py` sends with a provider library: the key, its ids, the app's
/// topic, and the pushes in order.
struct ProviderPlan: Encodable {
    /// The `.p8` file the library signs its tokens with.
    var key: String
    var keyId = "ABC123DEFG"
    var teamId = "DEF123GHIJ"
    var topic = "com.raywenderlich.TheBackgrounder"
    /// aioapns only: a new token for each request, as a provider that misconfigures its
    /// token's lifetime makes them.
    var refreshTokenEachRequest = false
    var pushes: [Push]

    struct Push: Encodable {
        var token: String
        /// alert, background or voip.
        var kind: String
        /// The payload as JSON text; the library encodes it again from the value.
        var payload: String
        /// The `apns-id` the library sends; nil lets it make one.
        var id: String?
        var topic: String?
        /// Another `.p8` file to sign with.
        var key: String?
    }
}
