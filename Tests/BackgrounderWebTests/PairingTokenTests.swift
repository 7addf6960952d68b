@testable import BackgrounderWeb
import Foundation
import TestSupport
import Testing

@Suite("The pairing token", .temporaryDirectory)
struct PairingTokenTests {
    @Test func aNewTokenIs64HexDigitsFromTheSecureGenerator() {
        let tokens = (0..<32).map { _ in PairingToken.random() }
        for token in tokens {
            #expect(token.hex.count == 64)
            #expect(token.hex.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
        #expect(Set(tokens.map(\.hex)).count == tokens.count)
    }

    @Test func onlyExactly64HexDigitsAreAToken() {
        let hex = String(repeating: "ab", count: 32)
        #expect(PairingToken(hex)?.hex == hex)
        #expect(PairingToken("  \(hex.uppercased())\n")?.hex == hex)
        #expect(PairingToken(String(hex.dropLast())) == nil)
        #expect(PairingToken(hex + "a") == nil)
        #expect(PairingToken(String(hex.dropLast()) + "g") == nil)
        #expect(PairingToken("") == nil)
        #expect(PairingToken(String(hex.prefix(32)) + " " + String(hex.dropFirst(33))) == nil)
    }

    @Test func matchingIsExactAndNeverMistakesAPrefixOrAnExtension() {
        let token = PairingToken.random()
        #expect(token.matches(token.hex))
        #expect(!token.matches(token.hex.uppercased()))
        #expect(!token.matches(String(token.hex.dropLast())))
        #expect(!token.matches(token.hex + "0"))
        #expect(!token.matches(""))
        #expect(!token.matches(PairingToken.random().hex))
        #expect(!token.matches(String(repeating: "z", count: 10_000)))
    }

    @Test func theTokenNeverShowsInADescription() {
        let token = PairingToken.random()
        #expect(!"\(token)".contains(token.hex))
    }

    @Test func theFirstRunMakesAPrivateFileAndLaterRunsReadIt() throws {
        let directory = try temporaryDirectory()
        let first = try PairingToken.loadOrCreate(in: directory)
        let second = try PairingToken.loadOrCreate(in: directory)
        #expect(first == second)
        let path = directory.appendingPathComponent(PairingToken.fileName).path
        #expect(try String(contentsOfFile: path, encoding: .utf8) == first.hex + "\n")
        #expect(try mode(of: path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [PairingToken.fileName])
    }

    /// Found by the fault matrix: a `backgrounder pair` killed between writing its temporary
    /// file and linking it into place left the file behind, one more for every kill.
    @Test func aKilledWritersTemporaryIsRemovedAndALiveOnesIsKept() throws {
        let directory = try temporaryDirectory()
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let leftover = ".\(PairingToken.fileName).\(ended.processIdentifier).12345"
        let live = ".\(PairingToken.fileName).\(getppid()).6789"
        for name in [leftover, live] {
            #expect(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data("x".utf8)))
        }
        _ = try PairingToken.loadOrCreate(in: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == [live, PairingToken.fileName].sorted())
    }

    @Test func processesStartingAtOnceAgreeOnOneToken() async throws {
        let directory = try temporaryDirectory()
        let tokens = try await withThrowingTaskGroup(of: PairingToken.self) { group in
            for _ in 0..<16 { group.addTask { try PairingToken.loadOrCreate(in: directory) } }
            return try await group.reduce(into: [PairingToken]()) { $0.append($1) }
        }
        #expect(Set(tokens.map(\.hex)).count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [PairingToken.fileName])
    }

    @Test func aFileOthersCanReadIsMadePrivateAgain() throws {
        let directory = try temporaryDirectory()
        let token = try PairingToken.loadOrCreate(in: directory)
        let path = directory.appendingPathComponent(PairingToken.fileName).path
        chmod(path, 0o644)
        #expect(try PairingToken.loadOrCreate(in: directory) == token)
        #expect(try mode(of: path) == 0o600)
    }

    @Test(arguments: ["", "garbage\n", "0123456789abcdef0123456789abcdef\n", "\u{0}\u{1}\u{2}\u{ff}"])
    func aFileWithoutATokenIsAnErrorAndIsLeftAlone(contents: String) throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent(PairingToken.fileName).path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: PairingTokenError.invalid(path: path)) { try PairingToken.loadOrCreate(in: directory) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == contents)
        #expect("\(PairingTokenError.invalid(path: path))".contains("backgrounder pair --reset"))
    }

    @Test func aSymbolicLinkIsNotFollowed() throws {
        let directory = try temporaryDirectory()
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try (PairingToken.random().hex + "\n").write(to: elsewhere, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent(PairingToken.fileName).path, withDestinationPath: elsewhere.path)
        #expect(throws: PairingTokenError.self) { try PairingToken.loadOrCreate(in: directory) }
    }

    @Test func resetMakesANewPrivateToken() throws {
        let directory = try temporaryDirectory()
        let old = try PairingToken.loadOrCreate(in: directory)
        let new = try PairingToken.reset(in: directory)
        #expect(new != old)
        #expect(try PairingToken.loadOrCreate(in: directory) == new)
        #expect(try mode(of: directory.appendingPathComponent(PairingToken.fileName).path) == 0o600)
    }

    @Test func aDirectoryThatCannotBeWrittenIsAClearError() throws {
        let missing = try temporaryDirectory().appendingPathComponent("missing/deeper")
        #expect {
            try PairingToken.loadOrCreate(in: missing)
        } throws: { error in
            guard case .cannotCreate(let path, _) = error as? PairingTokenError else { return false }
            return path.hasPrefix(missing.path)
        }
    }

    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
