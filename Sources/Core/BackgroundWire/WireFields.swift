/// A type whose values the wire writes field by field, in an order the type fixes, rather than
/// through its `Codable` conformance: the messages that cross on every call and event
/// (``AppProcessMessage`` and what it carries), where `Codable`'s keyed containers — a key's
/// name written and looked up for every field, a generic call and a dynamic cast for every
/// value — cost more than the rest of the crossing together.
///
/// Its form is the tag `0x0B`, the byte length of what follows, then the fields, each a tagged
/// value of the format (see ``WireEncoder``), so that a reader checks every field as it would
/// any value and can skip the whole without understanding it. An enum writes its case's number
/// first. A type may write some of its values this way and leave the rest to `Codable`
/// (``writeFields(to:)`` returns false): the reader tells the two forms by the tag. The type
/// keeps `Codable` for every other coder (JSON for `status` and the web UI).
///
/// The fields carry no names, so both sides must be built from one source: ``WireVersion``
/// guards that, and `WireFingerprintTests` makes a change here bump it.
protocol WireFields: Codable {
    /// Writes the value's fields to `writer` and returns true; or returns false, having written
    /// nothing, to leave this value to its `Codable` form.
    func writeFields(to writer: inout WireWriter) throws -> Bool

    /// Reads a value from the fields ``writeFields(to:)`` wrote, in the same order.
    init(fields reader: inout WireReader) throws
}
