import Foundation

/// The names of the test functions under `Tests/` — the functions marked `@Test` — read from
/// the sources beside this file: for checking that what names a test (a rule of the rules
/// table) names a test that exists, not a helper that happens to share the name.
public func testFunctionNames(testsDirectory: URL = defaultTestsDirectory) -> Set<String> {
    Set(testFunctionDefinitions(testsDirectory: testsDirectory).keys)
}

/// Each test function's name under `Tests/`, with the files (relative to `Tests/`, sorted)
/// that define a test of that name: a name defined in two files is ambiguous, for deleting one
/// of them would leave what names it pointing at the other.
public func testFunctionDefinitions(testsDirectory: URL = defaultTestsDirectory) -> [String: [String]] {
    var definitions: [String: [String]] = [:]
    let root = testsDirectory.standardizedFileURL.path
    let files = FileManager.default.enumerator(at: testsDirectory, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        let path = String(file.standardizedFileURL.path.dropFirst(root.count).drop { $0 == "/" })
        for name in testFunctionNames(inSource: text) { definitions[name, default: []].append(path) }
    }
    return definitions.mapValues { $0.sorted() }
}

/// `Tests/`, the directory above this file's.
public let defaultTestsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

/// The functions of `source` marked `@Test` (with or without its arguments, other attributes
/// and modifiers between it and `func`); commented-out lines do not count.
public func testFunctionNames(inSource source: String) -> Set<String> {
    let code = source.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.drop(while: \.isWhitespace).hasPrefix("//") }
        .joined(separator: "\n")
    let modifiers = ["static", "class", "nonisolated", "mutating", "private", "fileprivate", "internal", "public", "final"]
    let isIdentifier = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
    var names = Set<String>()
    var rest = code[...]
    while let attribute = rest.range(of: "@Test") {
        var cursor = rest[attribute.upperBound...]
        rest = cursor
        guard let next = cursor.first, next == "(" || next.isWhitespace else { continue }  // not `@Tested`
        if next == "(" { cursor = afterParentheses(cursor) }
        while true {
            cursor = cursor.drop(while: \.isWhitespace)
            if cursor.first == "@" {
                cursor = cursor.dropFirst().drop(while: isIdentifier)
                if cursor.first == "(" { cursor = afterParentheses(cursor) }
            } else if let modifier = modifiers.first(where: { cursor.hasPrefix($0 + " ") }) {
                cursor = cursor.dropFirst(modifier.count)
            } else {
                break
            }
        }
        guard cursor.hasPrefix("func ") else { continue }
        let name = cursor.dropFirst(5).drop(while: \.isWhitespace).prefix(while: isIdentifier)
        if !name.isEmpty { names.insert(String(name)) }
        rest = cursor
    }
    return names
}

/// What follows the parenthesized text `text` starts with, its string literals skipped whole.
private func afterParentheses(_ text: Substring) -> Substring {
    var depth = 0
    var inString = false
    var index = text.startIndex
    while index < text.endIndex {
        let character = text[index]
        if inString {
            if character == "\\" {
                index = text.index(after: index)
                if index == text.endIndex { break }
            } else if character == "\"" {
                inString = false
            }
        } else if character == "\"" {
            inString = true
        } else if character == "(" {
            depth += 1
        } else if character == ")" {
            depth -= 1
            if depth == 0 { return text[text.index(after: index)...] }
        }
        index = text.index(after: index)
    }
    return text[text.endIndex...]
}
