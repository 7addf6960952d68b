import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// The file name a `Content-Disposition` header suggests (RFC 6266): `filename*=UTF-8''…`
/// wins over `filename="…"`. The name is returned as sent; ``SafeName`` judges it.
enum ContentDisposition {
    static func fileName(in header: String) -> String? {
        var plain: String?
        var extended: String?
        for parameter in parameters(of: header) {
            switch parameter.name.lowercased() {
            case "filename*": extended = decodeExtended(parameter.value)
            case "filename": plain = parameter.value
            default: break
            }
        }
        return extended ?? plain
    }

    /// `name=value` pairs after the disposition type; quoted values unescaped.
    private static func parameters(of header: String) -> [(name: String, value: String)] {
        var result: [(String, String)] = []
        var rest = Substring(header)
        guard let firstSemicolon = rest.firstIndex(of: ";") else { return [] }
        rest = rest[rest.index(after: firstSemicolon)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == ";" }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: equals)...].drop { $0 == " " }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        value.append(character)
                    }
                }
                rest = rest.drop { $0 != ";" }
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            result.append((name, value))
        }
        return result
    }

    /// `UTF-8''na%C3%AFve.pdf` → `naïve.pdf`.
    private static func decodeExtended(_ value: String) -> String? {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].lowercased() == "utf-8" else { return nil }
        return String(parts[2]).removingPercentEncoding
    }
}
