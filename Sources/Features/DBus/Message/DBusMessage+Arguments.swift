import CDBus

/// Writing ``DBusValue``s into a message and reading them back, with libdbus's iterators.
///
/// Values are checked before libdbus sees them (object paths, signatures, strings without
/// NUL), because libdbus aborts the process on a value it finds invalid.
extension DBusMessage {
    static func append(_ values: [DBusValue], to message: OpaquePointer) throws(DBusError) {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for value in values { try append(value, to: &iterator) }
    }

    private static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) throws(DBusError) {
        var appended: dbus_bool_t = 1
        switch value {
        case .byte(var byte): appended = dbus_message_iter_append_basic(&iterator, code("y"), &byte)
        case .boolean(let bool):
            var flag: dbus_bool_t = bool ? 1 : 0
            appended = dbus_message_iter_append_basic(&iterator, code("b"), &flag)
        case .int16(var number): appended = dbus_message_iter_append_basic(&iterator, code("n"), &number)
        case .uint16(var number): appended = dbus_message_iter_append_basic(&iterator, code("q"), &number)
        case .int32(var number): appended = dbus_message_iter_append_basic(&iterator, code("i"), &number)
        case .uint32(var number): appended = dbus_message_iter_append_basic(&iterator, code("u"), &number)
        case .int64(var number): appended = dbus_message_iter_append_basic(&iterator, code("x"), &number)
        case .uint64(var number): appended = dbus_message_iter_append_basic(&iterator, code("t"), &number)
        case .double(var number): appended = dbus_message_iter_append_basic(&iterator, code("d"), &number)
        case .string(let text): appended = appendString(text.withoutNUL, code("s"), to: &iterator)
        case .objectPath(let path):
            try checkPath(path)
            appended = appendString(path, code("o"), to: &iterator)
        case .signature(let signature):
            try checkSignature(signature)
            appended = appendString(signature, code("g"), to: &iterator)
        case .array(let element, let items):
            try checkSignature("a" + element, single: true)
            for item in items where item.signature != element {
                throw .invalidArgs("an array of \(element) holds a \(item.signature)")
            }
            try appendContainer(code("a"), signature: element, items, to: &iterator)
        case .dictEntry(let key, let value):
            try appendContainer(code("e"), signature: nil, [key, value], to: &iterator)
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidArgs("a D-Bus struct has at least one field") }
            try appendContainer(code("r"), signature: nil, fields, to: &iterator)
        case .variant(let inner):
            try appendContainer(code("v"), signature: inner.signature, [inner], to: &iterator)
        }
        guard appended != 0 else { throw outOfMemory }
    }

    private static func appendString(_ text: String, _ type: Int32, to iterator: inout DBusMessageIter) -> dbus_bool_t {
        text.withCString { pointer in
            var basic: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iterator, type, &basic)
        }
    }

    private static func appendContainer(
        _ type: Int32, signature: String?, _ items: [DBusValue], to iterator: inout DBusMessageIter
    ) throws(DBusError) {
        var sub = DBusMessageIter()
        let opened = signature.map { dbus_message_iter_open_container(&iterator, type, $0, &sub) }
            ?? dbus_message_iter_open_container(&iterator, type, nil, &sub)
        guard opened != 0 else { throw outOfMemory }
        do {
            for item in items { try append(item, to: &sub) }
        } catch {
            dbus_message_iter_abandon_container(&iterator, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &sub) != 0 else { throw outOfMemory }
    }

    private static func checkSignature(_ signature: String, single: Bool = false) throws(DBusError) {
        let valid = !signature.contains("\0")
            && (single ? dbus_signature_validate_single(signature, nil) : dbus_signature_validate(signature, nil)) != 0
        guard valid else { throw .invalidArgs("\(signature.debugDescription) is not a D-Bus type signature") }
    }

    // MARK: Reading

    static func readAll(_ iterator: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while case let type = dbus_message_iter_get_arg_type(&iterator), type != 0 {
            if let value = read(type, &iterator) { values.append(value) }
            guard dbus_message_iter_next(&iterator) != 0 else { break }
        }
        return values
    }

    private static func read(_ type: Int32, _ iterator: inout DBusMessageIter) -> DBusValue? {
        switch UInt8(truncatingIfNeeded: type) {
        case UInt8(ascii: "y"): .byte(basic(&iterator, UInt8(0)))
        case UInt8(ascii: "b"): .boolean(basic(&iterator, dbus_bool_t(0)) != 0)
        case UInt8(ascii: "n"): .int16(basic(&iterator, Int16(0)))
        case UInt8(ascii: "q"): .uint16(basic(&iterator, UInt16(0)))
        case UInt8(ascii: "i"): .int32(basic(&iterator, Int32(0)))
        case UInt8(ascii: "u"): .uint32(basic(&iterator, UInt32(0)))
        case UInt8(ascii: "x"): .int64(basic(&iterator, Int64(0)))
        case UInt8(ascii: "t"): .uint64(basic(&iterator, UInt64(0)))
        case UInt8(ascii: "d"): .double(basic(&iterator, Double(0)))
        case UInt8(ascii: "s"): .string(string(&iterator))
        case UInt8(ascii: "o"): .objectPath(string(&iterator))
        case UInt8(ascii: "g"): .signature(string(&iterator))
        case UInt8(ascii: "a"):
            .array(elementSignature: String(signature(of: &iterator).dropFirst()), contents(&iterator))
        case UInt8(ascii: "e"):
            dictEntry(contents(&iterator))
        case UInt8(ascii: "r"): .structure(contents(&iterator))
        case UInt8(ascii: "v"): contents(&iterator).first.map(DBusValue.variant)
        default: nil  // a Unix file descriptor ('h') or a newer type: skipped
        }
    }

    /// A dictionary entry of its key and value; libdbus's validation guarantees both.
    private static func dictEntry(_ fields: [DBusValue]) -> DBusValue? {
        fields.count == 2 ? .dictEntry(fields[0], fields[1]) : nil
    }

    private static func basic<T: BitwiseCopyable>(_ iterator: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func string(_ iterator: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    private static func contents(_ iterator: inout DBusMessageIter) -> [DBusValue] {
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &sub)
        return readAll(&sub)
    }

    private static func signature(of iterator: inout DBusMessageIter) -> String {
        guard let pointer = dbus_message_iter_get_signature(&iterator) else { return "" }
        defer { dbus_free(pointer) }
        return String(cString: pointer)
    }

    /// The type code of a signature character.
    private static func code(_ character: Unicode.Scalar) -> Int32 {
        Int32(character.value)
    }
}
