import Foundation

/// Reads back what ``ISO8601Date`` wrote: an ISO 8601 string (whole seconds).
extension ISO8601Date: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = UTCDateText.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date")
        }
        self.init(wrappedValue: date)
    }
}
