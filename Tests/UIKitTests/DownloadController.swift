import UIKit

/// A download's screen with view outlets declared every way iOS code declares them: an
/// implicitly unwrapped label made in `viewDidLoad()` (an `@IBOutlet` as `backgrounder port`
/// leaves it), a `let` progress view, an optional image view, a `lazy` button, a `weak` label,
/// an outlet collection; and properties that are no view or hold none.
final class DownloadController: UIViewController {
    var statusLabel: UILabel!
    let progressView = UIProgressView(progressViewStyle: .bar)
    var coverView: UIImageView?
    lazy var playButton = UIButton()
    weak var detailLabel: UILabel!
    var speedButtons = [UIButton(), UIButton()]
    var bytes = 0
    var missingLabel: UILabel!
    /// What holds the weak label, as a view hierarchy would: a dictionary, which is no outlet.
    private var holder: [String: UILabel] = [:]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Download"
        statusLabel = UILabel()
        statusLabel.text = "Waiting"
        let detail = UILabel()
        detail.text = "0 of 40 MB"
        holder["detail"] = detail
        detailLabel = detail
    }
}
