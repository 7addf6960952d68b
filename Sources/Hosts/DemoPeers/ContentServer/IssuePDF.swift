import BackgroundRuntime

/// The issue the built-in content server serves: a real PDF of many pages of text and vector
/// art, generated deterministically, so that any byte range can be produced on demand without
/// keeping the file anywhere.
///
/// Every page object with its content stream takes exactly ``segmentLength`` bytes (the
/// stream is padded with spaces), so the offset of every object — and so the cross-reference
/// table — is known without generating the pages before it.
public struct IssuePDF: Sendable {
    public let pageCount: Int
    public let segmentLength: Int
    private let prefix: [UInt8]
    private let tail: [UInt8]

    /// Objects 1 to 4 come first (catalog, pages, two fonts); page `i` is object `5 + 2i` and
    /// its content stream `6 + 2i`.
    private static let fixedObjects = 4

    /// The default issue: 1,600 pages of 25,000 bytes, about 40 MB.
    public init(pageCount: Int = 1_600, segmentLength: Int = 25_000) {
        precondition(pageCount > 0 && segmentLength >= 8_000, "an issue needs pages of at least 8,000 bytes")
        self.pageCount = pageCount
        self.segmentLength = segmentLength
        var prefix = PDFWriter()
        prefix.append("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n")
        var offsets = [prefix.count]
        prefix.append("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
        offsets.append(prefix.count)
        prefix.append("2 0 obj\n<< /Type /Pages /Count \(pageCount) /Kids [")
        for page in 0..<pageCount { prefix.append("\(5 + 2 * page) 0 R ") }
        prefix.append("] >>\nendobj\n")
        offsets.append(prefix.count)
        prefix.append("3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n")
        offsets.append(prefix.count)
        prefix.append("4 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>\nendobj\n")
        self.prefix = prefix.bytes
        var tail = PDFWriter()
        let objectCount = Self.fixedObjects + 2 * pageCount
        tail.append("xref\n0 \(objectCount + 1)\n0000000000 65535 f \n")
        for offset in offsets { tail.appendXrefEntry(offset) }
        for page in 0..<pageCount {
            let start = self.prefix.count + page * segmentLength
            tail.appendXrefEntry(start)
            tail.appendXrefEntry(start + Self.pageDictionary(page).utf8.count)
        }
        tail.append("trailer\n<< /Size \(objectCount + 1) /Root 1 0 R >>\nstartxref\n\(self.prefix.count + pageCount * segmentLength)\n%%EOF\n")
        self.tail = tail.bytes
    }

    /// The file's size in bytes.
    public var count: Int { prefix.count + pageCount * segmentLength + tail.count }

    /// A strong validator that changes whenever the content would.
    public var etag: String { "\"the-backgrounder-v1-\(pageCount)x\(segmentLength)\"" }

    /// The bytes in `range` (clamped to the file).
    public func bytes(in range: Range<Int>) -> [UInt8] {
        let range = range.clamped(to: 0..<count)
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        let pagesStart = prefix.count
        let tailStart = pagesStart + pageCount * segmentLength
        var position = range.lowerBound
        while position < range.upperBound {
            if position < pagesStart {
                let end = min(range.upperBound, pagesStart)
                result += prefix[position..<end]
                position = end
            } else if position < tailStart {
                let page = (position - pagesStart) / segmentLength
                let segmentStart = pagesStart + page * segmentLength
                let end = min(range.upperBound, segmentStart + segmentLength)
                let segment = self.segment(page)
                result += segment[(position - segmentStart)..<(end - segmentStart)]
                position = end
            } else {
                result += tail[(position - tailStart)..<(range.upperBound - tailStart)]
                position = range.upperBound
            }
        }
        return result
    }

    private static func pageDictionary(_ page: Int) -> String {
        "\(5 + 2 * page) 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            + "/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents \(6 + 2 * page) 0 R >>\nendobj\n"
    }

    /// Page `page` and its content stream, exactly ``segmentLength`` bytes.
    func segment(_ page: Int) -> [UInt8] {
        var writer = PDFWriter()
        writer.append(Self.pageDictionary(page))
        let streamEnd = "\nendstream\nendobj\n"
        let headerLength = "\(6 + 2 * page) 0 obj\n<< /Length 00000000 >>\nstream\n".utf8.count
        let contentLength = segmentLength - writer.count - headerLength - streamEnd.utf8.count
        writer.append("\(6 + 2 * page) 0 obj\n<< /Length ")
        writer.appendPadded(contentLength, width: 8)
        writer.append(" >>\nstream\n")
        let contentStart = writer.count
        drawPage(page, into: &writer, budget: contentLength)
        writer.appendSpaces(contentLength - (writer.count - contentStart))
        writer.append(streamEnd)
        return writer.bytes
    }

    /// A masthead, a column of text and a mosaic of colored squares, from a generator seeded
    /// with the page number.
    private func drawPage(_ page: Int, into writer: inout PDFWriter, budget: Int) {
        var random = SeededRandom(seed: UInt64(page) &+ 2013)
        let start = writer.count
        writer.append("BT /F2 24 Tf 72 730 Td (TheBackgrounder Magazine) Tj ET\n")
        writer.append("BT /F1 10 Tf 72 712 Td (Issue 2013 - page \(page + 1) of \(pageCount)) Tj ET\n")
        writer.append("BT /F1 10 Tf 13 TL 72 690 Td\n")
        while writer.count - start < budget / 2 {
            writer.append("(")
            for word in 0..<12 {
                if word > 0 { writer.append(" ") }
                writer.append(Self.words[Int(random.next() % UInt64(Self.words.count))])
            }
            writer.append(") Tj T*\n")
        }
        writer.append("ET\n")
        let squareLine = 46
        var square = 0
        while writer.count - start + squareLine < budget, square < 2_000 {
            let column = square % 40, row = square / 40
            writer.appendDecimal(Int(random.next() % 1000))
            writer.append(" ")
            writer.appendDecimal(Int(random.next() % 1000))
            writer.append(" ")
            writer.appendDecimal(Int(random.next() % 1000))
            writer.append(" rg \(72 + column * 12) \(40 + (row % 25) * 12) 10 10 re f\n")
            square += 1
        }
    }

    private static let words = [
        "background", "suspended", "newsstand", "issue", "download", "progress", "resume", "range",
        "assertion", "expiration", "audio", "location", "voip", "socket", "fetch", "tutorial",
        "app", "system", "budget", "seconds", "delegate", "library", "content", "magazine",
        "keep-alive", "wake", "launch", "state", "active", "inactive", "bytes", "page",
    ]
}
