/// A raw-value enum: it encodes as its raw value.
enum Level: String, Codable {
    case info, warning
}
