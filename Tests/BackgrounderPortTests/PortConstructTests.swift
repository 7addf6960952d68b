import BackgrounderPort
import Foundation
import Testing

/// Each construct, rewritten with the smallest change: input → output, exact text.
@Suite struct PortConstructTests {
    private func ported(_ text: String) throws -> String {
        try PortDirectory.port(text).text
    }

    @Test func anOutletLosesItsAttributeAndKeepsTheRest() throws {
        #expect(try ported("class A {\n    @IBOutlet weak var label: UILabel!\n}\n") == "class A {\n    weak var label: UILabel!\n}\n")
        #expect(try ported("class A {\n    @IBOutlet var labels: [UILabel]!\n}\n") == "class A {\n    var labels: [UILabel]!\n}\n")
        #expect(
            try ported("class A {\n    // the label\n    @IBOutlet\n    private weak var label: UILabel?\n}\n")
                == "class A {\n    // the label\n    private weak var label: UILabel?\n}\n")
    }

    @Test func objcGoesWhereverItIsAndDynamicStays() throws {
        #expect(try ported("@objc(Player) class Player: NSObject {\n    @objc dynamic var rate = 0\n}\n") == "class Player: NSObject {\n    dynamic var rate = 0\n}\n")
        #expect(try ported("@objcMembers\nclass A {}\n") == "class A {}\n")
        #expect(try ported("class A {\n    @objc private func tick() {}\n}\n") == "class A {\n    private func tick() {}\n}\n")
    }

    @Test func interfaceBuildersOtherAttributesBuildOnLinuxAndStay() throws {
        let text = "@IBDesignable class Dial: UIView {\n    @IBInspectable var radius: Double = 0\n    @IBAction func tap(_ sender: UIButton) {}\n}\n"
        let result = try PortDirectory.port(text)
        #expect(result.text == text)
        #expect(result.report.changes.isEmpty)
    }

    /// The one line of the 2016 tutorial that differs in Examples/AsWritten: port makes of the
    /// tutorial's line the very line the example carries.
    @Test func theTutorialsSelectorObserverBecomesTheExamplesLine() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/AsWritten")
        let snippet = try String(
            contentsOf: examples.appendingPathComponent("Snippets/whatever-7-observe-did-become-active.txt"), encoding: .utf8)
        let example = try String(
            contentsOf: examples.appendingPathComponent("Sources/BackgroundModesTutorial/WhateverViewController.swift"), encoding: .utf8)
        let line = try #require(
            try ported(snippet).split(separator: "\n").first { $0.contains("addObserver") }?.trimmingCharacters(in: .whitespaces))
        #expect(line == "_ = NotificationCenter.default.addObserver(forName: NSNotification.Name.UIApplicationDidBecomeActive, object: nil, queue: nil) { [weak self] _ in self?.reinstateBackgroundTask() }")
        #expect(example.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line })
    }

    @Test func aSelectorObserverPassesTheNotificationWhenItsMethodTakesOne() throws {
        let methods = "    @objc func changed(_ note: Notification) {}\n    @objc func left(notification: Notification) {}\n    @objc func came() {}\n"
        let input = "class A {\n    init() {\n"
            + "        NotificationCenter.default.addObserver(self, selector: #selector(changed), name: .X, object: nil)\n"
            + "        center.addObserver(self, selector: #selector(A.left(notification:)), name: .Y, object: self)\n"
            + "        NotificationCenter.default.addObserver(self, selector: #selector(self.came), name: UIApplication.didBecomeActiveNotification, object: nil)\n"
            + "    }\n" + methods + "}\n"
        let output = "class A {\n    init() {\n"
            + "        _ = NotificationCenter.default.addObserver(forName: .X, object: nil, queue: nil) { [weak self] notification in self?.changed(notification) }\n"
            + "        _ = center.addObserver(forName: .Y, object: self, queue: nil) { [weak self] notification in self?.left(notification: notification) }\n"
            + "        _ = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil) { [weak self] _ in self?.came() }\n"
            + "    }\n" + methods.replacingOccurrences(of: "@objc ", with: "") + "}\n"
        #expect(try ported(input) == output)
    }

    @Test func aTargetSelectorTimerTakesTheBlockFormAndKeepsItsTarget() throws {
        let input = "class A {\n    var timer: Timer?\n    func start() {\n"
            + "        timer = Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)\n"
            + "        Timer.scheduledTimer(timeInterval: 5, target: clock, selector: #selector(Clock.ring), userInfo: nil, repeats: false)\n"
            + "    }\n    func tick(_ timer: Timer) {}\n}\n"
        let output = "class A {\n    var timer: Timer?\n    func start() {\n"
            + "        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [self] timer in self.tick(timer) }\n"
            + "        Timer.scheduledTimer(withTimeInterval: 5, repeats: false) { [clock] _ in clock.ring() }\n"
            + "    }\n    func tick(_ timer: Timer) {}\n}\n"
        #expect(try ported(input) == output)
    }

    @Test(arguments: [
        ("#if os(iOS)", "#if os(iOS) || os(Linux)"),
        ("#if os(iOS) || os(tvOS)", "#if os(iOS) || os(tvOS) || os(Linux)"),
        ("#if os(tvOS) || os(iOS)", "#if os(tvOS) || os(iOS) || os(Linux)"),
        ("#if os(iOS) && !targetEnvironment(macCatalyst)", "#if (os(iOS) || os(Linux)) && !targetEnvironment(macCatalyst)"),
        ("#if !os(iOS)", "#if !(os(iOS) || os(Linux))"),
        ("#if (os(iOS))", "#if (os(iOS)) || os(Linux)"),
        ("#if canImport(UIKit)", "#if canImport(UIKit)"),
        ("#if targetEnvironment(simulator)", "#if targetEnvironment(simulator)"),
        ("#if os(macOS)", "#if os(macOS)"),
    ])
    func anIOSConditionAlsoHoldsOnLinux(_ condition: String, _ expected: String) throws {
        #expect(try ported("\(condition)\nlet x = 1\n#endif\n") == "\(expected)\nlet x = 1\n#endif\n")
    }

    @Test func anElseIfBranchForIOSBuildsAndAConditionThatNamesLinuxIsTheAuthors() throws {
        #expect(try ported("#if os(macOS)\nlet x = 1\n#elseif os(iOS)\nlet x = 2\n#endif\n") == "#if os(macOS)\nlet x = 1\n#elseif os(iOS) || os(Linux)\nlet x = 2\n#endif\n")
        let authors = "#if os(iOS)\nlet x = 1\n#elseif os(Linux)\nlet x = 2\n#endif\n"
        #expect(try ported(authors) == authors)
    }

    @Test func kvoIsCommentedOutUnderACommentThatSaysWhatNoLongerHappens() throws {
        let input = "class A: NSObject {\n    func watch() {\n        player.addObserver(self, forKeyPath: \"rate\", options: .new, context: nil)\n    }\n"
            + "    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {\n"
            + "        print(keyPath ?? \"\")\n    }\n}\n"
        let output = "class A: NSObject {\n    func watch() {\n"
            + "        // backgrounder port: KVO needs the Objective-C runtime, which Swift on Linux has not, and nothing here posts a change of \"rate\" of player: commented out, so observeValue(forKeyPath:of:change:context:) is no longer called for it and what it did on a change does not happen\n"
            + "        // player.addObserver(self, forKeyPath: \"rate\", options: .new, context: nil)\n    }\n"
            + "    // backgrounder port: observeValue(forKeyPath:of:change:context:) is NSObject's KVO callback, which Foundation on Linux has not (nor NSKeyValueChangeKey): commented out; nothing calls it here\n"
            + "    // override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {\n"
            + "    //     print(keyPath ?? \"\")\n    // }\n}\n"
        #expect(try ported(input) == output)
    }

    @Test func eachChangeIsPrintedAsAFixItReads() throws {
        let report = try PortDirectory.port("class A {\n    @IBOutlet weak var label: UILabel!\n}\n").report
        #expect(report.changes.count == 1)
        let change = try #require(report.changes.first)
        #expect(change.file.hasSuffix("/File.swift") && change.line == 2)
        #expect("\(change)".hasSuffix(
            "/File.swift:2: @IBOutlet needs the Objective-C runtime (Interface Builder connects outlets through it), and Swift on Linux rejects it on a type that is not an @objc class: removed the attribute; the property is as it was\n"
                + "-    @IBOutlet weak var label: UILabel!\n+    weak var label: UILabel!"))
        #expect(report.summary.hasPrefix("backgrounder port: 1 change in 1 of the 1 Swift file under "))
    }
}
