import SwiftSyntax

/// One file ported: every rule's edits applied to its bytes, and the changes and notes to
/// print. Where two edits overlap (an `@objc` inside an `observeValue` that is commented out),
/// the outer one wins; notes about code an edit rewrote, or inside another note's code, go.
struct SourcePort {
    /// The file's new text; the same bytes when nothing changed.
    let text: String
    let changes: [PortChange]
    let notes: [PortNote]

    init(_ source: PortSource, methods: MethodIndex) {
        let rules: [PortRule] = [
            ObjectiveCAttributeRule(source: source, methods: methods).run(),
            KeyValueObservingRule(source: source, methods: methods).run(),
            SelectorObserverRule(source: source, methods: methods).run(),
            SelectorTimerRule(source: source, methods: methods).run(),
            PlatformConditionRule(source: source, methods: methods).run(),
            LeftAloneRule(source: source, methods: methods).run(),
        ]
        let edits = Self.outermost(rules.flatMap(\.edits))
        var output = source.bytes
        for edit in edits.reversed() { output.replaceSubrange(edit.range, with: Array(edit.replacement.utf8)) }
        text = String(decoding: output, as: UTF8.self)
        changes = Self.changes(edits, in: source)
        let notes = rules.flatMap(\.notes).sorted { ($0.range.lowerBound, -$0.range.count) < ($1.range.lowerBound, -$1.range.count) }
        var kept: [(range: Range<Int>, message: String)] = []
        for note in notes
        where !edits.contains(where: { $0.range.overlaps(note.range) || $0.range.lowerBound == note.range.lowerBound })
            && !kept.contains(where: { $0.range.lowerBound <= note.range.lowerBound && note.range.upperBound <= $0.range.upperBound }) {
            kept.append(note)
        }
        self.notes = kept.map { PortNote(file: source.path, line: source.line(of: $0.range.lowerBound), message: $0.message) }
    }

    /// The edits in order, without those that overlap an earlier, larger one.
    private static func outermost(_ edits: [PortEdit]) -> [PortEdit] {
        let sorted = edits.sorted { ($0.range.lowerBound, -$0.range.count) < ($1.range.lowerBound, -$1.range.count) }
        var kept: [PortEdit] = []
        for edit in sorted {
            if let last = kept.last, edit.range.lowerBound < last.range.upperBound
                || (edit.range.isEmpty && last.range.isEmpty && edit.range.lowerBound == last.range.lowerBound)
            {
                continue
            }
            kept.append(edit)
        }
        return kept
    }

    /// One change per run of edits on the same lines: the lines before, the same lines after.
    private static func changes(_ edits: [PortEdit], in source: PortSource) -> [PortChange] {
        var groups: [(lines: Range<Int>, edits: [PortEdit])] = []
        for edit in edits {
            let start = source.lineStart(of: edit.range.lowerBound)
            // A removal that takes a line's newline joins the next line: the change shows both.
            let end = source.lineEnd(of: edit.range.upperBound)
            if let last = groups.last, start <= last.lines.upperBound {
                groups[groups.count - 1] = (last.lines.lowerBound..<max(end, last.lines.upperBound), last.edits + [edit])
            } else {
                groups.append((start..<end, [edit]))
            }
        }
        return groups.map { group in
            var after = Array(source.bytes[group.lines])
            for edit in group.edits.reversed() {
                let shifted = (edit.range.lowerBound - group.lines.lowerBound)..<(edit.range.upperBound - group.lines.lowerBound)
                after.replaceSubrange(shifted, with: Array(edit.replacement.utf8))
            }
            var reasons: [String] = []
            for edit in group.edits where !reasons.contains(edit.reason) { reasons.append(edit.reason) }
            return PortChange(
                file: source.path, line: source.line(of: group.edits[0].range.lowerBound), reason: reasons.joined(separator: "; "),
                before: source.text(group.lines), after: String(decoding: after, as: UTF8.self))
        }
    }
}
