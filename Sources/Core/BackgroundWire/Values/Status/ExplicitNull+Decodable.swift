/// Reads back what ``ExplicitNull`` wrote (`null` for an absent value), so that a snapshot that
/// crossed from the app's own process as JSON, or a service's answer, decodes to its type.
extension ExplicitNull: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
    }
}
