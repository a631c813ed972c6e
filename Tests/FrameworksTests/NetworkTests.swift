import Foundation
import Network
import XCTest

/// Network as a device offline runs it: the path monitor reports an unsatisfied path on the queue it
/// was given, a connection waits with `ENETDOWN` and its sends and receives complete with that error,
/// and values (endpoints, ports, addresses, parameters) work as on Apple's platforms.
final class NetworkTests: XCTestCase {
    /// What handlers report, from whichever thread they run on.
    private final class Recorder<Item>: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Item] = []
        func add(_ item: Item) { lock.withLock { recorded.append(item) } }
        var items: [Item] { lock.withLock { recorded } }
    }

    private static let queueKey = DispatchSpecificKey<String>()

    /// A queue that a handler can recognise itself running on (`DispatchQueue.getSpecific`).
    private func markedQueue(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.queueKey, value: label)
        return queue
    }

    func testImportNetworkIsThisModule() {
        XCTAssertEqual(String(reflecting: NWPathMonitor.self), "Network.NWPathMonitor")
        XCTAssertEqual(String(reflecting: NWConnection.self), "Network.NWConnection")
    }

    func testPathMonitorDeliversTheUnsatisfiedPathOnItsQueue() {
        let monitor = NWPathMonitor()
        let queue = markedQueue("monitor")
        let seen = Recorder<(NWPath, String?)>()
        let delivered = expectation(description: "path")
        monitor.pathUpdateHandler = { path in
            seen.add((path, DispatchQueue.getSpecific(key: NetworkTests.queueKey)))
            delivered.fulfill()
        }
        XCTAssertEqual(monitor.currentPath.status, .unsatisfied, "unsatisfied before start too")
        monitor.start(queue: queue)
        wait(for: [delivered], timeout: 5)
        queue.sync {}

        XCTAssertEqual(seen.items.count, 1, "one path, and no change after it")
        let (path, onQueue) = (seen.items[0].0, seen.items[0].1)
        XCTAssertEqual(onQueue, "monitor", "delivered on the queue given to start(queue:)")
        XCTAssertEqual(path.status, .unsatisfied)
        XCTAssertEqual(path.unsatisfiedReason, .notAvailable)
        XCTAssertTrue(path.availableInterfaces.isEmpty)
        XCTAssertFalse(path.usesInterfaceType(.wifi) || path.usesInterfaceType(.cellular) || path.usesInterfaceType(.wiredEthernet))
        XCTAssertFalse(path.isExpensive)
        XCTAssertFalse(path.isConstrained)
        XCTAssertEqual(path, monitor.currentPath)
        XCTAssertTrue(monitor.queue === queue)
        monitor.cancel()
    }

    func testCancellingBeforeThePathArrivesDeliversNothing() {
        let monitor = NWPathMonitor(requiredInterfaceType: .wifi)
        let queue = DispatchQueue(label: "held")
        let seen = Recorder<NWPath>()
        monitor.pathUpdateHandler = { seen.add($0) }
        queue.suspend()
        monitor.start(queue: queue)
        monitor.cancel()
        queue.resume()
        queue.sync {}
        XCTAssertTrue(seen.items.isEmpty)
        XCTAssertNil(monitor.pathUpdateHandler, "the handler is let go")
    }

    func testPathMonitorAsAsyncSequenceYieldsTheOfflinePath() async {
        var iterator = NWPathMonitor().makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first?.status, .unsatisfied)
    }

    func testConnectionWaitsOfflineOnItsQueueUntilCancelled() {
        let connection = NWConnection(host: "example.com", port: 443, using: .tls)
        let queue = markedQueue("connection")
        let states = Recorder<(NWConnection.State, String?)>()
        let waiting = expectation(description: "waiting")
        let cancelled = expectation(description: "cancelled")
        connection.stateUpdateHandler = { state in
            states.add((state, DispatchQueue.getSpecific(key: NetworkTests.queueKey)))
            if case .waiting = state { waiting.fulfill() }
            if state == .cancelled { cancelled.fulfill() }
        }
        XCTAssertEqual(connection.state, .setup)
        XCTAssertNil(connection.currentPath)
        connection.start(queue: queue)
        wait(for: [waiting], timeout: 5)
        XCTAssertEqual(connection.state, .waiting(.posix(.ENETDOWN)))
        XCTAssertEqual(connection.currentPath?.status, .unsatisfied)
        XCTAssertNil(connection.currentPath?.remoteEndpoint)

        connection.cancel()
        wait(for: [cancelled], timeout: 5)
        queue.sync {}
        XCTAssertEqual(states.items.map(\.0), [.preparing, .waiting(.posix(.ENETDOWN)), .cancelled])
        XCTAssertEqual(Set(states.items.map(\.1)), ["connection"], "every state on the queue given to start(queue:)")
        XCTAssertEqual(connection.state, .cancelled)
        XCTAssertNil(connection.stateUpdateHandler, "handlers are let go after .cancelled")
    }

    func testSendAndReceiveCompleteWithTheWaitingErrorThenCancelled() {
        let connection = NWConnection(to: .hostPort(host: .ipv4(.loopback), port: 8080), using: .tcp)
        let queue = DispatchQueue(label: "io")
        let errors = Recorder<String>()
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 4

        // Asked before start: held until the connection starts, then completed with its error.
        connection.send(content: Data("early".utf8), completion: .contentProcessed { error in
            errors.add("early send \(error.map(String.init(describing:)) ?? "nil")")
            done.fulfill()
        })
        connection.start(queue: queue)
        connection.receive(minimumIncompleteLength: 1, maximumLength: 1024) { data, context, isComplete, error in
            errors.add("receive \(data == nil) \(context == nil) \(isComplete) \(error == .posix(.ENETDOWN))")
            done.fulfill()
        }
        connection.send(content: Data("x".utf8), completion: .contentProcessed { error in
            errors.add("send \(error == .posix(.ENETDOWN))")
            done.fulfill()
        })
        connection.send(content: nil, completion: .idempotent)
        connection.send(content: [UInt8](repeating: 0, count: 4), completion: .idempotent)
        connection.cancel()
        connection.send(content: Data("late".utf8), completion: .contentProcessed { error in
            errors.add("late send \(error == .posix(.ECANCELED))")
            done.fulfill()
        })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(errors.items, [
            "early send \(String(describing: NWError.posix(.ENETDOWN)))", "receive true true false true", "send true", "late send true",
        ])
    }

    func testCompletionsOfAConnectionCancelledBeforeStartStillRun() {
        let connection = NWConnection(host: "10.0.0.1", port: .https, using: .udp)
        let finished = expectation(description: "receive")
        connection.receiveMessage { _, _, isComplete, error in
            XCTAssertTrue(isComplete)
            XCTAssertEqual(error, .posix(.ECANCELED))
            finished.fulfill()
        }
        connection.cancel()
        wait(for: [finished], timeout: 5)
        XCTAssertEqual(connection.state, .cancelled)
        connection.start(queue: .global())
        XCTAssertEqual(connection.state, .cancelled, "a cancelled connection does not start")
    }

    func testListenerWaitsAndNoConnectionArrives() throws {
        let listener = try NWListener(using: .tcp, on: 8123)
        let queue = DispatchQueue(label: "listener")
        let states = Recorder<NWListener.State>()
        let waiting = expectation(description: "waiting")
        listener.newConnectionHandler = { _ in XCTFail("no one can connect offline") }
        listener.stateUpdateHandler = { state in
            states.add(state)
            if case .waiting = state { waiting.fulfill() }
        }
        listener.start(queue: queue)
        wait(for: [waiting], timeout: 5)
        XCTAssertNil(listener.port)
        listener.cancel()
        queue.sync {}
        XCTAssertEqual(states.items, [.waiting(.posix(.ENETDOWN)), .cancelled])
    }

    func testEndpointsPortsAndAddressesAreValues() {
        let port: NWEndpoint.Port = 8080
        XCTAssertEqual(port.rawValue, 8080)
        XCTAssertEqual(NWEndpoint.Port(rawValue: 443), .https)
        XCTAssertEqual(NWEndpoint.Port("https"), 443)
        XCTAssertNil(NWEndpoint.Port("not a port"))

        let host: NWEndpoint.Host = "192.168.1.20"
        guard case .ipv4(let address) = host else { return XCTFail("\(host)") }
        XCTAssertEqual([UInt8](address.rawValue), [192, 168, 1, 20])
        guard case .name(let name, nil) = NWEndpoint.Host("example.com") else { return XCTFail("a name stays a name") }
        XCTAssertEqual(name, "example.com")
        XCTAssertEqual(NWEndpoint.hostPort(host: "::1", port: 22).debugDescription, "[::1]:22")
        XCTAssertEqual(NWEndpoint.hostPort(host: "example.com", port: 80), NWEndpoint.hostPort(host: NWEndpoint.Host("example.com"), port: .http))

        // Read as `inet_aton` reads them, as Apple's are: "1.4" is 1.0.0.4.
        XCTAssertEqual(IPv4Address("1.4")?.debugDescription, "1.0.0.4")
        XCTAssertNil(IPv4Address("1.2.3.4 trailing"))
        XCTAssertNil(IPv4Address("example.com"))
        XCTAssertTrue(IPv4Address("127.0.0.1")?.isLoopback == true)
        XCTAssertTrue(IPv4Address("169.254.3.4")?.isLinkLocal == true)
        XCTAssertEqual(IPv6Address("fe80::1%en0")?.isLinkLocal, true)
        XCTAssertEqual(IPv6Address("2001:db8::1")?.debugDescription, "2001:db8::1")
        XCTAssertEqual(IPv6Address("::ffff:10.0.0.1")?.asIPv4, IPv4Address("10.0.0.1"))
        XCTAssertNil(IPv6Address("10.0.0.1"))
        XCTAssertEqual(IPv6Address.loopback.rawValue.count, 16)
    }

    func testParametersRecordTheirStack() {
        let tls = NWParameters.tls
        XCTAssertTrue(tls.defaultProtocolStack.applicationProtocols.first is NWProtocolTLS.Options)
        XCTAssertTrue(tls.defaultProtocolStack.transportProtocol is NWProtocolTCP.Options)
        XCTAssertTrue(NWParameters.udp.defaultProtocolStack.transportProtocol is NWProtocolUDP.Options)
        XCTAssertTrue(NWParameters.tcp.defaultProtocolStack.applicationProtocols.isEmpty)
        XCTAssertNil(NWParameters.tcp.defaultProtocolStack.internetProtocol as? NWProtocolTCP.Options, "the internet protocol is IP's")

        let tcp = NWProtocolTCP.Options()
        tcp.noDelay = true
        tcp.connectionTimeout = 10
        let parameters = NWParameters(tls: nil, tcp: tcp)
        parameters.prohibitExpensivePaths = true
        parameters.expiredDNSBehavior = .allow
        let copy = parameters.copy()
        XCTAssertTrue(copy.prohibitExpensivePaths)
        XCTAssertEqual(copy.expiredDNSBehavior, .allow)
        XCTAssertTrue((copy.defaultProtocolStack.transportProtocol as? NWProtocolTCP.Options)?.noDelay == true)
        XCTAssertFalse(NWParameters.tcp.prohibitExpensivePaths, "each .tcp is new")
    }

    func testErrorsBridgeAsApplesDo() {
        let error = NWError.posix(.ENETDOWN)
        let bridged = error as NSError
        XCTAssertEqual(bridged.domain, "Network.NWError")
        XCTAssertEqual(bridged.code, Int(POSIXErrorCode.ENETDOWN.rawValue))
        XCTAssertTrue(error.localizedDescription.contains("Network is down"), error.localizedDescription)
        XCTAssertTrue(error.debugDescription.hasPrefix("POSIXErrorCode(rawValue: \(POSIXErrorCode.ENETDOWN.rawValue)): Network is down"))
        XCTAssertEqual((NWError.tls(-9806) as NSError).code, -9806)
    }
}
