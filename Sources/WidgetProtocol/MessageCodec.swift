import ByteCoding
import Foundation
import WidgetArchive

/// Encodes and decodes message bodies. A frame on the wire is a 4-byte little-endian body length, then
/// the body: one message-type byte and the message's fields (see `Archives/FORMAT.md`, "IPC frames").
public enum MessageCodec {
    /// The whole frame: length prefix and body.
    public static func frame(_ message: Message) -> [UInt8] {
        let body = encode(message)
        var out = ByteWriter(capacity: body.count + 4)
        out.u32(UInt32(body.count))
        out.raw(body)
        return out.bytes
    }

    /// The frame body: type byte and fields.
    public static func encode(_ message: Message) -> [UInt8] {
        var w = ByteWriter(capacity: 64)
        w.u8(message.typeCode)
        switch message {
        case .hello(let hello):
            w.u16(hello.protocolVersion)
            w.inlineString(hello.extensionID)
            w.varint(hello.widgets.count)
            for widget in hello.widgets {
                w.inlineString(widget.kind)
                w.inlineString(widget.displayName)
                w.inlineString(widget.description)
                w.varint(widget.families.count)
                for family in widget.families { w.u8(family.code) }
                w.u8(widget.flags.rawValue)
                w.bool(widget.takesPushes)
                let disfavored = widget.disfavoredLocations.sorted { $0.key.rawValue < $1.key.rawValue }
                w.varint(disfavored.count)
                for (location, families) in disfavored {
                    w.u8(location.rawValue)
                    w.varint(families.count)
                    for family in families { w.u8(family.code) }
                }
                w.varint(widget.recommendations.count)
                for r in widget.recommendations {
                    w.inlineString(r.description)
                    w.varint(r.configuration.count)
                    w.raw(r.configuration)
                }
                w.bool(widget.relevanceOnly)
            }
            w.varint(hello.urlSchemes.count)
            for scheme in hello.urlSchemes { w.inlineString(scheme) }
            w.varint(hello.previews.count)
            for preview in hello.previews {
                w.inlineString(preview.name)
                w.inlineString(preview.kind)
                w.u8(preview.family?.code ?? 0xFF)
                if let sample = preview.activity {
                    w.bool(true)
                    w.inlineString(sample.attributesType)
                    w.blob(sample.attributes)
                    w.varint(sample.states.count)
                    for state in sample.states { w.blob(state) }
                } else {
                    w.bool(false)
                }
            }
            w.varint(hello.activities.count)
            for activity in hello.activities {
                w.inlineString(activity.attributesType)
                w.varint(activity.presentations.count)
                for family in activity.presentations { w.u8(family.code) }
            }
        case .getTimeline(let r):
            w.varint(r.requestID)
            w.inlineString(r.kind)
            w.u8(r.family.code)
            w.varint(r.variants.count)
            for v in r.variants { v.write(to: &w) }
            w.f64(r.now.timeIntervalSince1970)
            w.f64(r.displayWidth)
            w.f64(r.displayHeight)
            w.bool(r.isPreview)
            w.varint(r.configuration.count)
            w.raw(r.configuration)
            w.inlineString(r.placement)
        case .getPreview(let r):
            w.varint(r.requestID)
            w.varint(r.index)
            w.varint(r.variants.count)
            for v in r.variants { v.write(to: &w) }
            w.f64(r.now.timeIntervalSince1970)
            w.inlineString(r.placement)
        case .timeline(let r):
            w.varint(r.requestID)
            r.policy.write(to: &w)
            w.varint(r.entries.count)
            for entry in r.entries {
                w.f64(entry.date.timeIntervalSince1970)
                entry.writeRelevance(to: &w)
                w.varint(entry.archives.count)
                for archive in entry.archives {
                    w.varint(archive.count)
                    w.raw(archive)
                }
            }
        case .performIntent(let r):
            w.varint(r.requestID)
            w.inlineString(r.kind)
            w.inlineString(r.intent.typeIdentifier)
            w.varint(r.intent.parameters.count)
            w.raw(r.intent.parameters)
            w.f64(r.now.timeIntervalSince1970)
            w.varint(r.activities.count)
            for snapshot in r.activities { snapshot.write(to: &w) }
            w.varint(r.activityStartsLeft)
        case .intentPerformed(let outcome):
            w.varint(outcome.requestID)
            w.varint(outcome.activityChanges.count)
            for change in outcome.activityChanges { change.write(to: &w) }
        case .failure(let f):
            w.varint(f.requestID)
            w.u8(f.code.rawValue)
            w.inlineString(f.message)
        case .diagnostic(let d):
            w.inlineString(d.kind)
            w.inlineString(d.message)
        case .shutdown:
            break
        case .pushTokens(let u):
            w.varint(u.requestID)
            w.varint(u.widgetToken.count)
            w.raw(u.widgetToken)
            w.varint(u.widgets.count)
            for widget in u.widgets {
                w.inlineString(widget.kind)
                w.u8(widget.family.code)
            }
            w.varint(u.controls.count)
            for control in u.controls {
                w.inlineString(control.kind)
                w.varint(control.token.count)
                w.raw(control.token)
                w.varint(control.configuration.count)
                w.raw(control.configuration)
            }
        case .pushTokensDelivered(let id):
            w.varint(id)
        case .getActivity(let r):
            r.write(to: &w)
        case .activity(let r):
            r.write(to: &w)
        case .getRelevance(let r):
            r.write(to: &w)
        case .relevance(let r):
            r.write(to: &w)
        case .fetch(let r):
            r.write(to: &w)
        case .fetched(let r):
            r.write(to: &w)
        }
        return w.bytes
    }

    /// Decodes a frame body. Counts are checked against `limits` and against the bytes left before
    /// anything is allocated.
    public static func decode(_ body: [UInt8], limits: ProtocolLimits = .default) throws(ProtocolError) -> Message {
        guard let type = body.first else { throw .emptyFrame }
        var r = ArchiveByteReader(body, from: 1)
        do {
            let message = try decodeFields(type: type, &r, limits: limits)
            guard r.isAtEnd else { throw ProtocolError.malformedMessage(type: type, .trailingBytes(offset: r.offset, count: r.remaining)) }
            return message
        } catch let error as ProtocolError {
            throw error
        } catch let error as MessageDecodingError {
            throw .malformedMessage(type: type, error)
        } catch let error as ArchiveDecodingError {
            throw .malformedMessage(type: type, MessageDecodingError(primitive: error))
        } catch {
            throw .malformedMessage(type: type, .truncated(offset: r.offset, needed: 0))
        }
    }

    static func count(_ r: inout ArchiveByteReader, _ field: String, limit: Int) throws -> Int {
        let value = try r.varint()
        guard value <= UInt64(limit) else { throw ProtocolError.limitExceeded(field: field, count: value, limit: limit) }
        // Each element takes at least one byte.
        guard value <= UInt64(r.remaining) else { throw MessageDecodingError.truncated(offset: r.offset, needed: Int(value)) }
        return Int(value)
    }

    static func blob(_ r: inout ArchiveByteReader, limit: Int) throws -> [UInt8] {
        let lengthOffset = r.offset
        let length = try r.varint()
        guard length <= UInt64(limit) else { throw MessageDecodingError.tooLong(offset: lengthOffset, limit: .archiveSize) }
        return Array(try r.bytes(Int(length)))
    }

    static func family(_ r: inout ArchiveByteReader) throws -> WidgetFamily {
        let offset = r.offset
        let code = try r.u8()
        guard let family = WidgetFamily(code: code) else {
            throw MessageDecodingError.invalidValue(offset: offset, field: "family", value: UInt64(code))
        }
        return family
    }

    private static func decodeFields(type: UInt8, _ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let maxString = limits.maxStringLength
        switch type {
        case 1: return try hello(&r, limits: limits)
        case 2: return try timelineRequest(&r, limits: limits)
        case 3: return try timelineReply(&r, limits: limits)
        case 4: return try intentRequest(&r, limits: limits)
        case 5: return try intentOutcome(&r, limits: limits)
        case 6: return try failure(&r, limits: limits)
        case 7:
            let kind = try r.inlineString(maxLength: maxString)
            return .diagnostic(Diagnostic(kind: kind, message: try r.inlineString(maxLength: maxString)))
        case 8:
            return .shutdown
        case 9: return try previewRequest(&r, limits: limits)
        case 10: return try pushTokens(&r, limits: limits)
        case 11:
            return .pushTokensDelivered(requestID: try r.varint())
        case 12: return .getActivity(try ActivityRequest.read(from: &r, limits: limits))
        case 13: return .activity(try ActivityReply.read(from: &r, limits: limits))
        case 14: return .getRelevance(try RelevanceRequest.read(from: &r, limits: limits))
        case 15: return .relevance(try RelevanceReply.read(from: &r, limits: limits))
        case 16: return .fetch(try NetworkRequest.read(from: &r, limits: limits))
        case 17: return .fetched(try NetworkReply.read(from: &r, limits: limits))
        default:
            throw ProtocolError.unknownMessageType(type)
        }
    }

    /// The extension's introduction: its widgets, URL schemes and previews.
    private static func hello(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let maxString = limits.maxStringLength
        let version = try r.u16()
        let id = try r.inlineString(maxLength: maxString)
        let widgetCount = try count(&r, "widgets", limit: limits.maxWidgets)
        var widgets: [WidgetDescriptor] = []
        widgets.reserveCapacity(widgetCount)
        for _ in 0..<widgetCount {
            let kind = try r.inlineString(maxLength: maxString)
            let name = try r.inlineString(maxLength: maxString)
            let description = try r.inlineString(maxLength: maxString)
            let familyCount = try count(&r, "families", limit: WidgetFamily.allCases.count)
            var families: [WidgetFamily] = []
            for _ in 0..<familyCount { families.append(try family(&r)) }
            let flagsOffset = r.offset
            let flags = try r.u8()
            guard flags & ~ConfigurationFlags.known.rawValue == 0 else {
                throw MessageDecodingError.invalidValue(offset: flagsOffset, field: "configuration flags", value: UInt64(flags))
            }
            let takesPushes = try r.bool()
            var disfavored: [PlacementLocation: [WidgetFamily]] = [:]
            for _ in 0..<(try count(&r, "disfavored locations", limit: PlacementLocation.allCases.count)) {
                let location = PlacementLocation(rawValue: try r.enumCode("location", cases: PlacementLocation.allCases.count))!
                var disfavoredFamilies: [WidgetFamily] = []
                for _ in 0..<(try count(&r, "disfavored families", limit: WidgetFamily.allCases.count)) { disfavoredFamilies.append(try family(&r)) }
                disfavored[location] = disfavoredFamilies
            }
            let recommendationCount = try count(&r, "recommendations", limit: 64)
            var recommendations: [WidgetDescriptor.Recommendation] = []
            for _ in 0..<recommendationCount {
                let text = try r.inlineString(maxLength: maxString)
                recommendations.append(WidgetDescriptor.Recommendation(
                    description: text, configuration: try blob(&r, limit: limits.archive.maxIntentParameterBytes)))
            }
            widgets.append(WidgetDescriptor(kind: kind, displayName: name, description: description, families: families,
                                            flags: ConfigurationFlags(rawValue: flags), recommendations: recommendations,
                                            takesPushes: takesPushes, disfavoredLocations: disfavored, relevanceOnly: try r.bool()))
        }
        let schemeCount = try count(&r, "URL schemes", limit: 64)
        var schemes: [String] = []
        for _ in 0..<schemeCount { schemes.append(try r.inlineString(maxLength: 64)) }
        let previewCount = try count(&r, "previews", limit: limits.maxPreviews)
        var previews: [PreviewDescriptor] = []
        for _ in 0..<previewCount {
            let name = try r.inlineString(maxLength: maxString)
            let kind = try r.inlineString(maxLength: maxString)
            let familyOffset = r.offset
            let code = try r.u8()
            guard code == 0xFF || WidgetFamily(code: code) != nil else {
                throw MessageDecodingError.invalidValue(offset: familyOffset, field: "preview family", value: UInt64(code))
            }
            var sample: ActivitySample?
            if try r.bool() {
                let type = try r.inlineString(maxLength: maxString)
                let attributes = try activityData(&r, limits: limits)
                var states: [[UInt8]] = []
                for _ in 0..<(try count(&r, "sample states", limit: limits.maxActivities)) { states.append(try activityData(&r, limits: limits)) }
                sample = ActivitySample(attributesType: type, attributes: attributes, states: states)
            }
            previews.append(PreviewDescriptor(name: name, kind: kind, family: WidgetFamily(code: code), activity: sample))
        }
        let activityCount = try count(&r, "activities", limit: limits.maxWidgets)
        var activities: [ActivityDescriptor] = []
        for _ in 0..<activityCount {
            let type = try r.inlineString(maxLength: maxString)
            activities.append(ActivityDescriptor(attributesType: type, presentations: try activityFamilies(&r)))
        }
        return .hello(Hello(protocolVersion: version, extensionID: id, widgets: widgets, urlSchemes: schemes, previews: previews,
                            activities: activities))
    }

    /// Push tokens and what they reach: tokens are at most 64 bytes, the lists as long as an
    /// extension's widgets may be many times over (each configured instance is listed).
    private static func pushTokens(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let maxString = limits.maxStringLength
        let id = try r.varint()
        let token = try blob(&r, limit: 64)
        let widgetCount = try count(&r, "push widgets", limit: limits.maxWidgets * 16)
        var widgets: [PushTokenUpdate.ConfiguredWidget] = []
        for _ in 0..<widgetCount {
            let kind = try r.inlineString(maxLength: maxString)
            widgets.append(PushTokenUpdate.ConfiguredWidget(kind: kind, family: try family(&r)))
        }
        let controlCount = try count(&r, "push controls", limit: limits.maxWidgets * 16)
        var controls: [PushTokenUpdate.ConfiguredControl] = []
        for _ in 0..<controlCount {
            let kind = try r.inlineString(maxLength: maxString)
            let controlToken = try blob(&r, limit: 64)
            controls.append(PushTokenUpdate.ConfiguredControl(
                kind: kind, token: controlToken, configuration: try blob(&r, limit: limits.archive.maxIntentParameterBytes)))
        }
        return .pushTokens(PushTokenUpdate(requestID: id, widgetToken: token, widgets: widgets, controls: controls))
    }

    /// A timeline request.
    private static func timelineRequest(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let maxString = limits.maxStringLength
        let id = try r.varint()
        let kind = try r.inlineString(maxLength: maxString)
        let fam = try family(&r)
        let variantCount = try count(&r, "variants", limit: limits.maxVariants)
        var variants: [EnvironmentVariant] = []
        for _ in 0..<variantCount { variants.append(try EnvironmentVariant.read(from: &r)) }
        let now = Date(timeIntervalSince1970: try r.f64("now"))
        let width = try r.f64("display width")
        let height = try r.f64("display height")
        let isPreview = try r.bool()
        let configuration = try blob(&r, limit: limits.archive.maxIntentParameterBytes)
        let placement = try r.inlineString(maxLength: maxString)
        return .getTimeline(TimelineRequest(
            requestID: id, kind: kind, family: fam, variants: variants, now: now, displayWidth: width,
            displayHeight: height, isPreview: isPreview, configuration: configuration, placement: placement))
    }

    /// A timeline: policy and archived entries.
    private static func timelineReply(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let id = try r.varint()
        let policy = try ReloadPolicy.read(from: &r)
        let entryCount = try count(&r, "entries", limit: limits.maxEntries)
        var entries: [ArchivedEntry] = []
        entries.reserveCapacity(entryCount)
        for _ in 0..<entryCount {
            let date = Date(timeIntervalSince1970: try r.f64("entry date"))
            let (relevance, duration) = try ArchivedEntry.readRelevance(from: &r)
            let archiveCount = try count(&r, "variants", limit: limits.maxVariants)
            var archives: [[UInt8]] = []
            for _ in 0..<archiveCount { archives.append(try blob(&r, limit: limits.archive.maxArchiveSize)) }
            entries.append(ArchivedEntry(date: date, relevance: relevance, relevanceDuration: duration, archives: archives))
        }
        return .timeline(TimelineReply(requestID: id, entries: entries, policy: policy))
    }

    /// An intent to perform.
    private static func intentRequest(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let maxString = limits.maxStringLength
        let id = try r.varint()
        let kind = try r.inlineString(maxLength: maxString)
        let typeID = try r.inlineString(maxLength: maxString)
        let parameters = try blob(&r, limit: limits.archive.maxIntentParameterBytes)
        let now = Date(timeIntervalSince1970: try r.f64("now"))
        let activityCount = try count(&r, "activities", limit: limits.maxActivities)
        var activities: [ActivitySnapshot] = []
        for _ in 0..<activityCount { activities.append(try ActivitySnapshot.read(from: &r, limits: limits)) }
        let startsLeft = try r.varint()
        guard startsLeft <= UInt64(limits.maxActivities) else {
            throw ProtocolError.limitExceeded(field: "activity starts left", count: startsLeft, limit: limits.maxActivities)
        }
        return .performIntent(IntentRequest(
            requestID: id, intent: IntentReference(typeIdentifier: typeID, parameters: parameters), kind: kind, now: now,
            activities: activities, activityStartsLeft: Int(startsLeft)))
    }

    /// A performed intent and what it did to the app's activities.
    private static func intentOutcome(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let id = try r.varint()
        let changeCount = try count(&r, "activity changes", limit: limits.maxActivities)
        var changes: [ActivityChange] = []
        for _ in 0..<changeCount { changes.append(try ActivityChange.read(from: &r, limits: limits)) }
        return .intentPerformed(IntentOutcome(requestID: id, activityChanges: changes))
    }

    /// A failed request.
    private static func failure(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let maxString = limits.maxStringLength
        let id = try r.varint()
        let codeOffset = r.offset
        let raw = try r.u8()
        guard let code = Failure.Code(rawValue: raw) else {
            throw MessageDecodingError.invalidValue(offset: codeOffset, field: "failure code", value: UInt64(raw))
        }
        return .failure(Failure(requestID: id, code: code, message: try r.inlineString(maxLength: maxString)))
    }

    /// A preview request.
    private static func previewRequest(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> Message {
        let maxString = limits.maxStringLength
        let id = try r.varint()
        let index = try r.varint()
        guard index < UInt64(limits.maxPreviews) else {
            throw ProtocolError.limitExceeded(field: "preview index", count: index, limit: limits.maxPreviews)
        }
        let variantCount = try count(&r, "variants", limit: limits.maxVariants)
        var variants: [EnvironmentVariant] = []
        for _ in 0..<variantCount { variants.append(try EnvironmentVariant.read(from: &r)) }
        let now = Date(timeIntervalSince1970: try r.f64("now"))
        let placement = try r.inlineString(maxLength: maxString)
        return .getPreview(PreviewRequest(requestID: id, index: Int(index), variants: variants, now: now, placement: placement))
    }
}
