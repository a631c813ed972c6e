import ByteCoding
import Foundation
import WidgetArchive

// Widget relevance on the wire: the clues a widget gives for when it is worth showing (`relevance()`,
// `RelevanceConfiguration`), from which a Smart Stack chooses.

/// `RelevantContext`, as data: a date interval, a place, or what the person is doing.
public enum RelevanceContextValue: Hashable, Sendable, Codable {
    /// `.date(…)`: `kind` 0 default, 1 informational (a little lower), 2 scheduled (higher).
    case date(start: Date, end: Date, kind: UInt8)
    /// `.location(inferred:)` (`home`, `work`, `school`, `commute`), `.location(_ region:)`
    /// (`region:LAT,LON,RADIUS`), `.location(category:)` (`category:NAME`).
    case location(String)
    /// `.fitness(_:)`: `workoutActive`, `activityRingsIncomplete`.
    case fitness(String)
    /// `.sleep(_:)`: `bedtime`, `wakeup`.
    case sleep(String)
    /// `.hardware(headphones: .connected)`.
    case headphones
}

/// One clue: its context, the configuration it is for (a configuration intent's parameters; empty
/// for a static widget), and its group (`WidgetRelevanceGroup`: nil automatic, "" ungrouped, or a name).
public struct RelevanceClue: Hashable, Sendable, Codable {
    public var context: RelevanceContextValue?
    public var configuration: [UInt8]
    public var group: String?

    public init(context: RelevanceContextValue?, configuration: [UInt8] = [], group: String? = nil) {
        self.context = context
        self.configuration = configuration
        self.group = group
    }
}

/// Host → extension: a widget's relevance clues.
public struct RelevanceRequest: Hashable, Sendable {
    public var requestID: UInt64
    public var kind: String
    public var now: Date
    public init(requestID: UInt64, kind: String, now: Date) {
        self.requestID = requestID
        self.kind = kind
        self.now = now
    }
}

/// Extension → host: the clues, in the widget's order of priority.
public struct RelevanceReply: Hashable, Sendable {
    public var requestID: UInt64
    public var clues: [RelevanceClue]
    public init(requestID: UInt64, clues: [RelevanceClue]) {
        self.requestID = requestID
        self.clues = clues
    }
}

extension RelevanceClue {
    /// `bool` then the context (`enum(5)`: 0 date: dates start, end and `enum(3)` kind; 1 location, 2
    /// fitness, 3 sleep: a string; 4 headphones), the configuration bytes, `bool` then the group string.
    func write(to w: inout ByteWriter) {
        if let context {
            w.bool(true)
            switch context {
            case .date(let start, let end, let kind):
                w.u8(0); w.f64(start.timeIntervalSince1970); w.f64(end.timeIntervalSince1970); w.u8(kind)
            case .location(let place): w.u8(1); w.inlineString(place)
            case .fitness(let condition): w.u8(2); w.inlineString(condition)
            case .sleep(let condition): w.u8(3); w.inlineString(condition)
            case .headphones: w.u8(4)
            }
        } else {
            w.bool(false)
        }
        w.blob(configuration)
        w.optionalString(group)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> RelevanceClue {
        let maxString = limits.maxStringLength
        var context: RelevanceContextValue?
        if try r.bool() {
            switch try r.enumCode("relevant context", cases: 5) {
            case 0:
                let start = try MessageCodec.date(&r, "context start"), end = try MessageCodec.date(&r, "context end")
                context = .date(start: start, end: end, kind: try r.enumCode("date kind", cases: 3))
            case 1: context = .location(try r.inlineString(maxLength: maxString))
            case 2: context = .fitness(try r.inlineString(maxLength: maxString))
            case 3: context = .sleep(try r.inlineString(maxLength: maxString))
            default: context = .headphones
            }
        }
        let configuration = try MessageCodec.blob(&r, limit: limits.archive.maxIntentParameterBytes)
        let group = try r.bool() ? try r.inlineString(maxLength: maxString) : nil
        return RelevanceClue(context: context, configuration: configuration, group: group)
    }
}

extension RelevanceRequest {
    func write(to w: inout ByteWriter) {
        w.varint(requestID)
        w.inlineString(kind)
        w.f64(now.timeIntervalSince1970)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> RelevanceRequest {
        let id = try r.varint()
        let kind = try r.inlineString(maxLength: limits.maxStringLength)
        return RelevanceRequest(requestID: id, kind: kind, now: try MessageCodec.date(&r, "now"))
    }
}

extension RelevanceReply {
    func write(to w: inout ByteWriter) {
        w.varint(requestID)
        w.varint(clues.count)
        for clue in clues { clue.write(to: &w) }
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> RelevanceReply {
        let id = try r.varint()
        var clues: [RelevanceClue] = []
        for _ in 0..<(try MessageCodec.count(&r, "relevance clues", limit: limits.maxEntries)) {
            clues.append(try RelevanceClue.read(from: &r, limits: limits))
        }
        return RelevanceReply(requestID: id, clues: clues)
    }
}
