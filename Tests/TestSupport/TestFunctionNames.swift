import Foundation

/// The names of the test functions under `Tests/`, read from the sources beside this file:
/// for checking that what names a test (a rule of the rules table) names one that exists.
public func testFunctionNames(testsDirectory: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()) -> Set<String> {
    var names = Set<String>()
    let files = FileManager.default.enumerator(at: testsDirectory, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        var remaining = text[...]
        while let range = remaining.range(of: "func ") {
            let name = remaining[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.insert(String(name)) }
            remaining = remaining[range.upperBound...]
        }
    }
    return names
}
