@testable import BackgroundApp
import Foundation
import TestSupport
import Testing

/// Where an app's own binary finds the host it hands its command line to, on a made-up checkout
/// and package in a temporary directory.
@Suite("The host an app's binary finds", .temporaryDirectory)
struct HostExecutableTests {
    private let root = temporaryDirectory()
    private var checkout: URL { root.appendingPathComponent("Backgrounder") }
    private var app: URL { root.appendingPathComponent("Sync/.build/debug/Sync") }
    private var source: URL { checkout.appendingPathComponent("Sources/Core/BackgroundWire/Wire.swift") }
    /// No `PATH`: only the directories the tests make are looked in.
    private let environment = ["PATH": ""]

    init() throws {
        for file in [checkout.appendingPathComponent(".build/debug/backgrounder"), app] { try makeExecutable(file) }
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// sources\n".utf8).write(to: source)
        try setModified(source, secondsAgo: 60)
    }

    private func makeExecutable(_ file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }

    private func setModified(_ file: URL, secondsAgo: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: file.path)
    }

    private func find(_ environment: [String: String]? = nil) throws -> HostExecutable {
        try HostExecutable.find(forApp: app, environment: environment ?? self.environment, checkout: checkout).get()
    }

    @Test func theCheckoutsBuildIsTheHostAndItIsCurrent() throws {
        let host = try find()
        #expect(host.url.path == checkout.appendingPathComponent(".build/debug/backgrounder").path)
        #expect(host.newerSource == nil)
    }

    @Test func aSourceNewerThanTheCheckoutsHostIsNamed() throws {
        try setModified(checkout.appendingPathComponent(".build/debug/backgrounder"), secondsAgo: 120)
        #expect(try find().newerSource?.path == source.path)
    }

    @Test func aHostBesideTheAppComesFirstAndIsOneBuildWithIt() throws {
        try setModified(checkout.appendingPathComponent(".build/debug/backgrounder"), secondsAgo: 120)
        let beside = app.deletingLastPathComponent().appendingPathComponent("backgrounder")
        try makeExecutable(beside)
        try setModified(beside, secondsAgo: 120)
        let host = try find()
        #expect(host.url.path == beside.path)
        #expect(host.newerSource == nil, "the app and the host beside it are one build")
    }

    @Test func theEnvironmentNamesTheHostOrSaysWhatIsWrong() throws {
        let named = checkout.appendingPathComponent(".build/debug/backgrounder").path
        #expect(try find(["BACKGROUNDER_HOST": named]).url.path == named)
        let result = HostExecutable.find(forApp: app, environment: ["BACKGROUNDER_HOST": source.path], checkout: checkout)
        #expect(throws: HostNotFound.self) { try result.get() }
        #expect(
            result.failureDescription
                == "BACKGROUNDER_HOST=\(source.path) is not an executable file: name Backgrounder's `backgrounder` binary there")
    }

    @Test func withoutAHostItSaysHowToBuildOne() throws {
        try FileManager.default.removeItem(at: checkout.appendingPathComponent(".build"))
        let result = HostExecutable.find(forApp: app, environment: environment, checkout: checkout)
        #expect(result.failureDescription == """
            this app runs on Backgrounder's host, the `backgrounder` binary, and there is none beside the app, in \
            \(checkout.path)/.build or on the PATH: build it once with `swift build --package-path \(checkout.path) \
            --product backgrounder`, or name one in BACKGROUNDER_HOST
            """)
    }
}

extension Result where Failure == HostNotFound {
    /// The failure's words; nil on success.
    fileprivate var failureDescription: String? {
        guard case .failure(let notFound) = self else { return nil }
        return notFound.description
    }
}
