import ByteCoding
import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetProtocol
import WidgetRandom
import XCTest

final class ProtocolTests: XCTestCase {
    let messages: [Message] = [
        .hello(Hello(extensionID: "Ext", widgets: [WidgetDescriptor(kind: "K", displayName: "Name", description: "D", families: [.systemSmall, .accessoryInline], flags: [.contentMarginsDisabled]),
                                                    WidgetDescriptor(kind: "C", displayName: "Lamp", description: "", families: [._control], flags: [.promptsForUserConfiguration], takesPushes: true),
                                                    WidgetDescriptor(kind: "R", displayName: "R", description: "", families: [.accessoryRectangular], flags: [], relevanceOnly: true)],
                     previews: [PreviewDescriptor(name: "K systemSmall", kind: "K", family: .systemSmall), PreviewDescriptor(name: "P", kind: "P", family: nil),
                                PreviewDescriptor(name: "LA", kind: "Delivery", family: .systemMedium,
                                                  activity: ActivitySample(attributesType: "Delivery", attributes: [1], states: [[2], [3, 4]]))],
                     activities: [ActivityDescriptor(attributesType: "Delivery", presentations: [._activityMedium, ._islandMinimal, ._activitySmall])])),
        .getTimeline(TimelineRequest(requestID: 7, kind: "K", family: .systemMedium, variants: [.standard, EnvironmentVariant(renderingMode: .vibrant, colorScheme: .dark),
                                                                                                EnvironmentVariant(device: DeviceSettings(textSize: .accessibility2, layoutDirection: .rightToLeft, locale: "he_IL", timeZone: "Asia/Jerusalem"))],
                                     now: Date(timeIntervalSince1970: 123.5), displayWidth: 338, displayHeight: 158, isPreview: true, configuration: [1, 2],
                                     placement: "standby-day")),
        .getPreview(PreviewRequest(requestID: 10, index: 1, variants: [.standard], now: Date(timeIntervalSince1970: 7), placement: "iphone-home")),
        .timeline(TimelineReply(requestID: 7, entries: [ArchivedEntry(date: Date(timeIntervalSince1970: 1), relevance: 0.5, archives: [[1, 2, 3], []])], policy: .after(Date(timeIntervalSince1970: 99)))),
        .performIntent(IntentRequest(requestID: 8, intent: IntentReference(typeIdentifier: "T", parameters: [9]), kind: "K", now: Date(timeIntervalSince1970: 5))),
        .performIntent(IntentRequest(
            requestID: 12, intent: IntentReference(typeIdentifier: "T", parameters: []), kind: "K", now: Date(timeIntervalSince1970: 6),
            activities: [ActivitySnapshot(id: "A1", attributesType: "Delivery", attributes: Array(#"{"n":"1"}"#.utf8),
                                          content: ActivityContentValue(state: Array(#"{"s":3}"#.utf8), staleDate: Date(timeIntervalSince1970: 60),
                                                                        relevanceScore: 50),
                                          state: .stale, pushToken: [1, 2, 3])],
            activityStartsLeft: 4)),
        .intentPerformed(IntentOutcome(requestID: 8)),
        .intentPerformed(IntentOutcome(requestID: 12, activityChanges: [
            .request(ActivityStart(id: "A2", attributesType: "Delivery", attributes: [1], content: ActivityContentValue(state: [2]),
                                   pushType: .channel("abc"), isTransient: true, alert: ActivityAlert(title: "T", body: "B", sound: "ding"),
                                   start: Date(timeIntervalSince1970: 9))),
            .request(ActivityStart(id: "A3", attributesType: "Delivery", attributes: [], content: ActivityContentValue(state: []), pushType: .token)),
            .update(id: "A1", content: ActivityContentValue(state: [3], staleDate: nil, relevanceScore: -1), alert: nil, timestamp: Date(timeIntervalSince1970: 2)),
            .end(id: "A1", content: nil, dismissal: .after(Date(timeIntervalSince1970: 100)), timestamp: nil),
            .end(id: "A2", content: ActivityContentValue(state: [4]), dismissal: .immediate, timestamp: nil),
            .end(id: "A3", content: nil, dismissal: .standard, timestamp: nil),
        ])),
        .getActivity(ActivityRequest(requestID: 13, attributesType: "Delivery", activityID: "A1", attributes: [1], state: [2], isStale: true,
                                     now: Date(timeIntervalSince1970: 70),
                                     presentations: [.init(family: ._activityMedium, variants: [.standard, EnvironmentVariant(colorScheme: .dark)]),
                                                     .init(family: ._islandExpandedBottom, variants: [.standard])])),
        .activity(ActivityReply(requestID: 13, presentations: [.init(family: ._islandMinimal, archives: [[7, 8]])],
                                layout: ActivityLayoutOptions(margins: [._islandCompactLeading: EdgeMargins(top: 2, trailing: 4)],
                                                              priorities: [._islandExpandedCenter: 2.5], belowIfTooWide: [._islandExpandedLeading],
                                                              keylineTint: .system(.orange, opacity: 0.5), widgetURL: "app://order"))),
        .activity(ActivityReply(requestID: 14, presentations: [], layout: ActivityLayoutOptions(keylineTint: .rgba(red: 1, green: 0, blue: 0.5, opacity: 1)))),
        .timeline(TimelineReply(requestID: 15, entries: [ArchivedEntry(date: Date(timeIntervalSince1970: 1), relevance: 80, relevanceDuration: 3600, archives: [[1]])],
                                policy: .never)),
        .getRelevance(RelevanceRequest(requestID: 16, kind: "Agenda", now: Date(timeIntervalSince1970: 9))),
        .relevance(RelevanceReply(requestID: 16, clues: [
            RelevanceClue(context: .date(start: Date(timeIntervalSince1970: 10), end: Date(timeIntervalSince1970: 20), kind: 2), configuration: [1], group: "g"),
            RelevanceClue(context: .location("work")), RelevanceClue(context: .fitness("workoutActive"), group: ""),
            RelevanceClue(context: .sleep("bedtime")), RelevanceClue(context: .headphones), RelevanceClue(context: nil, configuration: [2]),
        ])),
        .failure(Failure(requestID: 9, code: .unknownKind, message: "no")),
        .diagnostic(Diagnostic(kind: "K", message: "inert")),
        .shutdown,
        .pushTokens(PushTokenUpdate(requestID: 11, widgetToken: Array(repeating: 0xAB, count: 16),
                                    widgets: [.init(kind: "K", family: .systemSmall), .init(kind: "K", family: .accessoryInline)],
                                    controls: [.init(kind: "C", token: [1, 2, 3], configuration: [4, 5])])),
        .pushTokensDelivered(requestID: 11),
        .fetch(NetworkRequest(requestID: 17, method: "POST", url: "https://api.example.com/v1?q=1",
                              headers: [NetworkHeader("Accept", "application/json"), NetworkHeader("X-Two", "a, b")], body: [0, 1, 255])),
        .fetch(NetworkRequest(requestID: 18, method: "GET", url: "http://127.0.0.1:8080/")),
        .fetched(NetworkReply(requestID: 17, outcome: .response(status: 201, headers: [NetworkHeader("Content-Type", "text/plain")], body: Array("ok".utf8)))),
        .fetched(NetworkReply(requestID: 18, outcome: .failure(code: -1009, reason: "the network is off"))),
    ]

    func testEveryMessageRoundTrips() throws {
        for message in messages {
            XCTAssertEqual(try MessageCodec.decode(MessageCodec.encode(message)), message)
        }
    }

    func testFramesArriveWholeWhateverTheChunking() throws {
        let stream = messages.flatMap(MessageCodec.frame)
        for chunk in [1, 3, 7, 64, stream.count] {
            var decoder = FrameDecoder()
            var decoded: [Message] = []
            var i = 0
            while i < stream.count {
                decoder.append(stream[i..<min(stream.count, i + chunk)])
                i += chunk
                while let body = try decoder.nextFrame() { decoded.append(try MessageCodec.decode(body)) }
            }
            XCTAssertEqual(decoded, messages, "chunk \(chunk)")
        }
    }

    func testANetworkBodyOverItsBoundIsRefusedFromItsLength() throws {
        var limits = ProtocolLimits()
        limits.maxNetworkBody = 8
        let body = MessageCodec.encode(.fetch(NetworkRequest(requestID: 1, method: "GET", url: "http://a/", body: Array(repeating: 7, count: 9))))
        XCTAssertThrowsError(try MessageCodec.decode(body, limits: limits)) { error in
            XCTAssertEqual(error as? ProtocolError, .limitExceeded(field: "network body", count: 9, limit: 8))
        }
        // A status outside HTTP's is not an answer.
        var reply = MessageCodec.encode(.fetched(NetworkReply(requestID: 1, outcome: .response(status: 200, headers: [], body: []))))
        reply[reply.count - 3] = 99  // the status varint's second byte: 200 becomes 12,744
        XCTAssertThrowsError(try MessageCodec.decode(reply))
    }

    func testOversizedFrameIsRefusedFromItsLengthAlone() {
        var decoder = FrameDecoder(maxFrameSize: 1024)
        decoder.append([0x01, 0x10, 0, 0])  // 4097 bytes announced, none sent
        XCTAssertThrowsError(try decoder.nextFrame()) { error in
            XCTAssertEqual(error as? ProtocolError, .frameTooLarge(declared: 4097, limit: 1024))
        }
    }

    func testGarbageBodiesAreTypedErrors() {
        // Decoding throws only `ProtocolError` (typed throws); what matters is that no body traps, that
        // whatever decodes round-trips, and that the noise reaches both outcomes.
        var rng = SeededRandom(seed: 4)
        var decoded = 0, refused = 0
        for _ in 0..<5000 {
            let body = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            do {
                let message = try MessageCodec.decode(body)
                XCTAssertEqual(try MessageCodec.decode(MessageCodec.encode(message)), message)
                decoded += 1
            } catch {
                refused += 1
            }
        }
        XCTAssertGreaterThan(decoded, 0)
        XCTAssertGreaterThan(refused, 0)
        XCTAssertEqual(try? MessageCodec.decode([]), nil)
        XCTAssertThrowsError(try MessageCodec.decode([200])) { XCTAssertEqual($0 as? ProtocolError, .unknownMessageType(200)) }
    }

    func testAMalformedBodySaysWhereInTheBody() throws {
        let body = MessageCodec.encode(.failure(Failure(requestID: 3, code: .intentFailed, message: "no such task")))
        // Cut inside the message string: the IPC format's own error, with the offset in the body.
        XCTAssertThrowsError(try MessageCodec.decode(Array(body.dropLast(4)))) { error in
            guard case .malformedMessage(type: 6, .truncated(let offset, let needed))? = error as? ProtocolError else { return XCTFail("\(error)") }
            XCTAssertEqual(offset, body.count - 12)
            XCTAssertEqual(needed, 12)
            XCTAssertEqual("\(error)", "malformed message of type 6: truncated message: needed 12 more byte(s) at offset \(body.count - 12)")
        }
        var badCode = body
        badCode[2] = 99
        XCTAssertThrowsError(try MessageCodec.decode(badCode)) { error in
            XCTAssertEqual(error as? ProtocolError, .malformedMessage(type: 6, .invalidValue(offset: 2, field: "failure code", value: 99)))
        }
    }

    func testPreviewsBeyondTheLimitsAreRefused() {
        var index = ByteWriter()
        index.u8(9)  // getPreview
        index.varint(1)
        index.varint(UInt64(5_000))
        XCTAssertThrowsError(try MessageCodec.decode(index.bytes)) { error in
            XCTAssertEqual(error as? ProtocolError, .limitExceeded(field: "preview index", count: 5_000, limit: 1_024))
        }
        var family = ByteWriter()
        family.u8(1)  // hello
        family.u16(2)
        family.inlineString("E")
        family.varint(0)  // widgets
        family.varint(0)  // URL schemes
        family.varint(1)  // one preview
        family.inlineString("P")
        family.inlineString("K")
        family.u8(0x42)
        XCTAssertThrowsError(try MessageCodec.decode(family.bytes)) { error in
            guard case .malformedMessage(type: 1, .invalidValue(_, "preview family", 0x42))? = error as? ProtocolError else {
                return XCTFail("\(error)")
            }
        }
    }

    func testCountsBeyondTheLimitsAreRefused() {
        var w = ByteWriter()
        w.u8(3)  // timeline
        w.varint(1)
        w.u8(0)
        w.varint(UInt64(1_000_000))
        XCTAssertThrowsError(try MessageCodec.decode(w.bytes)) { error in
            XCTAssertEqual(error as? ProtocolError, .limitExceeded(field: "entries", count: 1_000_000, limit: 1000))
        }
    }

    /// A push token longer than any APNs token is refused where its length stands.
    func testAnOversizedPushTokenIsRefused() {
        var w = ByteWriter()
        w.u8(10)  // pushTokens
        w.varint(1)
        w.varint(65)
        w.raw(Array(repeating: 0, count: 65))
        w.varint(0)
        w.varint(0)
        XCTAssertThrowsError(try MessageCodec.decode(w.bytes)) { error in
            guard case .malformedMessage(type: 10, _)? = error as? ProtocolError else { return XCTFail("\(error)") }
        }
    }
}
