/// A push's result as a provider library reports it: its request id, the HTTP status (kalyke
/// reports none for a refusal), APNs's reason, and 410's timestamp.
struct ProviderResult: Decodable, Equatable, CustomStringConvertible {
    let id: String?
    let status: Int?
    let reason: String?
    let timestamp: Int64?

    var description: String { "\(status.map(String.init) ?? "-") \(reason ?? "ok") \(id ?? "no id")" }
}
