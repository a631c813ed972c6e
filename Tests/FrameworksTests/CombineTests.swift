import Combine
import CoreLocation
import Foundation
import FoundationNetworkingAdditions
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftUI
import TipKit
import WidgetArchive
import WidgetUI
import XCTest

final class Counter: ObservableObject {
    @Published var count = 0
    @Published var name = "a"
}

/// Combine's publishers, subjects and operators as app code shared with widgets uses them.
final class CombineTests: XCTestCase {
    func testSinkMapFilterAndCompletion() {
        var received: [String] = []
        var completed = false
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.filter { $0 % 2 == 0 }.map { "#\($0)" }.sink(receiveCompletion: { _ in completed = true }) { received.append($0) }
        for i in 1...5 { subject.send(i) }
        subject.send(completion: .finished)
        subject.send(8)
        XCTAssertEqual(received, ["#2", "#4"])
        XCTAssertTrue(completed)
        cancellable.cancel()
    }

    /// The forms Clok's report fetcher chains (eliyap/Clok, `NetCode/Fetchers/TimeEntry/DetailedReportFetcher.swift`):
    /// pages from a subject that cannot fail, flat-mapped into a request that can, folded with
    /// `reduce`, zipped with a second request.
    func testZipReduceAndFlatMapFromAPublisherThatCannotFail() {
        struct Failure: Error {}
        let pages = PassthroughSubject<Int, Never>()
        var folded: [[Int]] = []
        let paging = pages
            .flatMap { page in Just(page * 10).setFailureType(to: Failure.self) }
            .reduce([Int]()) { $0 + [$1] }
            .sink(receiveCompletion: { _ in }) { folded.append($0) }
        for page in 1...3 { pages.send(page) }
        XCTAssertEqual(folded, [], "reduce sends once, when upstream finishes")
        pages.send(completion: .finished)
        XCTAssertEqual(folded, [[10, 20, 30]])
        paging.cancel()

        let left = PassthroughSubject<String, Failure>(), right = PassthroughSubject<Int, Failure>()
        var pairs: [String] = []
        var finished = false
        let zipped = left.zip(right).sink(receiveCompletion: { if case .finished = $0 { finished = true } }) { pairs.append("\($0)\($1)") }
        left.send("a"); left.send("b"); right.send(1)
        XCTAssertEqual(pairs, ["a1"])
        right.send(2); right.send(3)
        XCTAssertEqual(pairs, ["a1", "b2"], "3 waits for a partner")
        left.send(completion: .finished)
        XCTAssertTrue(finished, "the left side is done and has nothing waiting")
        zipped.cancel()
    }

    func testDecodeAndEncode() {
        struct Report: Codable, Equatable { var total: Int }
        let subject = PassthroughSubject<Data, Never>()
        var reports: [Report] = []
        var failed = false
        let decoding = subject.decode(type: Report.self, decoder: JSONDecoder())
            .sink(receiveCompletion: { if case .failure = $0 { failed = true } }) { reports.append($0) }
        subject.send(Data(#"{"total": 3}"#.utf8))
        XCTAssertEqual(reports, [Report(total: 3)])
        subject.send(Data("not json".utf8))
        XCTAssertTrue(failed, "a value that does not decode fails the stream")
        decoding.cancel()
        var encoded: [Data] = []
        let encoding = Just(Report(total: 4)).encode(encoder: JSONEncoder()).sink(receiveCompletion: { _ in }) { encoded.append($0) }
        XCTAssertEqual(encoded.first.flatMap { try? JSONDecoder().decode(Report.self, from: $0) }, Report(total: 4))
        encoding.cancel()
    }

    /// A data task publisher with no server to reach fails with the task's URLError, as a device offline does.
    func testDataTaskPublisherFailsWithTheTasksError() {
        let done = expectation(description: "completion")
        var failure: URLError?
        let request = URLSession.shared.dataTaskPublisher(for: URL(string: "http://127.0.0.1:9/")!)
            .map(\.data)
            .sink(receiveCompletion: { completion in
                if case .failure(let error) = completion { failure = error }
                done.fulfill()
            }) { _ in }
        wait(for: [done], timeout: 20)
        XCTAssertNotNil(failure)
        request.cancel()
    }

    func testCancelStopsDeliveryAndCurrentValueReplays() {
        let subject = CurrentValueSubject<Int, Never>(1)
        var seen: [Int] = []
        let cancellable = subject.removeDuplicates().sink { seen.append($0) }
        subject.send(1)
        subject.send(2)
        cancellable.cancel()
        subject.send(3)
        XCTAssertEqual(seen, [1, 2], "the current value first, duplicates dropped, nothing after cancel")
        XCTAssertEqual(subject.value, 3)
    }

    func testCombineLatestMergeAndJust() {
        let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<String, Never>()
        var pairs: [String] = []
        let c1 = a.combineLatest(b).map { "\($0)\($1)" }.sink { pairs.append($0) }
        a.send(1); b.send("x"); a.send(2)
        XCTAssertEqual(pairs, ["1x", "2x"])
        var merged: [Int] = []
        let c2 = Just(7).merge(with: Just(8)).sink { merged.append($0) }
        XCTAssertEqual(merged, [7, 8])
        _ = (c1, c2)
    }

    /// `@Published` tells `objectWillChange` before the value changes, and `$count` replays the
    /// current value.
    func testPublishedAndObjectWillChange() {
        let counter = Counter()
        var before: [Int] = []
        var values: [Int] = []
        let c1 = counter.objectWillChange.sink { before.append(counter.count) }
        let c2 = counter.$count.sink { values.append($0) }
        counter.count = 5
        counter.count = 6
        XCTAssertEqual(before, [0, 5], "announced before each change")
        XCTAssertEqual(values, [0, 5, 6])
        var names: [String] = []
        let c3 = counter.$name.sink { names.append($0) }
        Just("b").assign(to: \.name, on: counter).cancel()
        XCTAssertEqual(names, ["a", "b"])
        _ = (c1, c2, c3)
    }

    func testDebounceOnAScheduler() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        let done = expectation(description: "debounced")
        let c = subject.debounce(for: .milliseconds(50), scheduler: DispatchQueue.main).sink { seen.append($0); done.fulfill() }
        subject.send(1); subject.send(2); subject.send(3)
        wait(for: [done], timeout: 5)
        XCTAssertEqual(seen, [3], "only the last of a burst")
        c.cancel()
    }

    func testFutureAndValues() async {
        let future = Future<Int, Never> { promise in promise(.success(42)) }
        var got: [Int] = []
        for await value in future.values { got.append(value) }
        XCTAssertEqual(got, [42])
    }

    /// A `TipView` draws nothing and says so; `CLLocation` measures real distances.
    func testTipViewReportsAndLocationsMeasure() {
        struct WelcomeTip: Tip { var title: Text { Text("Welcome") } }
        let (node, diagnostics) = ViewArchiver.archive(VStack { TipView(WelcomeTip()); Text("x") }, environment: EnvironmentValues(), locate: nil)
        var texts = 0
        node.forEachNode { if case .text = $0 { texts += 1 } }
        XCTAssertEqual(texts, 1, "the tip adds nothing")
        XCTAssertTrue(diagnostics.contains { $0.contains("TipKit") }, "\(diagnostics)")

        let paris = CLLocation(latitude: 48.8566, longitude: 2.3522), london = CLLocation(latitude: 51.5074, longitude: -0.1278)
        XCTAssertEqual(paris.distance(from: london) / 1000, 343.5, accuracy: 343.5 * 0.005)
        XCTAssertNil(CLLocationManager().location)
        XCTAssertEqual(Measurement(value: 5, unit: UnitLength.kilometers).converted(to: .miles).value, 3.107, accuracy: 0.001)
    }
}
