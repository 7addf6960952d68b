import Foundation
import Testing

/// The sources hold the tutorial's code and Apple's listings as printed (Snippets/): each block
/// line for line, in order, indentation aside; the one line that differs is the tutorial's
/// `#selector` observer.
@Suite struct AsPrintedTests {
    /// The snippets' file names.
    static let snippets: [String] = try! FileManager.default.contentsOfDirectory(atPath: PackageFiles.url("Snippets").path)
        .filter { $0.hasSuffix(".txt") }.sorted()

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The snippet's lines that differ from the block of its source file that holds it: the
    /// block starts where the snippet's first line does and runs on line for line, a differing
    /// line standing in for the snippet's (of every place it could start, the one that differs
    /// least).
    static func missingLines(of snippet: String) throws -> [String] {
        let text = try String(contentsOf: PackageFiles.url("Snippets/\(snippet)"), encoding: .utf8)
        var snippetLines = lines(text)
        let header = snippetLines.removeFirst()
        let sourcePath = String(header.dropFirst("// ".count))
        let source = lines(try String(contentsOf: PackageFiles.url(sourcePath), encoding: .utf8))
        let starts = source.indices.filter { source[$0] == snippetLines[0] }
        let candidates = starts.map { start in
            var missing: [String] = []
            var next = start
            for line in snippetLines {
                if next >= source.endIndex || source[next] != line { missing.append(line) }
                next += 1
            }
            return missing
        }
        return candidates.min { $0.count < $1.count } ?? snippetLines
    }

    @Test(arguments: snippets) func eachBlockIsInItsFileAsPrinted(_ snippet: String) throws {
        let missing = try Self.missingLines(of: snippet)
        if snippet == "whatever-7-observe-did-become-active.txt" {
            #expect(missing == [
                "NotificationCenter.default.addObserver(self, selector: #selector(reinstateBackgroundTask), "
                    + "name: NSNotification.Name.UIApplicationDidBecomeActive, object: nil)"
            ])
        } else {
            #expect(missing.isEmpty)
        }
    }

    @Test func everyBlockOfTheTutorialAndOfApplesListingsIsThere() {
        #expect(Self.snippets.filter { $0.hasPrefix("whatever-") || $0.hasPrefix("fetch-") }.count == 10)
        #expect(Self.snippets.filter { $0.hasPrefix("region-") }.count == 1)
        #expect(Self.snippets.filter { $0.hasPrefix("downloads-") }.count == 4)
    }
}
