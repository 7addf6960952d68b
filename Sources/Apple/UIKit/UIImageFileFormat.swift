import Foundation

/// The image files ``UIImage`` reads, and where each keeps its width and height.
enum UIImageFileFormat: String {
    case png
    case jpeg
    case gif

    /// The format of `data` and the image's size, from the file's header; nil when `data` is not
    /// a PNG, JPEG or GIF file with a size.
    static func read(_ data: Data) -> (UIImageFileFormat, CGSize)? {
        let bytes = [UInt8](data.prefix(1 << 16))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24 {
            // The IHDR chunk comes first: width and height, big-endian, at 16 and 20.
            return (.png, CGSize(width: Int(bigEndian: bytes, at: 16, count: 4), height: Int(bigEndian: bytes, at: 20, count: 4)))
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)), bytes.count >= 10 {
            let width = Int(bytes[6]) | Int(bytes[7]) << 8
            let height = Int(bytes[8]) | Int(bytes[9]) << 8
            return (.gif, CGSize(width: width, height: height))
        }
        if bytes.starts(with: [0xFF, 0xD8]), let size = jpegSize(bytes) {
            return (.jpeg, size)
        }
        return nil
    }

    /// The size in a JPEG's first start-of-frame segment (SOF0 to SOF15, but for DHT, JPG and
    /// DAC), walking the segments from the start.
    private static func jpegSize(_ bytes: [UInt8]) -> CGSize? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bigEndian: bytes, at: offset + 2, count: 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { return nil }
                return CGSize(width: Int(bigEndian: bytes, at: offset + 7, count: 2), height: Int(bigEndian: bytes, at: offset + 5, count: 2))
            }
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }
}

extension Int {
    /// The big-endian unsigned number in `count` bytes of `bytes` from `offset`.
    fileprivate init(bigEndian bytes: [UInt8], at offset: Int, count: Int) {
        self = bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
