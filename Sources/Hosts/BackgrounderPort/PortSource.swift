import SwiftParser
import SwiftSyntax

/// One Swift file as `port` reads it: its bytes, its syntax tree, and where an offset's line
/// starts and ends. Offsets are UTF-8 offsets into the file, as swift-syntax's positions are.
struct PortSource {
    /// The path printed before each change, as the user named it.
    let path: String
    let bytes: [UInt8]
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter

    init(path: String, text: String) {
        self.path = path
        bytes = Array(text.utf8)
        tree = Parser.parse(source: text)
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// The line (from 1) that holds `offset`.
    func line(of offset: Int) -> Int {
        converter.location(for: AbsolutePosition(utf8Offset: offset)).line
    }

    /// The line and column (from 1) of `position`.
    func location(of position: AbsolutePosition) -> SourceLocation {
        converter.location(for: position)
    }

    /// The file's text in `range`.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The offset where the line holding `offset` starts.
    func lineStart(of offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The offset of the newline that ends the line holding `offset` (or the end of the file).
    func lineEnd(of offset: Int) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    /// The spaces and tabs that begin the line holding `offset`.
    func indentation(ofLineAt offset: Int) -> String {
        let start = lineStart(of: offset)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return text(start..<end)
    }

    /// The offset of the first byte at or after `offset` that is not a space, tab or newline.
    func skippingWhitespace(from offset: Int) -> Int {
        var end = offset
        while end < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[end]) {
            end += 1
        }
        return end
    }
}
