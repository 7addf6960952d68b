import Foundation

/// A file of `Fixtures/`: an iOS app's Swift file (`NAME.input`), rewritten by hand from a
/// public app found with the search tool so that it keeps the construct, and the text port
/// makes of it (`NAME.expected`). Those under `Builds/` build on Linux once ported
/// (scripts/check-template builds them); those under `LeftAlone/` hold what port only notes.
struct Fixture: CustomStringConvertible, Sendable {
    let group: String
    let name: String

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func all(in group: String) -> [Fixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(group).path)) ?? []
        return names.filter { $0.hasSuffix(".input") }.map { Fixture(group: group, name: String($0.dropLast(".input".count))) }
            .sorted { $0.name < $1.name }
    }

    var input: String {
        get throws { try String(contentsOf: url("input"), encoding: .utf8) }
    }

    var expected: String {
        get throws { try String(contentsOf: url("expected"), encoding: .utf8) }
    }

    private func url(_ suffix: String) -> URL {
        Self.directory.appendingPathComponent(group).appendingPathComponent("\(name).\(suffix)")
    }

    var description: String { "\(group)/\(name)" }
}
