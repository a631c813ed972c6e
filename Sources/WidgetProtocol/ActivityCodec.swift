import ByteCoding
import Foundation
import WidgetArchive

// The Live Activity values in IPC frames (`Archives/FORMAT.md`, "IPC frames"). Every count is checked
// against `ProtocolLimits` and the bytes left before anything is allocated; dates must be finite.

extension MessageCodec {
    /// A date: a finite `f64` of seconds since 1970.
    static func date(_ r: inout ArchiveByteReader, _ field: String) throws -> Date {
        let offset = r.offset
        let seconds = try r.f64(field)
        guard seconds.isFinite else { throw MessageDecodingError.invalidValue(offset: offset, field: field, value: seconds.bitPattern) }
        return Date(timeIntervalSince1970: seconds)
    }

    static func optionalDate(_ r: inout ArchiveByteReader, _ field: String) throws -> Date? {
        try r.bool() ? try date(&r, field) : nil
    }

    /// A family that must be a Live Activity presentation.
    static func activityFamily(_ r: inout ArchiveByteReader) throws -> WidgetFamily {
        let offset = r.offset
        let found = try family(&r)
        guard found.isActivityPresentation else {
            throw MessageDecodingError.invalidValue(offset: offset, field: "activity presentation", value: UInt64(found.code))
        }
        return found
    }

    static func activityFamilies(_ r: inout ArchiveByteReader) throws -> [WidgetFamily] {
        let n = try count(&r, "presentations", limit: WidgetFamily.activityPresentations.count)
        var families: [WidgetFamily] = []
        for _ in 0..<n { families.append(try activityFamily(&r)) }
        return families
    }

    static func activityData(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> [UInt8] {
        let lengthOffset = r.offset
        let length = try r.varint()
        guard length <= UInt64(limits.maxActivityData) else {
            throw ProtocolError.limitExceeded(field: "activity data at offset \(lengthOffset)", count: length, limit: limits.maxActivityData)
        }
        return Array(try r.bytes(Int(length)))
    }
}

extension ByteWriter {
    mutating func blob(_ bytes: [UInt8]) {
        varint(bytes.count)
        raw(bytes)
    }

    mutating func optionalDate(_ date: Date?) {
        if let date {
            bool(true)
            f64(date.timeIntervalSince1970)
        } else {
            bool(false)
        }
    }

    mutating func optionalString(_ text: String?) {
        if let text {
            bool(true)
            inlineString(text)
        } else {
            bool(false)
        }
    }
}

extension ActivityContentValue {
    /// State JSON, stale date (optional), relevance score.
    func write(to w: inout ByteWriter) {
        w.blob(state)
        w.optionalDate(staleDate)
        w.f64(relevanceScore)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivityContentValue {
        let state = try MessageCodec.activityData(&r, limits: limits)
        let stale = try MessageCodec.optionalDate(&r, "stale date")
        let offset = r.offset
        let score = try r.f64("relevance score")
        guard score.isFinite else { throw MessageDecodingError.invalidValue(offset: offset, field: "relevance score", value: score.bitPattern) }
        return ActivityContentValue(state: state, staleDate: stale, relevanceScore: score)
    }
}

extension ActivityAlert {
    func write(to w: inout ByteWriter) {
        w.inlineString(title)
        w.inlineString(body)
        w.optionalString(sound)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivityAlert {
        let title = try r.inlineString(maxLength: limits.maxStringLength)
        let body = try r.inlineString(maxLength: limits.maxStringLength)
        let sound = try r.bool() ? try r.inlineString(maxLength: limits.maxStringLength) : nil
        return ActivityAlert(title: title, body: body, sound: sound)
    }

    static func readOptional(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivityAlert? {
        try r.bool() ? try read(from: &r, limits: limits) : nil
    }
}

extension Optional where Wrapped == ActivityAlert {
    func write(to w: inout ByteWriter) {
        if let alert = self {
            w.bool(true)
            alert.write(to: &w)
        } else {
            w.bool(false)
        }
    }
}

extension ActivityStart {
    /// Id, attributes type, attributes JSON, content, push type (0 none, 1 token, 2 channel and its
    /// name), transient, alert (optional), scheduled start (optional).
    func write(to w: inout ByteWriter) {
        w.inlineString(id)
        w.inlineString(attributesType)
        w.blob(attributes)
        content.write(to: &w)
        switch pushType {
        case nil: w.u8(0)
        case .token: w.u8(1)
        case .channel(let name): w.u8(2); w.inlineString(name)
        }
        w.bool(isTransient)
        alert.write(to: &w)
        w.optionalDate(start)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivityStart {
        let maxString = limits.maxStringLength
        let id = try r.inlineString(maxLength: maxString)
        let type = try r.inlineString(maxLength: maxString)
        let attributes = try MessageCodec.activityData(&r, limits: limits)
        let content = try ActivityContentValue.read(from: &r, limits: limits)
        let pushType: ActivityPushType? = switch try r.enumCode("push type", cases: 3) {
        case 1: .token
        case 2: .channel(try r.inlineString(maxLength: maxString))
        default: nil
        }
        let transient = try r.bool()
        let alert = try ActivityAlert.readOptional(from: &r, limits: limits)
        let start = try MessageCodec.optionalDate(&r, "start date")
        return ActivityStart(id: id, attributesType: type, attributes: attributes, content: content, pushType: pushType,
                             isTransient: transient, alert: alert, start: start)
    }
}

extension ActivityChange {
    /// A tag (0 request, 1 update, 2 end), then the change's fields.
    func write(to w: inout ByteWriter) {
        switch self {
        case .request(let start):
            w.u8(0)
            start.write(to: &w)
        case .update(let id, let content, let alert, let timestamp):
            w.u8(1)
            w.inlineString(id)
            content.write(to: &w)
            alert.write(to: &w)
            w.optionalDate(timestamp)
        case .end(let id, let content, let dismissal, let timestamp):
            w.u8(2)
            w.inlineString(id)
            if let content {
                w.bool(true)
                content.write(to: &w)
            } else {
                w.bool(false)
            }
            switch dismissal {
            case .standard: w.u8(0)
            case .immediate: w.u8(1)
            case .after(let date): w.u8(2); w.f64(date.timeIntervalSince1970)
            }
            w.optionalDate(timestamp)
        }
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivityChange {
        let maxString = limits.maxStringLength
        switch try r.enumCode("activity change", cases: 3) {
        case 0:
            return .request(try ActivityStart.read(from: &r, limits: limits))
        case 1:
            let id = try r.inlineString(maxLength: maxString)
            let content = try ActivityContentValue.read(from: &r, limits: limits)
            let alert = try ActivityAlert.readOptional(from: &r, limits: limits)
            return .update(id: id, content: content, alert: alert, timestamp: try MessageCodec.optionalDate(&r, "timestamp"))
        default:
            let id = try r.inlineString(maxLength: maxString)
            let content = try r.bool() ? try ActivityContentValue.read(from: &r, limits: limits) : nil
            let dismissal: ActivityDismissal = switch try r.enumCode("dismissal policy", cases: 3) {
            case 1: .immediate
            case 2: .after(try MessageCodec.date(&r, "dismissal date"))
            default: .standard
            }
            return .end(id: id, content: content, dismissal: dismissal, timestamp: try MessageCodec.optionalDate(&r, "timestamp"))
        }
    }
}

extension ActivitySnapshot {
    func write(to w: inout ByteWriter) {
        w.inlineString(id)
        w.inlineString(attributesType)
        w.blob(attributes)
        content.write(to: &w)
        w.u8(state.rawValue)
        w.blob(pushToken)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivitySnapshot {
        let maxString = limits.maxStringLength
        let id = try r.inlineString(maxLength: maxString)
        let type = try r.inlineString(maxLength: maxString)
        let attributes = try MessageCodec.activityData(&r, limits: limits)
        let content = try ActivityContentValue.read(from: &r, limits: limits)
        let state = ActivityStateValue(rawValue: try r.enumCode("activity state", cases: ActivityStateValue.allCases.count)) ?? .active
        let token = try MessageCodec.blob(&r, limit: 64)
        return ActivitySnapshot(id: id, attributesType: type, attributes: attributes, content: content, state: state, pushToken: token)
    }
}

extension ActivityRequest {
    func write(to w: inout ByteWriter) {
        w.varint(requestID)
        w.inlineString(attributesType)
        w.inlineString(activityID)
        w.blob(attributes)
        w.blob(state)
        w.bool(isStale)
        w.f64(now.timeIntervalSince1970)
        w.varint(presentations.count)
        for presentation in presentations {
            w.u8(presentation.family.code)
            w.varint(presentation.variants.count)
            for variant in presentation.variants { variant.write(to: &w) }
        }
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivityRequest {
        let maxString = limits.maxStringLength
        let id = try r.varint()
        let type = try r.inlineString(maxLength: maxString)
        let activityID = try r.inlineString(maxLength: maxString)
        let attributes = try MessageCodec.activityData(&r, limits: limits)
        let state = try MessageCodec.activityData(&r, limits: limits)
        let isStale = try r.bool()
        let now = try MessageCodec.date(&r, "now")
        let count = try MessageCodec.count(&r, "presentations", limit: WidgetFamily.activityPresentations.count)
        var presentations: [Presentation] = []
        for _ in 0..<count {
            let family = try MessageCodec.activityFamily(&r)
            let variantCount = try MessageCodec.count(&r, "variants", limit: limits.maxVariants)
            var variants: [EnvironmentVariant] = []
            for _ in 0..<variantCount { variants.append(try EnvironmentVariant.read(from: &r)) }
            presentations.append(Presentation(family: family, variants: variants))
        }
        return ActivityRequest(requestID: id, attributesType: type, activityID: activityID, attributes: attributes, state: state,
                               isStale: isStale, now: now, presentations: presentations)
    }
}

extension ActivityReply {
    func write(to w: inout ByteWriter) {
        w.varint(requestID)
        w.varint(presentations.count)
        for presentation in presentations {
            w.u8(presentation.family.code)
            w.varint(presentation.archives.count)
            for archive in presentation.archives { w.blob(archive) }
        }
        layout.write(to: &w)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivityReply {
        let id = try r.varint()
        let count = try MessageCodec.count(&r, "presentations", limit: WidgetFamily.activityPresentations.count)
        var presentations: [Presentation] = []
        for _ in 0..<count {
            let family = try MessageCodec.activityFamily(&r)
            let archiveCount = try MessageCodec.count(&r, "variants", limit: limits.maxVariants)
            var archives: [[UInt8]] = []
            for _ in 0..<archiveCount { archives.append(try MessageCodec.blob(&r, limit: limits.archive.maxArchiveSize)) }
            presentations.append(Presentation(family: family, archives: archives))
        }
        return ActivityReply(requestID: id, presentations: presentations, layout: try ActivityLayoutOptions.read(from: &r, limits: limits))
    }
}

extension ActivityLayoutOptions {
    /// Margins (family, a mask of the edges set, then each set edge), priorities (family, value),
    /// regions below when too wide, the keyline tint (0 none, 1 sRGB components, 2 a system colour and
    /// its opacity) and the widget URL (optional).
    func write(to w: inout ByteWriter) {
        let margins = self.margins.sorted { $0.key.code < $1.key.code }
        w.varint(margins.count)
        for (family, edges) in margins {
            w.u8(family.code)
            let values = [edges.top, edges.leading, edges.bottom, edges.trailing]
            w.u8(values.enumerated().reduce(0) { $0 | ($1.element != nil ? UInt8(1) << UInt8($1.offset) : 0) })
            for case let value? in values { w.f64(value) }
        }
        let priorities = self.priorities.sorted { $0.key.code < $1.key.code }
        w.varint(priorities.count)
        for (family, value) in priorities {
            w.u8(family.code)
            w.f64(value)
        }
        let below = belowIfTooWide.sorted { $0.code < $1.code }
        w.varint(below.count)
        for family in below { w.u8(family.code) }
        switch keylineTint {
        case .rgba(let red, let green, let blue, let opacity):
            w.u8(1)
            for value in [red, green, blue, opacity] { w.f64(value) }
        case .system(let color, let opacity):
            w.u8(2)
            w.u8(color.rawValue)
            w.f64(opacity)
        case .asset, nil:
            // An asset colour is resolved to components by the extension before it is sent.
            w.u8(0)
        }
        w.optionalString(widgetURL)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> ActivityLayoutOptions {
        var options = ActivityLayoutOptions()
        for _ in 0..<(try MessageCodec.count(&r, "margins", limit: WidgetFamily.activityPresentations.count)) {
            let family = try MessageCodec.activityFamily(&r)
            let mask = try r.enumCode("margin edges", cases: 16)
            var values: [Double?] = []
            for edge in 0..<4 { values.append(mask & (1 << edge) != 0 ? try finite(&r, "margin") : nil) }
            options.margins[family] = EdgeMargins(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
        }
        for _ in 0..<(try MessageCodec.count(&r, "priorities", limit: WidgetFamily.activityPresentations.count)) {
            let family = try MessageCodec.activityFamily(&r)
            options.priorities[family] = try finite(&r, "priority")
        }
        for _ in 0..<(try MessageCodec.count(&r, "below if too wide", limit: WidgetFamily.activityPresentations.count)) {
            options.belowIfTooWide.insert(try MessageCodec.activityFamily(&r))
        }
        switch try r.enumCode("keyline tint", cases: 3) {
        case 1:
            var c: [Double] = []
            for _ in 0..<4 { c.append(try finite(&r, "keyline tint")) }
            options.keylineTint = .rgba(red: c[0], green: c[1], blue: c[2], opacity: c[3])
        case 2:
            let color = SystemColor(rawValue: try r.enumCode("keyline system colour", cases: SystemColor.allCases.count)) ?? .primary
            options.keylineTint = .system(color, opacity: try finite(&r, "keyline opacity"))
        default:
            break
        }
        options.widgetURL = try r.bool() ? try r.inlineString(maxLength: limits.maxStringLength) : nil
        return options
    }

    private static func finite(_ r: inout ArchiveByteReader, _ field: String) throws -> Double {
        let offset = r.offset
        let value = try r.f64(field)
        guard value.isFinite else { throw MessageDecodingError.invalidValue(offset: offset, field: field, value: value.bitPattern) }
        return value
    }
}
