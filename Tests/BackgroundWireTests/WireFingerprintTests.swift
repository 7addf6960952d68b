import BackgroundWire
import Foundation
import Testing

/// ``WireVersion`` names what crosses between the processes, so a change to the code of a
/// `*Wire` module (its values and their encoding; comments and spacing aside) must come with a
/// new version: a host and an app built before and after it then refuse each other by name.
@Suite("The wire's version")
struct WireFingerprintTests {
    /// The version and the fingerprint of the wire's code it was recorded with.
    private static let recorded = (version: 14, fingerprint: "f452cac555d2c60b")

    @Test func theWiresCodeIsTheCodeItsVersionWasRecordedWith() throws {
        let fingerprint = try Self.fingerprint()
        let next = WireVersion.current + 1
        if WireVersion.current == Self.recorded.version {
            #expect(
                fingerprint == Self.recorded.fingerprint,
                """
                the code of the wire changed since version \(WireVersion.current) was recorded: \
                set WireVersion.current to \(next) and record (version: \(next), fingerprint: "\(fingerprint)") here
                """)
        } else {
            Issue.record(
                "WireVersion.current is \(WireVersion.current): record (version: \(WireVersion.current), fingerprint: \"\(fingerprint)\") here")
        }
    }

    @Test func commentsAndSpacingAreNotCode() {
        #expect(
            Self.code(of: "let a = 1 // one\n/* a\nblock */  var b: Int\n")
                == Self.code(of: "let a=1\nvar b:Int"))
        #expect(Self.code(of: "let a = 1") != Self.code(of: "let a = 2"))
    }

    /// FNV-1a (64 bits) of the code of every `*Wire` module's files, in the order of their paths;
    /// `WireVersion.swift` aside, since the version is not part of the code it names.
    private static func fingerprint() throws -> String {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = checkout.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { path in path.hasSuffix(".swift") && path.split(separator: "/").contains { $0.hasSuffix("Wire") } }
            .filter { !$0.hasSuffix("/WireVersion.swift") }
            .sorted()
        #expect(files.contains { $0.hasPrefix("Core/BackgroundWire/") } && files.contains { $0.hasPrefix("Features/AudioWire/") })
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for byte in (file + "\n" + code(of: text)).utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }

    /// `text` without its comments and whitespace.
    private static func code(of text: String) -> String {
        var code = ""
        var rest = Substring(text)
        while let first = rest.first {
            if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                rest = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
            } else {
                if !first.isWhitespace { code.append(first) }
                rest = rest.dropFirst()
            }
        }
        return code
    }
}
