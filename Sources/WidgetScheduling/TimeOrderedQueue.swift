import Foundation

/// Things to do at given dates, taken earliest first; things due at the same date come out in the
/// order they went in (or in the `order` given), so a run that schedules the same things replays
/// exactly. A binary heap.
/// Inlinable so that it is specialised for its element where it is used: a simulation takes
/// millions of elements through it.
public struct TimeOrderedQueue<Element> {
    @usableFromInline
    struct Item {
        @usableFromInline var date: Date
        @usableFromInline var order: Int
        @usableFromInline var element: Element

        @inlinable
        init(date: Date, order: Int, element: Element) {
            self.date = date
            self.order = order
            self.element = element
        }

        @inlinable
        func precedes(_ other: Item) -> Bool { date < other.date || (date == other.date && order < other.order) }
    }

    @usableFromInline var heap: [Item] = []
    @usableFromInline var sequence = 0

    @inlinable public init() {}

    @inlinable public var isEmpty: Bool { heap.isEmpty }
    @inlinable public var count: Int { heap.count }
    /// When the earliest element is due.
    @inlinable public var nextDate: Date? { heap.first?.date }
    /// When the earliest element is due, and its place among those due then.
    @inlinable public var nextKey: (date: Date, order: Int)? { heap.first.map { ($0.date, $0.order) } }

    /// Inserts `element`; among those due at the same date, it comes out after those inserted before.
    @inlinable
    public mutating func insert(_ element: Element, at date: Date) {
        sequence += 1
        insert(element, at: date, order: sequence)
    }

    /// Inserts `element`; among those due at the same date, lower `order` comes out first. For owners
    /// that make their elements lazily but must replay the order of making them all up front.
    @inlinable
    public mutating func insert(_ element: Element, at date: Date, order: Int) {
        heap.append(Item(date: date, order: order, element: element))
        siftUp(heap.count - 1)
    }

    /// Takes the earliest element.
    @inlinable
    public mutating func removeFirst() -> (date: Date, element: Element)? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return (first.date, first.element)
    }

    /// Takes the earliest element if it is due at or before `date`.
    @inlinable
    public mutating func removeFirst(dueBy date: Date) -> (date: Date, element: Element)? {
        guard let next = nextDate, next <= date else { return nil }
        return removeFirst()
    }

    // Both sifts carry the moving item in hand and shift the others into the hole it leaves, rather
    // than swapping at every level: half the copies of a swap.

    @inlinable
    mutating func siftUp(_ start: Int) {
        var i = start
        let moving = heap[i]
        while i > 0 {
            let parent = (i - 1) / 2
            guard moving.precedes(heap[parent]) else { break }
            heap[i] = heap[parent]
            i = parent
        }
        heap[i] = moving
    }

    @inlinable
    mutating func siftDown(_ start: Int) {
        var i = start
        let moving = heap[i]
        let count = heap.count
        while true {
            let l = 2 * i + 1, r = l + 1
            guard l < count else { break }
            let child = r < count && heap[r].precedes(heap[l]) ? r : l
            guard heap[child].precedes(moving) else { break }
            heap[i] = heap[child]
            i = child
        }
        heap[i] = moving
    }
}
