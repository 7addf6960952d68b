/// The answers to the calls made on every task, event and wake are written field by field
/// (``WireFields``); the rest keep their `Codable` form.
extension AppAnswer: WireFields {
    /// The cases written field by field, by the number each is written as.
    enum Case: Int {
        case identifier, seconds, timer, path, date, deviceClock, optionalDate, serviceAnswer, noServiceAnswer, granted
        case transfer
    }

    func writeFields(to writer: inout WireWriter) throws -> Bool {
        switch self {
        case .identifier(let identifier):
            writer.write(case: Case.identifier)
            writer.write(identifier)
        case .seconds(let seconds):
            writer.write(case: Case.seconds)
            writer.write(seconds)
        case .timer(let id):
            writer.write(case: Case.timer)
            writer.write(id)
        case .path(let path):
            writer.write(case: Case.path)
            writer.write(path)
        case .date(let date):
            writer.write(case: Case.date)
            writer.write(date)
        case .deviceClock(let nanoseconds, let isRealTime):
            writer.write(case: Case.deviceClock)
            writer.write(nanoseconds)
            writer.write(isRealTime)
        case .optionalDate(let date):
            writer.write(case: Case.optionalDate)
            writer.write(date)
        case .serviceAnswer(let payload?):
            writer.write(case: Case.serviceAnswer)
            try payload.write(to: &writer)
        case .serviceAnswer(nil): writer.write(case: Case.noServiceAnswer)
        case .granted(let granted):
            writer.write(case: Case.granted)
            writer.write(granted)
        case .transfer(let identifier):
            writer.write(case: Case.transfer)
            writer.write(identifier)
        default: return false
        }
        return true
    }

    init(fields reader: inout WireReader) throws {
        self =
            switch try reader.read(case: Case.self) {
            case .identifier: .identifier(try reader.read(Int.self))
            case .seconds: .seconds(try reader.read(Double?.self))
            case .timer: .timer(id: try reader.read(Int.self))
            case .path: .path(try reader.read(String?.self))
            case .date: .date(try reader.read(Double.self))
            case .deviceClock: .deviceClock(nanoseconds: try reader.read(Int64.self), isRealTime: try reader.read(Bool.self))
            case .optionalDate: .optionalDate(try reader.read(Double?.self))
            case .serviceAnswer: .serviceAnswer(try ServicePayload(fields: &reader))
            case .noServiceAnswer: .serviceAnswer(nil)
            case .granted: .granted(try reader.read(Bool.self))
            case .transfer: .transfer(try reader.read(Int?.self))
            }
    }
}
