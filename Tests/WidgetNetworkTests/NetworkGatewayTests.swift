import Foundation
import Testing
import WidgetNetwork
import WidgetProtocol

/// A fetcher that answers from a table and counts what it was asked.
final class TableFetcher: NetworkFetcher, @unchecked Sendable {
    let lock = NSLock()
    var asked: [String] = []
    let answers: [String: NetworkReply.Outcome]
    init(_ answers: [String: NetworkReply.Outcome]) { self.answers = answers }
    func fetch(_ request: NetworkRequest, limits: NetworkLimits) -> NetworkReply.Outcome {
        lock.withLock { asked.append(request.url) }
        return answers[request.url] ?? .failure(code: -1003, reason: "no such host")
    }
}

/// Events, as a test reads them.
final class EventLog: @unchecked Sendable {
    let lock = NSLock()
    var events: [NetworkEvent] = []
    func add(_ event: NetworkEvent) { lock.withLock { events.append(event) } }
    var all: [NetworkEvent] { lock.withLock { events } }
}

@Suite struct NetworkGatewayTests {
    let quote = "https://quotes.example.com/today"
    var ok: NetworkReply.Outcome {
        .response(status: 200, headers: [NetworkHeader("Content-Type", "application/json"), NetworkHeader("Content-Length", "13")],
                  body: Array(#"{"q":"hello"}"#.utf8))
    }

    func folder() -> String {
        let path = NSTemporaryDirectory() + "network-\(UUID().uuidString)"
        return path
    }

    @Test func offRefusesEveryRequestAsADeviceOfflineAndNeverFetches() {
        let fetcher = TableFetcher([quote: ok])
        let events = EventLog()
        let gateway = NetworkGateway(policy: NetworkPolicy(mode: .off), fetcher: fetcher, report: events.add)
        let reply = gateway.answer(NetworkRequest(requestID: 7, method: "GET", url: quote), extensionID: "Quotes")
        #expect(reply.requestID == 7)
        #expect(reply.outcome == .failure(code: -1009, reason: "the network is off (--network off)"))
        #expect(fetcher.asked.isEmpty)
        #expect(events.all.map(\.verdict) == ["refused"])
        #expect(events.all.first?.extensionID == "Quotes")
    }

    @Test func liveFetchesAndDropsHeadersThatDescribedTheTransport() {
        let fetcher = TableFetcher([quote: ok])
        let events = EventLog()
        let gateway = NetworkGateway(policy: NetworkPolicy(mode: .live), fetcher: fetcher, report: events.add)
        let reply = gateway.answer(NetworkRequest(requestID: 1, method: "GET", url: quote), extensionID: "Quotes")
        guard case .response(200, let headers, let body) = reply.outcome else {
            Issue.record("not a response: \(reply.outcome)")
            return
        }
        #expect(headers == [NetworkHeader("Content-Type", "application/json")])
        #expect(String(decoding: body, as: UTF8.self) == #"{"q":"hello"}"#)
        #expect(events.all.first?.outcome == .fetched(status: 200, bytes: 13, recorded: false))
        #expect(events.all.first?.fields["status"] as? Int == 200)
    }

    @Test func theAllowListIsAppliedBeforeAnythingIsFetched() throws {
        let fetcher = TableFetcher([quote: ok])
        let policy = NetworkPolicy(mode: .live, allowLists: ["Quotes": try NetworkAllowList(parsing: ["api.example.com"])])
        let gateway = NetworkGateway(policy: policy, fetcher: fetcher)
        let reply = gateway.answer(NetworkRequest(requestID: 1, method: "GET", url: quote), extensionID: "Quotes")
        #expect(reply.outcome == .failure(code: -1009, reason: "quotes.example.com is not in Quotes's allow-list"))
        #expect(fetcher.asked.isEmpty)
    }

    @Test func aFailedFetchIsPassedOnAndLoggedAsFailed() {
        let events = EventLog()
        let gateway = NetworkGateway(policy: NetworkPolicy(mode: .live), fetcher: TableFetcher([:]), report: events.add)
        let reply = gateway.answer(NetworkRequest(requestID: 1, method: "GET", url: "https://nowhere.example/"), extensionID: "X")
        #expect(reply.outcome == .failure(code: -1003, reason: "no such host"))
        #expect(events.all.first?.outcome == .failed(reason: "no such host"))
    }

    @Test func aRequestBodyOverTheBoundIsRefused() {
        var limits = NetworkLimits()
        limits.maxRequestBytes = 4
        let fetcher = TableFetcher([quote: ok])
        let gateway = NetworkGateway(policy: NetworkPolicy(mode: .live, limits: limits), fetcher: fetcher)
        let reply = gateway.answer(NetworkRequest(requestID: 1, method: "POST", url: quote, body: [1, 2, 3, 4, 5]), extensionID: "X")
        #expect(reply.outcome == .failure(code: -1009, reason: "the request body is larger than 4 bytes"))
        #expect(fetcher.asked.isEmpty)
    }

    @Test func whatIsRecordedReplaysWithoutTheNetworkAndAMissingRecordingNamesTheRequest() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let request = NetworkRequest(requestID: 3, method: "GET", url: quote)
        let recorder = NetworkGateway(policy: NetworkPolicy(mode: .record(folder: dir)), fetcher: TableFetcher([quote: ok]))
        let recorded = recorder.answer(request, extensionID: "Quotes")

        let fetcher = TableFetcher([:])
        let events = EventLog()
        let replayer = NetworkGateway(policy: NetworkPolicy(mode: .replay(folder: dir)), fetcher: fetcher, report: events.add)
        #expect(replayer.answer(request, extensionID: "Quotes") == recorded)
        #expect(fetcher.asked.isEmpty)
        #expect(events.all.first?.outcome == .replayed(status: 200, bytes: 13))

        let other = NetworkRequest(requestID: 4, method: "POST", url: quote, body: [1])
        #expect(replayer.answer(other, extensionID: "Quotes").outcome
            == .failure(code: -1009, reason: "no recording of POST \(quote) in \(dir)"))
    }

    @Test func recordingsAreReadableTextAndBinaryBodiesSurvive() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recording = NetworkRecording(folder: dir)
        let text = NetworkRequest(requestID: 1, method: "GET", url: quote)
        try recording.save(.init(request: text, status: 200, headers: [], body: Array(#"{"q":"hi"}"#.utf8)), for: text)
        let file = try String(contentsOf: recording.file(for: text), encoding: .utf8)
        #expect(file.contains(#""body" : "{\"q\":\"hi\"}""#))
        #expect(file.contains(#""bodyEncoding" : "utf8""#))

        let image = NetworkRequest(requestID: 2, method: "GET", url: "https://img.example.com/a.png")
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00]
        try recording.save(.init(request: image, status: 200, headers: [], body: bytes), for: image)
        #expect(try recording.answer(for: image)?.bodyBytes == bytes)
        #expect(try recording.answer(for: image)?.bodyEncoding == "base64")
    }

    @Test func aDamagedRecordingIsReportedWithItsPath() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recording = NetworkRecording(folder: dir)
        let request = NetworkRequest(requestID: 1, method: "GET", url: quote)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: recording.file(for: request))
        let gateway = NetworkGateway(policy: NetworkPolicy(mode: .replay(folder: dir)), fetcher: TableFetcher([:]))
        guard case .failure(-1009, let reason) = gateway.answer(request, extensionID: "X").outcome else {
            Issue.record("a damaged recording was answered")
            return
        }
        #expect(reason.hasPrefix("recording \(recording.file(for: request).path) cannot be read: not a recording"))
    }

    @Test func aRouteAnswersRequestsInFlightByTheirIDsAndClosesWhenTheExtensionDoes() throws {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        let other = "https://quotes.example.com/tomorrow"
        let gateway = NetworkGateway(policy: NetworkPolicy(mode: .live), fetcher: TableFetcher([quote: ok, other: ok]))
        gateway.serve(FrameChannel(fd: fds[0]), extensionID: "Quotes")
        let extensionEnd = FrameChannel(fd: fds[1])
        try extensionEnd.send(.fetch(NetworkRequest(requestID: 10, method: "GET", url: quote)))
        try extensionEnd.send(.fetch(NetworkRequest(requestID: 11, method: "GET", url: other)))
        var answered: Set<UInt64> = []
        for _ in 0..<2 {
            guard case .fetched(let reply) = try extensionEnd.receive(deadline: .now + .seconds(10)) else { continue }
            answered.insert(reply.requestID)
        }
        #expect(answered == [10, 11])
        // A frame that is not a request ends the route: the host's end closes.
        try extensionEnd.send(.shutdown)
        #expect(throws: ProtocolError.closed(midFrame: false)) { try extensionEnd.receive(deadline: .now + .seconds(10)) }
    }
}
