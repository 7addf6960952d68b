import Foundation

/// The JSON of the location service's messages, alike on both sides: numbers that are not
/// finite cross as the strings `inf`, `-inf` and `nan` (JSON has none), so that no value a
/// receiver sends can make a message fail to encode. One coder of each kind serves every
/// message: they keep no state between calls.
enum LocationJSON {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }()

    /// `value` as a message carries it.
    static func encode(_ value: some Encodable) -> String {
        // The service's own types always encode with non-finite numbers as strings.
        String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }

    /// The `T` in `json`; nil when it is not one.
    static func decode<T: Decodable>(_ type: T.Type, from json: String) -> T? {
        try? decoder.decode(type, from: Data(json.utf8))
    }
}
