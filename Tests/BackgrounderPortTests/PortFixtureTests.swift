import BackgrounderPort
import Foundation
import Testing

/// Port on files written from real iOS apps (Fixtures/): each becomes the expected text, byte
/// for byte, and a second run changes nothing.
@Suite struct PortFixtureTests {
    static let fixtures = Fixture.all(in: "Builds") + Fixture.all(in: "LeftAlone")

    @Test(arguments: fixtures)
    func eachFileBecomesItsExpectedText(_ fixture: Fixture) throws {
        let ported = try PortDirectory.port(try fixture.input)
        #expect(ported.report.problems.isEmpty)
        #expect(!ported.report.changes.isEmpty)
        #expect(ported.text == (try fixture.expected))
    }

    @Test(arguments: fixtures)
    func aSecondRunChangesNothing(_ fixture: Fixture) throws {
        let directory = try PortDirectory(["File.swift": try fixture.input])
        let first = try directory.port()
        let once = try directory.read("File.swift")
        let again = try directory.port()
        #expect(again.changes.isEmpty && again.addedFiles.isEmpty)
        #expect(try directory.read("File.swift") == once)
        let files = 1 + first.addedFiles.count
        #expect(again.summary.hasPrefix("backgrounder port: nothing to change in the \(files) Swift file\(files == 1 ? "" : "s") under "))
    }

    @Test func theFixturesAreTheRealFilesConstructs() {
        #expect(Self.fixtures.map(\.description) == [
            "Builds/AppDelegate", "Builds/BackgroundAudioTask", "Builds/BackgroundTimerViewController", "Builds/MusicViewController",
            "Builds/PlayerStatusViewController", "Builds/UploadViewController", "Builds/WheelSound",
            "LeftAlone/PlayerControls", "LeftAlone/WeatherRefresh",
        ])
    }

    @Test func whatItCannotRewriteIsListedAsLeftAlone() throws {
        let controls = try PortDirectory.port(try Fixture(group: "LeftAlone", name: "PlayerControls").input)
        #expect(controls.report.notes.map { "\($0.line): \($0.message)" } == [
            "6: @objc on protocol PlayerControlsDelegate, whose optional requirements need the Objective-C runtime; make them required with a default implementation in an extension",
            "18: #selector(play(_:)) needs the Objective-C runtime; UIButton here has no addTarget(_:action:for:) nor a closure form (UIAction) to take its place",
            "19: a timer with a userInfo: #selector needs the Objective-C runtime, and the app's Timer here (the block form) carries no userInfo",
            "20: block-based KVO (observe(_:options:changeHandler:)) needs the Objective-C runtime; nothing here posts the change",
        ])
        let weather = try PortDirectory.port(try Fixture(group: "LeftAlone", name: "WeatherRefresh").input)
        #expect(weather.report.notes.map { "\($0.line): \($0.message)" } == [
            "18: #selector(updateTemperature) needs the Objective-C runtime; the app's Timer here has only scheduledTimer(withTimeInterval:repeats:block:), no timer to add to a run loop"
        ])
    }

    @Test func aSelectorsMethodIsFoundInAnotherFile() throws {
        // MusicViewController's interruption handler, moved to an extension in a file of its own.
        let directory = try PortDirectory([
            "Observer.swift": "class Player {\n    func listen() {\n        NotificationCenter.default.addObserver(self, selector: #selector(interrupted), name: .AVAudioSessionInterruption, object: nil)\n    }\n}\n",
            "Player+Interruptions.swift": "extension Player {\n    @objc func interrupted(_ notification: Notification) {}\n}\n",
        ])
        _ = try directory.port()
        #expect(try directory.read("Observer.swift").contains(
            "_ = NotificationCenter.default.addObserver(forName: .AVAudioSessionInterruption, object: nil, queue: nil) { [weak self] notification in self?.interrupted(notification) }"))
    }
}
