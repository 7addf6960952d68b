import BackgroundWire
import Foundation
import LocationWire

/// Reads the points of a GPX 1.0 or 1.1 file: every `<trkpt>`, `<rtept>` and `<wpt>` with its
/// `lat` and `lon`, and its `<ele>`, `<time>`, `<hdop>` and `<vdop>` when present.
///
/// It scans the bytes itself, strictly: the XML must be well-formed (comments, CDATA,
/// processing instructions and namespace prefixes are fine). A point with a bad value is
/// skipped with a ``TrackIssue``; at malformed XML or a truncated end the points read so far
/// are kept and the rest is skipped, with an issue saying where and why. A horizontal accuracy
/// comes from `<hdop>` (× ``TrackPoint/rangeError``), else it is Xcode's 5 m.
enum GPXParser {
    /// The track in `bytes`; throws when the file is not GPX or has no usable point.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String, fallbackName: String) throws(TrackError) -> Track {
        var scanner = Scanner(bytes: bytes, builder: TrackBuilder(source: source))
        do {
            try scanner.run()
        } catch {
            switch error {
            case .notGPX(let reason):
                throw .notGPX(file: source, reason: reason)
            case .malformed(let line, let reason):
                scanner.builder.skip(line: line, "malformed XML: \(reason); the rest of the file is skipped")
            case .truncated:
                scanner.noteTruncation()
            }
        }
        // An empty <name></name> names nothing.
        let name = [scanner.trackName, scanner.metadataName].compactMap { $0 }.first { !$0.isEmpty }
        return try scanner.builder.finish(name: name ?? fallbackName)
    }

    private enum ScanError: Error {
        case notGPX(String)
        case malformed(line: Int, String)
        /// The file ends inside a tag, a comment or an element.
        case truncated
    }

    /// The child elements of a point that are read, and the names that are kept.
    private enum Field {
        case elevation, time, hdop, vdop, trackName, metadataName
    }

    /// A point whose end tag has not been read yet.
    private struct Draft {
        let line: Int
        let depth: Int
        var latitude: Double?
        var longitude: Double?
        var latitudeText = "", longitudeText = ""
        var elevation: Double?
        var time: Double?
        var hdop: Double?
        var vdop: Double?
        var problem: String?
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var builder: TrackBuilder
        var index = 0
        var line = 1
        /// The open elements' qualified names, as byte ranges.
        var stack: [Range<Int>] = []
        var draft: Draft?
        var field: (kind: Field, depth: Int)?
        var captured: [UInt8] = []
        var trackName: String?
        var metadataName: String?
        var rootSeen = false

        init(bytes: UnsafeBufferPointer<UInt8>, builder: TrackBuilder) {
            self.bytes = bytes
            self.builder = builder
            captured.reserveCapacity(64)
        }

        mutating func run() throws(ScanError) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            while index < bytes.count {
                let textStart = index
                let tag = scan(to: UInt8(ascii: "<"))
                if field != nil, tag > textStart { captured.append(contentsOf: bytes[textStart..<tag]) }
                guard tag < bytes.count else { break }
                if stack.isEmpty, tag > textStart, !isBlank(textStart..<tag) {
                    throw .malformed(line: line, "text outside the root element")
                }
                index = tag + 1
                try markup()
            }
            guard rootSeen else { throw .notGPX("it has no root element") }
            if !stack.isEmpty { throw .truncated }
        }

        /// Notes that the file ends before its elements do.
        mutating func noteTruncation() {
            let what = draft != nil ? "the unfinished point is skipped" : "nothing after it is read"
            let open = stack.last.map { "<\(name($0))>" } ?? "a tag"
            builder.skip(line: line, "the file ends inside \(open) (truncated?); \(what)")
        }

        /// Reads what follows a `<`.
        private mutating func markup() throws(ScanError) {
            guard index < bytes.count else { throw .truncated }
            switch bytes[index] {
            case UInt8(ascii: "?"):
                try skip(past: Array("?>".utf8))
            case UInt8(ascii: "!"):
                if starts(with: "!--") {
                    try skip(past: Array("-->".utf8))
                } else if starts(with: "![CDATA[") {
                    index += 8
                    let start = index
                    try skip(past: Array("]]>".utf8))
                    if field != nil { captured.append(contentsOf: bytes[start..<index - 3]) }
                } else if stack.isEmpty {
                    try skip(past: [UInt8(ascii: ">")])
                } else {
                    throw .malformed(line: line, "unexpected <!")
                }
            case UInt8(ascii: "/"):
                index += 1
                let nameRange = readName()
                _ = scan(to: UInt8(ascii: ">"))
                guard index < bytes.count else { throw .truncated }
                guard !nameRange.isEmpty else { throw .malformed(line: line, "an end tag without a name") }
                index += 1
                guard let open = stack.last else { throw .malformed(line: line, "</\(name(nameRange))> closes nothing") }
                guard bytes[open].elementsEqual(bytes[nameRange]) else {
                    throw .malformed(line: line, "</\(name(nameRange))> closes <\(name(open))>")
                }
                stack.removeLast()
                endElement()
            default:
                try startTag()
            }
        }

        private mutating func startTag() throws(ScanError) {
            let nameRange = readName()
            guard !nameRange.isEmpty else { throw .malformed(line: line, "a tag without a name") }
            let local = localName(nameRange)
            if stack.isEmpty {
                guard !rootSeen else { throw .malformed(line: line, "a second root element <\(name(nameRange))>") }
                guard matches(local, "gpx") else { throw .notGPX("the root element is <\(name(nameRange))>, not <gpx>") }
                rootSeen = true
            }
            let parent = stack.last.map(localName)
            stack.append(nameRange)
            let isPoint = matches(local, "trkpt") || matches(local, "rtept") || matches(local, "wpt")
            if isPoint {
                if draft != nil {
                    builder.skip(line: line, "a point inside a point; the inner one is ignored")
                } else {
                    draft = Draft(line: line, depth: stack.count)
                }
            }
            var selfClosing = false
            while true {
                skipSpace()
                guard index < bytes.count else { throw .truncated }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if bytes[index] == UInt8(ascii: "/") {
                    guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                        throw .malformed(line: line, "a stray / in <\(name(nameRange))>")
                    }
                    index += 2
                    selfClosing = true
                    break
                }
                let attribute = try readAttribute(in: nameRange)
                if isPoint, draft?.depth == stack.count {
                    let key = localName(attribute.name)
                    if matches(key, "lat") {
                        draft?.latitude = ASCIIBytes.double(bytes, attribute.value)
                        draft?.latitudeText = ASCIIBytes.text(bytes, attribute.value)
                    } else if matches(key, "lon") {
                        draft?.longitude = ASCIIBytes.double(bytes, attribute.value)
                        draft?.longitudeText = ASCIIBytes.text(bytes, attribute.value)
                    }
                }
            }
            beginField(local, parent: parent)
            if selfClosing {
                stack.removeLast()
                endElement()
            }
        }

        private mutating func beginField(_ local: Range<Int>, parent: Range<Int>?) {
            guard field == nil else { return }
            if let draft, stack.count == draft.depth + 1 {
                let kind: Field? =
                    matches(local, "ele") ? .elevation
                    : matches(local, "time") ? .time
                    : matches(local, "hdop") ? .hdop
                    : matches(local, "vdop") ? .vdop : nil
                if let kind { field = (kind, stack.count) }
            } else if matches(local, "name"), let parent {
                if trackName == nil, matches(parent, "trk") || matches(parent, "rte") {
                    field = (.trackName, stack.count)
                } else if metadataName == nil, matches(parent, "metadata") {
                    field = (.metadataName, stack.count)
                }
            }
            captured.removeAll(keepingCapacity: true)
        }

        /// Handles the end of the element just popped off the stack.
        private mutating func endElement() {
            let depth = stack.count + 1
            if let open = field, open.depth == depth {
                field = nil
                finishField(open.kind)
            }
            if let point = draft, point.depth == depth {
                draft = nil
                add(point)
            }
        }

        private mutating func finishField(_ kind: Field) {
            let value = captured.withUnsafeBufferPointer { text -> Double? in
                kind == .time ? UTCDateText.seconds(in: text, 0..<text.count) : ASCIIBytes.double(text, 0..<text.count)
            }
            var problem: String?
            switch kind {
            case .trackName:
                trackName = Self.decodeEntities(String(decoding: captured, as: UTF8.self))
            case .metadataName:
                metadataName = Self.decodeEntities(String(decoding: captured, as: UTF8.self))
            case .elevation:
                draft?.elevation = value
                if value == nil { problem = "<ele> \"\(capturedText)\" is not a number" }
            case .time:
                draft?.time = value
                if value == nil { problem = "<time> \"\(capturedText)\" is not an ISO 8601 time" }
            case .hdop, .vdop:
                if kind == .hdop { draft?.hdop = value } else { draft?.vdop = value }
                if (value ?? -1) < 0 { problem = "<\(kind == .hdop ? "hdop" : "vdop")> \"\(capturedText)\" is not a dilution of precision" }
            }
            if let problem, draft?.problem == nil { draft?.problem = problem }
        }

        /// The captured text, for messages.
        private var capturedText: String {
            captured.withUnsafeBufferPointer { ASCIIBytes.text($0, 0..<$0.count) }
        }

        private mutating func add(_ point: Draft) {
            if let problem = point.problem { return builder.skip(line: point.line, "\(problem); point skipped") }
            guard let latitude = point.latitude else {
                let what = point.latitudeText.isEmpty ? "no lat attribute" : "lat \"\(point.latitudeText)\" is not a number"
                return builder.skip(line: point.line, "\(what); point skipped")
            }
            guard let longitude = point.longitude else {
                let what = point.longitudeText.isEmpty ? "no lon attribute" : "lon \"\(point.longitudeText)\" is not a number"
                return builder.skip(line: point.line, "\(what); point skipped")
            }
            builder.add(
                latitude: latitude, longitude: longitude, time: point.time, altitude: point.elevation,
                horizontalAccuracy: point.hdop.map { $0 * TrackPoint.rangeError } ?? TrackPoint.defaultAccuracy,
                verticalAccuracy: point.vdop.map { $0 * TrackPoint.rangeError }, line: point.line)
        }

        // MARK: Bytes

        /// Moves to the next `byte` (or the end), counting lines; returns its index.
        private mutating func scan(to byte: UInt8) -> Int {
            while index < bytes.count {
                let current = bytes[index]
                if current == byte { return index }
                if current == 0x0A { line += 1 }
                index += 1
            }
            return index
        }

        private mutating func skip(past terminator: [UInt8]) throws(ScanError) {
            while index < bytes.count {
                if bytes[index] == terminator[0], index + terminator.count <= bytes.count,
                    bytes[index..<index + terminator.count].elementsEqual(terminator)
                {
                    index += terminator.count
                    return
                }
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            throw .truncated
        }

        private mutating func skipSpace() {
            while index < bytes.count, ASCIIBytes.isSpace(bytes[index]) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        private mutating func readName() -> Range<Int> {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if ASCIIBytes.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                    || byte == UInt8(ascii: "<")
                {
                    break
                }
                index += 1
            }
            return start..<index
        }

        private mutating func readAttribute(in element: Range<Int>) throws(ScanError) -> (name: Range<Int>, value: Range<Int>) {
            let attributeName = readName()
            guard index < bytes.count else { throw .truncated }
            guard !attributeName.isEmpty else { throw .malformed(line: line, "unexpected \"\(character(at: index))\" in <\(name(element))>") }
            skipSpace()
            guard index < bytes.count else { throw .truncated }
            guard bytes[index] == UInt8(ascii: "=") else {
                throw .malformed(line: line, "attribute \(name(attributeName)) of <\(name(element))> has no value")
            }
            index += 1
            skipSpace()
            guard index < bytes.count else { throw .truncated }
            guard bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw .malformed(line: line, "the value of attribute \(name(attributeName)) is not quoted")
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw .malformed(line: line, "a < inside the value of \(name(attributeName))") }
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            guard index < bytes.count else { throw .truncated }
            index += 1
            return (attributeName, start..<index - 1)
        }

        private func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
        }

        /// The part of a qualified name after its namespace prefix.
        private func localName(_ range: Range<Int>) -> Range<Int> {
            var start = range.lowerBound
            for position in range where bytes[position] == UInt8(ascii: ":") { start = position + 1 }
            return start..<range.upperBound
        }

        private func matches(_ range: Range<Int>, _ text: StaticString) -> Bool {
            ASCIIBytes.matches(bytes, range, text)
        }

        private func isBlank(_ range: Range<Int>) -> Bool {
            bytes[range].allSatisfy(ASCIIBytes.isSpace)
        }

        private func name(_ range: Range<Int>) -> String {
            ASCIIBytes.text(bytes, range)
        }

        private func character(at position: Int) -> String {
            position < bytes.count ? ASCIIBytes.text(bytes, position..<position + 1) : "end of file"
        }

        /// Replaces XML's predefined entities and character references in a name, scalar by
        /// scalar (`;` followed by a combining mark is one `Character` that is not `;`); an `&`
        /// without its `;` is kept as it is.
        static func decodeEntities(_ text: String) -> String {
            guard text.unicodeScalars.contains("&") else { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
            var result = ""
            var rest = text.unicodeScalars[...]
            while let ampersand = rest.firstIndex(of: "&") {
                result.unicodeScalars.append(contentsOf: rest[..<ampersand])
                rest = rest[ampersand...]
                guard let semicolon = rest.firstIndex(of: ";") else { break }
                let entity = String(String.UnicodeScalarView(rest[rest.index(after: ampersand)..<semicolon]))
                switch entity {
                case "amp": result += "&"
                case "lt": result += "<"
                case "gt": result += ">"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let scalar = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                    result += scalar.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "&\(entity);"
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            result.unicodeScalars.append(contentsOf: rest)
            return result.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
