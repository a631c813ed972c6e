import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetStore

/// What a fuzz run exercises. Each target decodes hostile bytes and checks the properties that must
/// hold for every input: a typed error or a value, and a value that re-encodes and decodes to itself.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Whole archive files: container, string table, view tree.
    case archive
    /// IPC frame bodies: every message type.
    case frame
    /// Archives that decode are laid out and drawn: the renderer must not trap on any accepted value.
    case render
    /// The store's `.timeline` files: container, timeline fields, and every archive inside.
    case timeline

    /// What became of one input.
    public enum Outcome: Equatable, Sendable {
        /// Refused with a typed error: the decoder stopped somewhere in the bytes.
        case refused
        /// Decoded, and every property held: the input reached all the way through.
        case decoded
        /// A property that must hold for every input did not.
        case violation(String)
    }

    /// Runs one input. Returns a description of a property violation, or nil.
    public func check(_ input: [UInt8]) -> String? {
        if case .violation(let reason) = run(input) { return reason }
        return nil
    }

    /// Runs one input and says how far it got.
    public func run(_ input: [UInt8]) -> Outcome {
        switch self {
        case .archive:
            let decoder = ArchiveDecoder()
            guard let value = try? decoder.decode(input) else { return .refused }
            let again = ArchiveEncoder.encode(value)
            guard let round = try? decoder.decode(again) else { return .violation("a decoded archive re-encodes to bytes that do not decode") }
            return round == value ? .decoded : .violation("a decoded archive does not round-trip")
        case .render:
            guard let value = try? ArchiveDecoder().decode(input) else { return .refused }
            let placement = Placement.natural(for: value.family)
            let tree = WidgetRenderer.render(value, context: RenderContext(placement: placement, family: value.family, date: value.entryDate))
            _ = SVGWriter.svg(tree)
            return tree.json() == "{}" ? .violation("a render tree holds a value JSON cannot encode") : .decoded
        case .timeline:
            guard let value = try? TimelineFileCodec.decode(input) else { return .refused }
            guard let round = try? TimelineFileCodec.decode(TimelineFileCodec.encode(value)) else {
                return .violation("a decoded timeline file re-encodes to bytes that do not decode")
            }
            return round == value ? .decoded : .violation("a decoded timeline file does not round-trip")
        case .frame:
            guard let message = try? MessageCodec.decode(input) else { return .refused }
            guard let round = try? MessageCodec.decode(MessageCodec.encode(message)) else {
                return .violation("a decoded message re-encodes to bytes that do not decode")
            }
            return round == message ? .decoded : .violation("a decoded message does not round-trip")
        }
    }

    /// Valid inputs to start from.
    public func seeds(count: Int, seed: UInt64) -> [[UInt8]] {
        (0..<count).map { i in
            var generator = ArchiveGenerator(seed: seed &+ UInt64(i), maxDepth: 5, maxChildren: 3)
            let archive = ArchiveEncoder.encode(generator.archive())
            switch self {
            case .archive, .render:
                return archive
            case .timeline:
                let start = Date(timeIntervalSince1970: 1_763_712_000 + Double(i))
                return TimelineFileCodec.encode(StoredTimeline(
                    extensionID: "Ext", kind: "K", family: .systemSmall, fetchedAt: start, policy: i % 2 == 0 ? .atEnd : .after(start.addingTimeInterval(900)),
                    variants: [.standard], entries: (0..<(1 + i % 3)).map {
                        StoredTimeline.Entry(date: start.addingTimeInterval(Double($0) * 60), relevance: $0 == 0 ? nil : 0.5, archives: [archive])
                    }))
            case .frame:
                let messages: [Message] = [
                    .timeline(TimelineReply(requestID: UInt64(i), entries: [ArchivedEntry(date: Date(timeIntervalSince1970: Double(i)), archives: [archive])], policy: .atEnd)),
                    .hello(Hello(extensionID: "Ext", widgets: [WidgetDescriptor(kind: "K", displayName: "N", description: "D", families: [.systemSmall], flags: [])])),
                    .getTimeline(TimelineRequest(requestID: 1, kind: "K", family: .systemMedium, variants: [.standard], now: Date(timeIntervalSince1970: 0))),
                    .performIntent(IntentRequest(requestID: 2, intent: IntentReference(typeIdentifier: "T", parameters: [0]), kind: "K", now: Date(timeIntervalSince1970: 0))),
                    .failure(Failure(requestID: 3, code: .intentFailed, message: "m")),
                    .hello(Hello(extensionID: "Ext", widgets: [WidgetDescriptor(
                        kind: "C", displayName: "N", description: "", families: [._control], flags: [.promptsForUserConfiguration],
                        takesPushes: true, disfavoredLocations: [.carPlay: [.systemSmall]])])),
                    .getTimeline(TimelineRequest(requestID: 4, kind: "K", family: .systemExtraLargePortrait,
                                                 variants: [EnvironmentVariant(isSimplified: true)], now: Date(timeIntervalSince1970: 0))),
                    .pushTokens(PushTokenUpdate(requestID: 5, widgetToken: Array(repeating: 7, count: 16),
                                                widgets: [.init(kind: "K", family: .systemSmall)],
                                                controls: [.init(kind: "C", token: [1, 2], configuration: [3])])),
                ]
                return MessageCodec.encode(messages[i % messages.count])
            }
        }
    }
}
