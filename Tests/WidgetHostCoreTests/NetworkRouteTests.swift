import Foundation
import HostTestSupport
import NetworkTestServer
import WidgetArchive
@testable import WidgetHostCore
import WidgetNetwork
import WidgetProcess
import WidgetStore
import WidgetTesting
import XCTest

/// The network route with real processes: the Headlines extension fetches with
/// `URLSession.shared.data(from:)`; the host's gateway decides, fetches from a server on the loopback,
/// records and replays. Events are what `run` writes to events.jsonl.
final class NetworkRouteTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [NetworkEvent] = []
        func add(_ event: NetworkEvent) { lock.withLock { list.append(event) } }
        var all: [NetworkEvent] { lock.withLock { list } }
    }

    private func host(_ policy: NetworkPolicy, sandbox: SandboxLevel = .strongestAvailable) throws -> (WidgetHost, Events) {
        let clock = VirtualClock(start: t0)
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: clock, launcher: PosixProcessLauncher(sandbox: sandbox))
        let events = Events()
        host.network = NetworkGateway(policy: policy, now: { clock.now }, report: events.add)
        addTeardownBlock { host.shutdown() }
        return (host, events)
    }

    /// The headline widget's texts, its feed at `feed`.
    private func headline(_ host: WidgetHost, feed: String) throws -> [String] {
        let session = WidgetSession(host: host, instance: WidgetInstance(
            id: "headline", extensionPath: try BuiltProducts.executable("Headlines"), kind: "Headline", family: .systemMedium,
            configuration: ["feed": .string(feed)]))
        try session.reload()
        return try session.render().texts
    }

    private func feedServer(_ headline: String = "Rain at noon") throws -> LocalHTTPServer {
        let server = try LocalHTTPServer { _ in .init(json: #"{"headline":"\#(headline)","source":"Local Feed"}"#) }
        addTeardownBlock { server.stop() }
        return server
    }

    func testTheHostFetchesWhatTheAllowListAllowsAndLogsIt() throws {
        let server = try feedServer()
        let allow = try NetworkAllowList(parsing: ["http://127.0.0.1:\(server.port)"])
        let (host, events) = try host(NetworkPolicy(mode: .live, allowLists: ["Headlines": allow]))
        let texts = try headline(host, feed: server.baseURL + "/today.json")
        XCTAssertEqual(texts, ["Local Feed", "Rain at noon"])
        XCTAssertEqual(server.requests.map(\.path), ["/today.json"])
        XCTAssertEqual(events.all.map(\.verdict), ["fetched"])
        XCTAssertEqual(events.all.first?.extensionID, "Headlines")
        XCTAssertEqual(events.all.first?.outcome, .fetched(status: 200, bytes: 49, recorded: false))
        XCTAssertEqual(events.all.first?.date, t0, "dated by the host's clock")
    }

    func testARequestOutsideTheAllowListNeverLeavesTheHost() throws {
        let server = try feedServer()
        let allow = try NetworkAllowList(parsing: ["api.example.com"])
        let (host, events) = try host(NetworkPolicy(mode: .live, allowLists: ["Headlines": allow]))
        let texts = try headline(host, feed: server.baseURL + "/today.json")
        XCTAssertEqual(texts, ["127.0.0.1", "Offline (-1009)"], "the widget sees a device offline")
        XCTAssertEqual(server.requests.count, 0)
        XCTAssertEqual(events.all.first?.outcome, .refused(reason: "127.0.0.1 is not in Headlines's allow-list"))
    }

    func testWhatWasRecordedOnlineReplaysOfflineAndAnUnrecordedRequestIsNamed() throws {
        let recordings = try temporaryDirectory(self).path
        let server = try feedServer("Sun all week")
        let feed = server.baseURL + "/week.json"
        let (recorder, _) = try host(NetworkPolicy(mode: .record(folder: recordings)))
        let online = try headline(recorder, feed: feed)
        recorder.shutdown()
        server.stop()

        let (replayer, events) = try host(NetworkPolicy(mode: .replay(folder: recordings)))
        XCTAssertEqual(try headline(replayer, feed: feed), online)
        XCTAssertEqual(online, ["Local Feed", "Sun all week"])
        XCTAssertEqual(events.all.map(\.verdict), ["replayed"])
        let other = server.baseURL + "/month.json"
        XCTAssertEqual(try headline(replayer, feed: other), ["127.0.0.1", "Offline (-1009)"])
        XCTAssertEqual(events.all.last?.outcome, .refused(reason: "no recording of GET \(other) in \(recordings)"))
    }

    /// What a widget author writes: record once against the server, then replay in every test run.
    func testWidgetTestingRecordsAndReplaysAndIsOffByDefault() throws {
        let recordings = try temporaryDirectory(self).path
        let server = try feedServer("Snow tonight")
        let headlines = try BuiltProducts.executable("Headlines")
        let feed: [String: ConfigurationValue] = ["feed": .string(server.baseURL + "/tonight.json")]

        let offline = try WidgetTestHost(extension: headlines)
        defer { offline.shutdown() }
        XCTAssertEqual(try offline.instance(kind: "Headline", family: .systemSmall, configuration: feed).render().texts, ["127.0.0.1", "Offline (-1009)"])
        XCTAssertEqual(offline.networkRequests.first?.outcome, .refused(reason: "the network is off (--network off)"))

        let recorder = try WidgetTestHost(extension: headlines, network: .record(folder: recordings), allow: ["127.0.0.1"])
        defer { recorder.shutdown() }
        XCTAssertEqual(try recorder.instance(kind: "Headline", family: .systemSmall, configuration: feed).render().texts, ["Local Feed", "Snow tonight"])
        XCTAssertEqual(recorder.networkRequests.map(\.verdict), ["recorded"])
        server.stop()

        let replayer = try WidgetTestHost(extension: headlines, network: .replay(folder: recordings))
        defer { replayer.shutdown() }
        XCTAssertEqual(try replayer.instance(kind: "Headline", family: .systemSmall, configuration: feed).render().texts, ["Local Feed", "Snow tonight"])
        XCTAssertEqual(replayer.networkRequests.map(\.verdict), ["replayed"])
    }

    func testTheRouteIsDescriptorFourAndItsOnlyAddition() throws {
        let (host, _) = try host(NetworkPolicy(mode: .off))
        let session = WidgetSession(host: host, instance: WidgetInstance(
            id: "snoop", extensionPath: try BuiltProducts.executable("Misbehaving"), kind: "snoop", family: .systemSmall))
        let archive = try ArchiveDecoder().decode(try session.reload().entries[0].archives[0])
        guard case .text(let node) = archive.root, case .literal(let text) = node.runs.first?.content else { return XCTFail("\(archive.root)") }
        let field = { (name: String) in text.split(separator: " ").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) } ?? "" }
        XCTAssertEqual(Array(field("fds").split(separator: ",").compactMap { Int($0) }.prefix(5)), [0, 1, 2, 3, 4], text)
        XCTAssertTrue(field("env").split(separator: ",").contains("WIDGET_HOST_NETWORK_FD"), text)
    }

    /// In the full sandbox the route is the only way out: the extension's own socket reaches nothing,
    /// not even a server on the host's loopback. In the basic sandbox it does (said in docs/containment.md).
    func testInTheFullSandboxAnExtensionHasNoNetworkOfItsOwn() throws {
        let server = try feedServer()
        for sandbox in [SandboxLevel.basic, .full] where sandbox <= .strongestAvailable {
            let (host, _) = try host(NetworkPolicy(mode: .live), sandbox: sandbox)
            try host.store.prepare(extensionID: "Misbehaving")
            try Data(String(server.port).utf8).write(to: host.store.dataDirectory("Misbehaving").appendingPathComponent("direct-port"))
            let session = WidgetSession(host: host, instance: WidgetInstance(
                id: "direct", extensionPath: try BuiltProducts.executable("Misbehaving"), kind: "connectsDirectly", family: .systemSmall))
            let text = try session.render().texts.joined()
            if sandbox == .full {
                XCTAssertTrue(text.hasPrefix("refused: Network is unreachable"), text)
            } else {
                XCTAssertEqual(text, "connected")
            }
        }
    }
}
