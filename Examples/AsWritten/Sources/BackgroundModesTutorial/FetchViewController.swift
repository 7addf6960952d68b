import UIKit

// The Fetch tab's controller as the 2016 tutorial's starter project gives it ("there's nothing
// you need to do to it"): fetch(_:) gets the current time, updateUI() shows it.
class FetchViewController: UIViewController {
  var updateLabel: UILabel?
  var time: Date?

  func fetch(_ completion: () -> Void) {
    time = Date()
    completion()
  }

  func updateUI() {
    guard let updateLabel = updateLabel else {
      return
    }
    if let time = time {
      let formatter = DateFormatter()
      formatter.dateStyle = .short
      formatter.timeStyle = .long
      updateLabel.text = formatter.string(from: time)
    } else {
      updateLabel.text = "Not yet updated"
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    // Interface Builder connects the outlet as the view loads.
    updateLabel = UILabel()
    updateUI()
  }

  func didTapUpdate(_ sender: UIButton) {
    fetch { self.updateUI() }
  }
}
