/// One message's encoding while it is built (see "How it encodes" in ``WireEncoder``): every
/// scalar and key, in the order written, in ``scratch``; every container a node whose items are
/// runs of `scratch` or child nodes. ``write(into:)`` sizes the nodes bottom-up and copies the
/// message out with each length exact.
///
/// It belongs to one ``WireEncoder`` and is used from one thread at a time, and no access to
/// its buffers overlaps another, so they skip the runtime's exclusivity checks, which cost a
/// third of the encoder's instructions.
///
/// Node 0 is the message's slot. A slot is a place for one value that adds no bytes of its own
/// (the message, a `superEncoder()`'s value); an empty one is written as an empty keyed
/// container, as JSON writes `{}`.
final class WireTree {
    struct Node {
        /// `.keyed` or `.unkeyed`; nil for a slot.
        var tag: WireTag?
        /// How many containers enclose this one's values, itself included.
        var depth: Int
        var count = 0
        var firstItem = -1
        var lastItem = -1
        /// The bytes after the byte length, then all of the node's bytes (set by sizing).
        var contentSize = 0
        var size = 0
    }

    /// A run of ``scratch`` when `child` is negative, else the node `child`.
    struct Item {
        var start: Int
        var end: Int
        var child: Int
        var next = -1
    }

    /// What an empty slot is written as: an empty keyed container.
    private static let emptyKeyed: [UInt8] = [WireTag.keyed.rawValue, 1, 0]
    /// The most scratch capacity kept between messages, so one huge message does not pin its
    /// memory for the connection's life.
    private static let keptCapacity = 1 << 20

    @exclusivity(unchecked) private(set) var nodes: [Node] = []
    @exclusivity(unchecked) private var items: [Item] = []
    @exclusivity(unchecked) var scratch: [UInt8] = []
    /// The first misuse of an encoder met in this message, thrown when the message is done.
    var misuse: EncodingError?

    /// Starts a message: its slot is node 0.
    func start() {
        nodes.append(Node(tag: nil, depth: 0))
    }

    /// Forgets the message, keeping the buffers' capacity up to a bound.
    func reset() {
        let keep = scratch.capacity <= Self.keptCapacity
        nodes.removeAll(keepingCapacity: keep)
        items.removeAll(keepingCapacity: keep)
        scratch.removeAll(keepingCapacity: keep)
        misuse = nil
    }

    /// Gives `node` the bytes written to ``scratch`` since `start`, after its other items.
    func attach(from start: Int, to node: Int) {
        guard scratch.count > start else { return }
        let last = nodes[node].lastItem
        if last >= 0, items[last].child < 0, items[last].end == start {
            items[last].end = scratch.count
        } else {
            append(Item(start: start, end: scratch.count, child: -1), to: node)
        }
    }

    /// Adds a container (`tag`) or a slot (nil) as the next item of `parent`; returns its index.
    func addNode(_ tag: WireTag?, to parent: Int) -> Int {
        nodes.append(Node(tag: tag, depth: nodes[parent].depth + (tag == nil ? 0 : 1)))
        append(Item(start: 0, end: 0, child: nodes.count - 1), to: parent)
        return nodes.count - 1
    }

    /// Counts one more entry or element of `node`.
    func countEntry(of node: Int) {
        nodes[node].count += 1
    }

    /// Whether all that was written since `start` is a nil, after any `some` tags, at the end
    /// of `node`'s last item.
    func endsWithNil(from start: Int, in node: Int) -> Bool {
        let last = nodes[node].lastItem
        guard scratch.count > start, scratch.last == WireTag.null.rawValue, last >= 0, items[last].child < 0,
            items[last].start <= start, items[last].end == scratch.count
        else { return false }
        return scratch[start..<scratch.count - 1].allSatisfy { $0 == WireTag.some.rawValue }
    }

    /// Puts the `some` tag at `start`, before what ``endsWithNil(from:in:)`` found.
    func insertSome(at start: Int, in node: Int) {
        scratch.insert(WireTag.some.rawValue, at: start)
        items[nodes[node].lastItem].end += 1
    }

    /// Appends the message to `buffer`.
    func write(into buffer: inout [UInt8]) {
        for index in nodes.indices.reversed() {  // children come after their parents
            var size = 0
            var item = nodes[index].firstItem
            while item >= 0 {
                let child = items[item].child
                size += child < 0 ? items[item].end - items[item].start : nodes[child].size
                item = items[item].next
            }
            if nodes[index].tag == nil {
                nodes[index].size = size == 0 ? Self.emptyKeyed.count : size
            } else {
                size += [UInt8].varintSize(UInt64(nodes[index].count))
                nodes[index].contentSize = size
                nodes[index].size = 1 + [UInt8].varintSize(UInt64(size)) + size
            }
        }
        buffer.reserveCapacity(buffer.count + nodes[0].size)
        write(node: 0, into: &buffer)
    }

    private func write(node index: Int, into buffer: inout [UInt8]) {
        let node = nodes[index]
        if let tag = node.tag {
            buffer.append(tag.rawValue)
            buffer.appendVarint(UInt64(node.contentSize))
            buffer.appendVarint(UInt64(node.count))
        } else if node.firstItem < 0 {
            buffer.append(contentsOf: Self.emptyKeyed)
        }
        var item = node.firstItem
        while item >= 0 {
            let run = items[item]
            if run.child < 0 {
                buffer.append(contentsOf: scratch[run.start..<run.end])
            } else {
                write(node: run.child, into: &buffer)
            }
            item = run.next
        }
    }

    private func append(_ item: Item, to node: Int) {
        items.append(item)
        let index = items.count - 1
        if nodes[node].lastItem >= 0 {
            items[nodes[node].lastItem].next = index
        } else {
            nodes[node].firstItem = index
        }
        nodes[node].lastItem = index
    }
}
