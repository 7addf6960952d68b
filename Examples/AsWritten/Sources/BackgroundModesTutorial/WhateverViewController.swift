import UIKit

// The Whatever tab of "Background Modes Tutorial: Getting Started" (raywenderlich.com, 2016).
// The tutorial's code (Snippets/Whatever*.swift) is here as printed, in the places it says; the
// rest is what its starter project gives: the Fibonacci numbers and the Play/Pause button.
//
// One line differs, in viewDidLoad(): the tutorial observes UIApplicationDidBecomeActive with
// `addObserver(self, selector: #selector(reinstateBackgroundTask), …)`, and `#selector` needs the
// Objective-C runtime, which Swift on Linux has not. The block form observes the same
// notification on the same center.
class WhateverViewController: UIViewController {
  // The starter project's outlets and state.
  var resultsLabel = UILabel()
  var playPauseButton = UIButton()
  var previous = Decimal(0)
  var current = Decimal(1)
  var position = 1
  var updateTimer: Timer?

  var backgroundTask: UIBackgroundTaskIdentifier = UIBackgroundTaskInvalid

  override func viewDidLoad() {
    super.viewDidLoad()
    _ = NotificationCenter.default.addObserver(forName: NSNotification.Name.UIApplicationDidBecomeActive, object: nil, queue: nil) { [weak self] _ in self?.reinstateBackgroundTask() }
  }

  deinit {
    NotificationCenter.default.removeObserver(self)
  }

  func reinstateBackgroundTask() {
    if updateTimer != nil && (backgroundTask == UIBackgroundTaskInvalid) {
      registerBackgroundTask()
    }
  }

  func registerBackgroundTask() {
    backgroundTask = UIApplication.shared.beginBackgroundTask { [weak self] in
      self?.endBackgroundTask()
    }
    assert(backgroundTask != UIBackgroundTaskInvalid)
  }

  func endBackgroundTask() {
    print("Background task ended.")
    UIApplication.shared.endBackgroundTask(backgroundTask)
    backgroundTask = UIBackgroundTaskInvalid
  }

  // The starter project's Play/Pause action (an @IBAction there: Interface Builder's
  // attribute needs the Objective-C runtime too).
  func didTapPlayPause(_ sender: UIButton) {
    sender.isSelected = !sender.isSelected
    if sender.isSelected {
      resetCalculation()
      updateTimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
        self?.calculateNextNumber()
      }
      // register background task
      registerBackgroundTask()
    } else {
      updateTimer?.invalidate()
      updateTimer = nil
      // end background task
      if backgroundTask != UIBackgroundTaskInvalid {
        endBackgroundTask()
      }
    }
  }

  func resetCalculation() {
    previous = 0
    current = 1
    position = 1
  }

  func calculateNextNumber() {
    let result = current + previous
    if result < Decimal(sign: .plus, exponent: 40, significand: 1) {
      previous = current
      current = result
      position += 1
    } else {
      // This is just too much.... Start over.
      resetCalculation()
    }
    let resultsMessage = "Position \(position) = \(current)"

    switch UIApplication.shared.applicationState {
    case .active:
      resultsLabel.text = resultsMessage
    case .background:
      print("App is backgrounded. Next number = \(resultsMessage)")
      print("Background time remaining = \(UIApplication.shared.backgroundTimeRemaining) seconds")
    case .inactive:
      break
    }
  }
}
