import BackgroundWire
import LocationWire

/// Reads the fixes of an NMEA 0183 log, as a receiver (or gpsd's logs) writes them.
///
/// Sentences with the same UTC time make one epoch, and each epoch with a fix makes one point:
/// the position from RMC or GGA, the date from RMC, the altitude from GGA, the accuracy from
/// GST's error estimates (σ of latitude and longitude) or else from the HDOP of GGA or GSA
/// (× ``TrackPoint/rangeError``). Every sentence must end with its `*hh` checksum; a sentence
/// with a bad or missing checksum, too few fields or a bad value is skipped with a ``TrackIssue``,
/// and so is a line that is not a sentence. Other sentence types are ignored.
enum NMEAParser {
    /// The track in `bytes`; throws when no epoch has a usable fix.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String, fallbackName: String) throws(TrackError) -> Track {
        var reader = Reader(bytes: bytes, builder: TrackBuilder(source: source))
        reader.run()
        return try reader.builder.finish(name: fallbackName)
    }

    /// Whether `bytes` look like NMEA: the first non-blank byte is `$` or `!`.
    static func looksLikeNMEA(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.first { $0 > 0x20 }.map { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "!") } ?? false
    }

    /// The sentences of one UTC time.
    private struct Epoch {
        var timeOfDay: Double
        var line: Int
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var day: Int?
        var hasFix = true
        var fixProblem: String?
        var hdop: Double?
        var vdop: Double?
        var sigma: (latitude: Double, longitude: Double)?
        var altitudeSigma: Double?
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var builder: TrackBuilder
        var line = 0
        var epoch: Epoch?
        /// The day of the last RMC date, as days since 1970; a log without RMC starts on day 0.
        var currentDay = 0
        var lastTimeOfDay: Double?
        /// The byte ranges of the current sentence's fields (the sentence type first).
        var fields: [Range<Int>] = []

        init(bytes: UnsafeBufferPointer<UInt8>, builder: TrackBuilder) {
            self.bytes = bytes
            self.builder = builder
            fields.reserveCapacity(32)
        }

        mutating func run() {
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                line += 1
                var contentEnd = end
                while contentEnd > start, bytes[contentEnd - 1] == 0x0D || bytes[contentEnd - 1] == 0x20 { contentEnd -= 1 }
                if contentEnd > start { sentence(start..<contentEnd) }
                start = end + 1
            }
            flush()
        }

        private mutating func sentence(_ range: Range<Int>) {
            let first = bytes[range.lowerBound]
            guard first == UInt8(ascii: "$") || first == UInt8(ascii: "!") else {
                return builder.skip(line: line, "not an NMEA sentence (\"\(ASCIIBytes.text(bytes, range))\"); line skipped")
            }
            guard let star = range.reversed().first(where: { bytes[$0] == UInt8(ascii: "*") }), range.upperBound - star == 3 else {
                return builder.skip(line: line, "no *hh checksum at the end (truncated?); sentence skipped")
            }
            var sum: UInt8 = 0
            for index in range.lowerBound + 1..<star { sum ^= bytes[index] }
            guard let given = hexByte(star + 1) else {
                return builder.skip(line: line, "checksum \"\(ASCIIBytes.text(bytes, star..<range.upperBound))\" is not hexadecimal; sentence skipped")
            }
            guard given == sum else {
                let computed = String(sum, radix: 16, uppercase: true)
                return builder.skip(
                    line: line,
                    "bad checksum \(ASCIIBytes.text(bytes, star..<range.upperBound)) (the sentence adds up to *\(computed.count == 1 ? "0" : "")\(computed)); sentence skipped")
            }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = range.lowerBound + 1
            for index in range.lowerBound + 1..<star where bytes[index] == UInt8(ascii: ",") {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            fields.append(fieldStart..<star)
            let type = fields[0]
            guard type.count == 5, bytes[type.lowerBound] != UInt8(ascii: "P") else { return }
            let kind = type.lowerBound + 2..<type.upperBound
            if matches(kind, "RMC") {
                rmc()
            } else if matches(kind, "GGA") {
                gga()
            } else if matches(kind, "GSA") {
                gsa()
            } else if matches(kind, "GST") {
                gst()
            }
        }

        // MARK: Sentences

        private mutating func rmc() {
            guard enough(10, "RMC"), let time = timeOfDay(fields[1]) else { return }
            guard let day = date(fields[9]) else { return }
            begin(time, day: day)
            if bytes[fields[2]].first == UInt8(ascii: "V") {
                epoch?.hasFix = false
                epoch?.fixProblem = "the receiver had no fix (RMC status V)"
                return
            }
            position(latitude: fields[3], north: fields[4], longitude: fields[5], east: fields[6])
        }

        private mutating func gga() {
            guard enough(10, "GGA"), let time = timeOfDay(fields[1]) else { return }
            begin(time, day: nil)
            if bytes[fields[6]].elementsEqual([UInt8(ascii: "0")]) {
                epoch?.hasFix = false
                epoch?.fixProblem = "the receiver had no fix (GGA quality 0)"
                return
            }
            position(latitude: fields[2], north: fields[3], longitude: fields[4], east: fields[5])
            if let hdop = number(fields[8]) { epoch?.hdop = hdop }
            if let altitude = number(fields[9]) { epoch?.altitude = altitude }
        }

        private mutating func gsa() {
            guard enough(18, "GSA"), epoch != nil else { return }
            if let hdop = number(fields[16]) { epoch?.hdop = hdop }
            if let vdop = number(fields[17]) { epoch?.vdop = vdop }
        }

        private mutating func gst() {
            guard enough(9, "GST"), let time = timeOfDay(fields[1]) else { return }
            begin(time, day: nil)
            if let latitude = number(fields[6]), let longitude = number(fields[7]) {
                epoch?.sigma = (latitude, longitude)
            }
            let altitudeSigma = number(fields[8])
            epoch?.altitudeSigma = altitudeSigma
        }

        // MARK: Epochs

        /// Starts the epoch of `time` unless it is the current one.
        private mutating func begin(_ time: Double, day: Int?) {
            if let current = epoch, current.timeOfDay != time { flush() }
            if epoch == nil { epoch = Epoch(timeOfDay: time, line: line) }
            if let day { epoch?.day = day }
        }

        /// Turns the current epoch into a point.
        private mutating func flush() {
            guard let epoch else { return }
            self.epoch = nil
            if let day = epoch.day {
                currentDay = day
            } else if let last = lastTimeOfDay, epoch.timeOfDay < last - 43_200 {
                currentDay += 1
            }
            lastTimeOfDay = epoch.timeOfDay
            guard epoch.hasFix else {
                return builder.skip(line: epoch.line, "\(epoch.fixProblem ?? "no fix"); epoch skipped")
            }
            guard let latitude = epoch.latitude, let longitude = epoch.longitude else { return }
            let accuracy = epoch.sigma.map { ($0.latitude * $0.latitude + $0.longitude * $0.longitude).squareRoot() }
                ?? epoch.hdop.map { $0 * TrackPoint.rangeError } ?? TrackPoint.defaultAccuracy
            builder.add(
                latitude: latitude, longitude: longitude, time: Double(currentDay) * 86_400 + epoch.timeOfDay,
                altitude: epoch.altitude, horizontalAccuracy: accuracy,
                verticalAccuracy: epoch.altitudeSigma ?? epoch.vdop.map { $0 * TrackPoint.rangeError },
                line: epoch.line)
        }

        // MARK: Fields

        private mutating func enough(_ count: Int, _ type: String) -> Bool {
            guard fields.count >= count else {
                builder.skip(line: line, "\(type) has \(fields.count - 1) fields, too few (truncated?); sentence skipped")
                return false
            }
            return true
        }

        private mutating func position(latitude: Range<Int>, north: Range<Int>, longitude: Range<Int>, east: Range<Int>) {
            guard let lat = angle(latitude, "latitude", hemisphere: north, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S")),
                let lon = angle(longitude, "longitude", hemisphere: east, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
            else { return }
            epoch?.latitude = lat
            epoch?.longitude = lon
        }

        /// `ddmm.mmmm` or `dddmm.mmmm` with its hemisphere, as signed degrees.
        private mutating func angle(_ range: Range<Int>, _ name: String, hemisphere: Range<Int>, positive: UInt8, negative: UInt8) -> Double? {
            guard let value = number(range), value >= 0 else {
                builder.skip(line: line, "\(name) \"\(ASCIIBytes.text(bytes, range))\" is not a number; sentence skipped")
                return nil
            }
            let degrees = (value / 100).rounded(.down)
            let minutes = value - degrees * 100
            guard minutes < 60 else {
                builder.skip(line: line, "\(name) \"\(ASCIIBytes.text(bytes, range))\" has \(minutes.formatted) minutes; sentence skipped")
                return nil
            }
            let sign: Double
            switch hemisphere.count == 1 ? bytes[hemisphere.lowerBound] : 0 {
            case positive: sign = 1
            case negative: sign = -1
            default:
                builder.skip(line: line, "\(name) hemisphere \"\(ASCIIBytes.text(bytes, hemisphere))\" is not \(Character(Unicode.Scalar(positive))) or \(Character(Unicode.Scalar(negative))); sentence skipped")
                return nil
            }
            return sign * (degrees + minutes / 60)
        }

        /// `hhmmss.ss` as seconds of the day.
        private mutating func timeOfDay(_ range: Range<Int>) -> Double? {
            guard range.count >= 6,
                let hours = DecimalDigits.integer(bytes, range.lowerBound..<range.lowerBound + 2),
                let minutes = DecimalDigits.integer(bytes, range.lowerBound + 2..<range.lowerBound + 4),
                let seconds = ASCIIBytes.double(bytes, range.lowerBound + 4..<range.upperBound),
                hours < 24, minutes < 60, seconds < 61
            else {
                builder.skip(line: line, "time \"\(ASCIIBytes.text(bytes, range))\" is not hhmmss; sentence skipped")
                return nil
            }
            return Double(hours * 3600 + minutes * 60) + seconds
        }

        /// `ddmmyy` as days since 1970 (years 80–99 are 1980–1999, the rest 2000–2079).
        private mutating func date(_ range: Range<Int>) -> Int? {
            guard range.count == 6,
                let day = DecimalDigits.integer(bytes, range.lowerBound..<range.lowerBound + 2),
                let month = DecimalDigits.integer(bytes, range.lowerBound + 2..<range.lowerBound + 4),
                let shortYear = DecimalDigits.integer(bytes, range.lowerBound + 4..<range.upperBound),
                (1...12).contains(month)
            else {
                builder.skip(line: line, "date \"\(ASCIIBytes.text(bytes, range))\" is not ddmmyy; sentence skipped")
                return nil
            }
            let year = shortYear >= 80 ? 1900 + shortYear : 2000 + shortYear
            guard (1...CivilDate.daysIn(month: month, year: year)).contains(day) else {
                builder.skip(line: line, "date \"\(ASCIIBytes.text(bytes, range))\" does not exist; sentence skipped")
                return nil
            }
            return CivilDate.days(year: year, month: month, day: day)
        }

        private func number(_ range: Range<Int>) -> Double? {
            range.isEmpty ? nil : ASCIIBytes.double(bytes, range)
        }

        private func hexByte(_ position: Int) -> UInt8? {
            func digit(_ byte: UInt8) -> UInt8? {
                switch byte {
                case 48...57: byte - 48
                case 65...70: byte - 55
                case 97...102: byte - 87
                default: nil
                }
            }
            guard let high = digit(bytes[position]), let low = digit(bytes[position + 1]) else { return nil }
            return high << 4 | low
        }

        private func matches(_ range: Range<Int>, _ text: StaticString) -> Bool {
            ASCIIBytes.matches(bytes, range, text)
        }
    }
}
