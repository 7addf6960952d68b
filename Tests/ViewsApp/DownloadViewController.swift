import UIKit

/// A download's screen as an iOS app writes one: a status label and a progress bar that a timer
/// moves by 5% every half second, then an alert once the download is done.
final class DownloadViewController: UIViewController {
    var statusLabel: UILabel!
    let progressView = UIProgressView(progressViewStyle: .default)
    private var timer: Timer?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Download"
        statusLabel = UILabel()
        statusLabel.text = "Waiting"
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in self?.step() }
    }

    private func step() {
        progressView.setProgress(min(progressView.progress + 0.05, 1), animated: true)
        let percent = Int((progressView.progress * 100).rounded())
        guard percent >= 100 else {
            statusLabel.text = "Downloading \(percent)%"
            return
        }
        timer?.invalidate()
        statusLabel.text = "Download finished"
        let alert = UIAlertController(title: "Download finished", message: "The issue is ready to read.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
