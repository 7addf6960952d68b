import Foundation

/// An image as background code handles one: the bytes of a PNG, JPEG or GIF file, with its size
/// in points read from the file's header. Backgrounder draws nothing, so an image is never
/// decoded into pixels, and it writes back only the form it was read in: `pngData()` of a PNG,
/// `jpegData(compressionQuality:)` of a JPEG; the other form is nil, where UIKit would convert.
///
/// `@unchecked Sendable`: every stored property is a `let`, as UIKit's image is immutable and
/// Sendable.
open class UIImage: @unchecked Sendable {
    /// The file's bytes.
    private let bytes: Data
    /// The file's format.
    let format: UIImageFileFormat
    /// The image's size in points (its pixels at scale 1).
    public let size: CGSize
    /// Points to pixels: always 1 here.
    public let scale: CGFloat = 1

    /// The image in `data`, a PNG, JPEG or GIF file; nil for anything else, as UIKit's.
    public init?(data: Data) {
        guard let (format, size) = UIImageFileFormat.read(data) else { return nil }
        bytes = data
        self.format = format
        self.size = size
    }

    /// The image in the file at `path`; nil when it cannot be read or is not an image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// The image named `name` among the main bundle's resources: `name` as given, else with
    /// `.png`, `@2x.png`, `@3x.png` or `.jpg` after it, the order UIKit looks in; nil when none is
    /// there.
    public convenience init?(named name: String) {
        let candidates = [name, "\(name).png", "\(name)@2x.png", "\(name)@3x.png", "\(name).jpg"]
        guard let url = candidates.lazy.compactMap({ Bundle.main.url(forResource: $0, withExtension: nil) }).first else {
            return nil
        }
        self.init(contentsOfFile: url.path)
    }

    /// The image as a PNG file: its bytes if it was read from one; nil otherwise.
    open func pngData() -> Data? {
        format == .png ? bytes : nil
    }

    /// The image as a JPEG file: its bytes if it was read from one, whatever the quality asked;
    /// nil otherwise.
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        format == .jpeg ? bytes : nil
    }
}

/// `UIImagePNGRepresentation(_:)`, the function Swift 4.1 and before spelled `pngData()` as.
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? {
    image.pngData()
}

/// `UIImageJPEGRepresentation(_:_:)`, the function Swift 4.1 and before spelled
/// `jpegData(compressionQuality:)` as.
public func UIImageJPEGRepresentation(_ image: UIImage, _ compressionQuality: CGFloat) -> Data? {
    image.jpegData(compressionQuality: compressionQuality)
}
