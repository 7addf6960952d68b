/// Optional properties, one of them doubly optional.
struct Maybe: Codable, Equatable {
    var value: Int??
    var text: String?
}
