import Foundation
import LiveActivities
import WidgetArchive
import WidgetControl
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetRender

extension WidgetTestHost {
    /// Starts a Live Activity as the extension's app would (`Activity.request`): the extension archives
    /// each presentation of the configuration that declares the attributes' type. Throws the
    /// `ActivityRefusal` the system's rules give (too many, too large…).
    ///
    /// ```swift
    /// let session = try host.startActivity(attributes: DeliveryAttributes(order: "A-17"),
    ///                                      state: DeliveryAttributes.ContentState(stopsAway: 3))
    /// XCTAssertTrue(try session.render(.islandCompact).texts.contains("3"))
    /// host.advance(by: 8 * 3600)
    /// XCTAssertEqual(session.state, .ended)
    /// ```
    public func startActivity<Attributes: Encodable, State: Encodable>(
        attributes: Attributes, state: State, staleDate: Date? = nil, relevanceScore: Double = 0, pushType: ActivityPushType? = nil,
        id: String = UUID().uuidString
    ) throws -> LiveActivityUnderTest {
        let start = ActivityStart(id: id, attributesType: String(describing: Attributes.self), attributes: try LiveActivityUnderTest.json(attributes),
                                  content: ActivityContentValue(state: try LiveActivityUnderTest.json(state), staleDate: staleDate,
                                                                relevanceScore: relevanceScore),
                                  pushType: pushType)
        let record = try activities.start(start).get()
        return LiveActivityUnderTest(id: record.id, center: activities)
    }
}

/// A Live Activity started by a test: change it as the app would, push to it, read what the system
/// made of it, draw and tap it where it is shown.
public final class LiveActivityUnderTest {
    public let id: String
    public let center: ActivityCenter

    init(id: String, center: ActivityCenter) {
        self.id = id
        self.center = center
    }

    static func json<Value: Encodable>(_ value: Value) throws -> [UInt8] { [UInt8](try JSONEncoder().encode(value)) }

    /// The system's record of it.
    public var record: ActivityRecord? { center.record(id) }

    /// Its `ActivityState` at the host's clock.
    public var state: ActivityStateValue? { center.status(id).flatMap { s in ActivityStateValue.allCases.first { $0.description == s.activityState } } }

    /// The system's decisions about it, newest last ("lifetimeLimit: active for 8 hours…").
    public var notes: [String] { center.status(id)?.notes ?? [] }

    /// `update(_:alertConfiguration:timestamp:)`: true if the system took it.
    @discardableResult
    public func update<State: Encodable>(_ state: State, staleDate: Date? = nil, relevanceScore: Double = 0, alert: ActivityAlert? = nil,
                                         timestamp: Date? = nil) throws -> Bool {
        let content = ActivityContentValue(state: try Self.json(state), staleDate: staleDate, relevanceScore: relevanceScore)
        return center.change(.update(id: id, content: content, alert: alert, timestamp: timestamp)) != nil
    }

    /// `end(_:dismissalPolicy:)`: true if the system took it.
    @discardableResult
    public func end<State: Encodable>(_ state: State?, dismissal: ActivityDismissal = .standard) throws -> Bool {
        let content = try state.map { ActivityContentValue(state: try Self.json($0)) }
        return center.change(.end(id: id, content: content, dismissal: dismissal, timestamp: nil)) != nil
    }

    /// An ActivityKit push to its token (it must have been started with `pushType: .token`), its
    /// payload as JSON text.
    public func push(_ payload: String, priority: Int = 10) throws -> ActivityPushOutcome {
        guard let token = record?.pushToken, !token.isEmpty else { throw LiveActivityTestError.noPushToken(id) }
        guard let json = JSONValue(json: Array(payload.utf8)) else { throw LiveActivityTestError.notJSON(payload) }
        return try center.push(token: token, channel: nil, payload: json, priority: priority).get()
    }

    /// It drawn where `placement` shows it (`Placement.activityPlacements`), at the host's clock.
    public func render(_ placement: Placement = .activityLockScreen, colorScheme: ColorScheme? = nil) throws -> RenderTree {
        guard let tree = center.render(id, placement: placement, colorScheme: colorScheme) else { throw LiveActivityTestError.notShown(id) }
        return tree
    }

    /// A tap on an element (by id or label) or a point where `placement` shows it.
    public func tap(element: String? = nil, label: String? = nil, at point: Point? = nil, in placement: Placement = .activityLockScreen)
        throws -> (outcome: TapResult.Outcome, final: RenderTree) {
        try center.tap(id, placement: placement, element: element, label: label, at: point)
    }
}

/// Why a Live Activity under test could not be pushed to or drawn.
public enum LiveActivityTestError: Error, CustomStringConvertible {
    case noPushToken(String)
    case notJSON(String)
    case notShown(String)

    public var description: String {
        switch self {
        case .noPushToken(let id): "activity \(id) takes no pushes: start it with pushType: .token"
        case .notJSON(let text): "the payload is not JSON: \(text.prefix(80))"
        case .notShown(let id): "activity \(id) has no presentations (dismissed, or its extension did not archive them)"
        }
    }
}


/// Snapshots a Live Activity in every place it is shown (or those named), one reference each, named after
/// the place (`testSession.island-expanded.png`).
public func assertSnapshots(
    of activity: LiveActivityUnderTest, as strategy: Snapshotting<RenderTree> = .png, placements: [Placement] = Placement.activityPlacements,
    record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil, fileID: StaticString = #fileID, file: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    for placement in placements {
        let tree: RenderTree
        do {
            tree = try activity.render(placement)
        } catch {
            TestIssue.record("\(placement.id): \(error)", fileID: fileID, file: file, line: line, column: column)
            continue
        }
        assertSnapshot(of: tree, as: strategy, named: placement.id, record: record, snapshotDirectory: snapshotDirectory,
                       fileID: fileID, file: file, testName: testName, line: line, column: column)
    }
}
