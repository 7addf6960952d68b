import SwiftSyntax

/// What each construct's rule shares: it walks one file's tree and records the smallest edits
/// that make the construct build on Linux, or a note where none keeps its meaning. Rules never
/// change the tree; ``SourcePort`` applies their edits to the file's bytes, so that everything
/// else in the file (comments, spacing, layout) stays as it was.
class PortRule: SyntaxVisitor {
    let source: PortSource
    let methods: MethodIndex
    private(set) var edits: [PortEdit] = []
    /// Notes by the bytes they are about.
    private(set) var notes: [(range: Range<Int>, message: String)] = []

    init(source: PortSource, methods: MethodIndex) {
        self.source = source
        self.methods = methods
        super.init(viewMode: .sourceAccurate)
    }

    /// The rule's edits and notes for its file.
    func run() -> Self {
        walk(source.tree)
        return self
    }

    /// Replaces `node`'s text (without its leading and trailing trivia) with `text`.
    func replace(_ node: some SyntaxProtocol, with text: String, because reason: String) {
        edits.append(PortEdit(range: Self.range(of: node), replacement: text, reason: reason))
    }

    /// Inserts `text` right after `node`'s text.
    func insert(_ text: String, after node: some SyntaxProtocol, because reason: String) {
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        edits.append(PortEdit(range: end..<end, replacement: text, reason: reason))
    }

    /// Removes `node` (an attribute or a modifier) and the spaces and newlines after it, so that
    /// what followed it takes its place on its line.
    func remove(_ node: some SyntaxProtocol, because reason: String) {
        let range = Self.range(of: node)
        edits.append(
            PortEdit(range: range.lowerBound..<source.skippingWhitespace(from: range.upperBound), replacement: "", reason: reason))
    }

    /// Turns `node` into line comments, under a `// backgrounder port:` comment that says why,
    /// at the indentation of its first line. Code after it on its last line goes on a line of
    /// its own, so that it is not commented out with it.
    func commentOut(_ node: some SyntaxProtocol, because reason: String) {
        let range = Self.range(of: node)
        let indent = source.indentation(ofLineAt: range.lowerBound)
        var lines = source.text(range).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = lines.removeFirst()
        var text = "// backgrounder port: \(reason)\n\(indent)// \(first)"
        for line in lines {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                text += "\n\(indent)//"
            } else if line.hasPrefix(indent) {
                text += "\n\(indent)// \(line.dropFirst(indent.count))"
            } else {
                text += "\n// \(line)"
            }
        }
        let rest = source.text(range.upperBound..<source.lineEnd(of: range.upperBound))
        let restTrimmed = rest.drop { $0 == " " || $0 == "\t" }
        if !restTrimmed.isEmpty, !restTrimmed.hasPrefix("//") {
            text += "\n\(indent)"
            edits.append(
                PortEdit(range: range.lowerBound..<(range.upperBound + rest.utf8.count - restTrimmed.utf8.count), replacement: text, reason: reason))
        } else {
            edits.append(PortEdit(range: range, replacement: text, reason: reason))
        }
    }

    /// Records that `node` cannot be ported, and why.
    func note(_ node: some SyntaxProtocol, _ message: String) {
        notes.append((Self.range(of: node), message))
    }

    /// `node`'s text in the original file: its bytes, trivia excluded.
    func text(of node: some SyntaxProtocol) -> String {
        source.text(Self.range(of: node))
    }

    /// The file's text from `start` to `end`.
    func text(from start: AbsolutePosition, to end: AbsolutePosition) -> String {
        source.text(start.utf8Offset..<end.utf8Offset)
    }

    static func range(of node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }
}
