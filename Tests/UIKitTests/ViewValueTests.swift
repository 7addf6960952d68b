import BackgroundRuntimeTesting
import Foundation
import Testing
import UIKit

/// The views background code touches, holding what it sets: images read from real files (made
/// by GStreamer's pngenc and jpegenc, and the web's 1×1 GIF), a progress bar, an image view, and
/// an alert that shows on the device's console until a button is chosen.
@Suite struct ViewValueTests {
    /// `videotestsrc num-buffers=1 ! video/x-raw,width=3,height=2 ! pngenc`.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAFUlEQVQImWNg+A8EQIKBAUzBOAz/AdlAD/HOXgbEAAAAAElFTkSuQmCC")!
    /// The same at 5×4 through jpegenc.
    static let jpeg = Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAUDBAQEAwUEBAQFBQUGBwwIBwcHBw8LCwkMEQ8SEhEPERETFhwXExQaFRERGCEYGh0dHx8fExciJCIeJBweHx7/2wBDAQUFBQcGBw4ICA4eFBEUHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh7/wAARCAAEAAUDAREAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDx34+3Mup/8Je+okXN3oniaHTILthtkkjH29WZwuELt5MWdqqPk4C5bPw3jJFYPI8NgqOlOPsLLfajNrV66e0l9+t7I/P/ABh5qWS0MNF/u41FKK00dWDnUs93zTvLVuzbUbRtFf/Z")!
    static let gif = Data(base64Encoded: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")!

    @Test func anImageKnowsItsSizeAndGivesBackTheFormItWasReadIn() throws {
        let png = try #require(UIImage(data: Self.png))
        #expect(png.size == CGSize(width: 3, height: 2))
        #expect(png.pngData() == Self.png)
        #expect(UIImagePNGRepresentation(png) == Self.png)
        #expect(png.jpegData(compressionQuality: 0.8) == nil, "no JPEG encoder here")
        let jpeg = try #require(UIImage(data: Self.jpeg))
        #expect(jpeg.size == CGSize(width: 5, height: 4))
        #expect(jpeg.jpegData(compressionQuality: 0.5) == Self.jpeg)
        #expect(jpeg.pngData() == nil)
        #expect(UIImage(data: Self.gif)?.size == CGSize(width: 1, height: 1))
    }

    @Test func whatIsNotAnImageIsNil() throws {
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(data: Self.png.prefix(20)) == nil, "a PNG cut before its size")
        #expect(UIImage(data: Self.jpeg.prefix(100)) == nil, "a JPEG cut before its frame")
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/photo.png") == nil)
        #expect(UIImage(named: "no-such-image") == nil)
    }

    @Test func aProgressBarPinsItsProgressAndAnImageViewHoldsItsImage() {
        let device = makeDevice { SilentDelegate() }
        device.launch()
        let values = device.performOnMain { _ -> [Float] in
            let bar = UIProgressView(progressViewStyle: .bar)
            bar.setProgress(0.25, animated: true)
            let quarter = bar.progress
            bar.progress = 1.5
            let full = bar.progress
            bar.progress = -1
            return [quarter, full, bar.progress]
        }
        #expect(values == [0.25, 1, 0])
        let size = device.performOnMain { _ in UIImageView(image: UIImage(data: Self.png)).image?.size }
        #expect(size == CGSize(width: 3, height: 2))
    }

    @Test func aPresentedAlertShowsOnTheConsoleAndItsChosenButtonRunsItsHandler() {
        let device = makeDevice { SilentDelegate() }
        device.launch()
        let chosen = CallRecorder()
        _ = device.performOnMain { _ in
            let screen = UIViewController()
            let alert = UIAlertController(title: "Download failed", message: "The server did not answer.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Retry", style: .default) { chosen.record("retry \($0.title ?? "")") })
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            screen.present(alert, animated: true) { chosen.record("presented") }
            screen.present(UIAlertController(title: "Second", message: nil, preferredStyle: .actionSheet), animated: true)
            #expect(screen.presentedViewController === alert)
            #expect(!alert.choose("Later"))
            #expect(alert.choose("Retry"))
            #expect(screen.presentedViewController == nil)
        }
        #expect(chosen.calls == ["presented", "retry Retry"])
        #expect(device.consoleLines(containing: "Alert \"Download failed\": The server did not answer. [Retry, Cancel]").count == 1)
        #expect(device.consoleLines(containing: "Attempt to present UIAlertController on UIViewController which is already presenting UIAlertController").count == 1)
    }
}
