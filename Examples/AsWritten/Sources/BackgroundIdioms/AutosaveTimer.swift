import Foundation
import UIKit

// A repeating timer in a file that imports Foundation beside UIKit, as most iOS files do:
// `Timer` is the target's own name (FoundationOnBackgrounder.swift), so the line builds as
// written, and the timer fires on the device's clock and not while the app is suspended.
// Swift 5 code: in the Swift 6 mode Xcode refuses the main actor's state in Foundation's block,
// which is `@Sendable` and of no actor there (the Swift 6 target leaves this file out).
class AutosaveTimer {
    private var timer: Timer?
    var saves = 0

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { [weak self] _ in
            self?.saves += 1
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}
