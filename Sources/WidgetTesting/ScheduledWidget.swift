import Foundation
import WidgetArchive
import WidgetControl
import WidgetHostCore
import WidgetLayout
import WidgetScheduling

/// A widget kept up to date on the virtual clock exactly as `widget-host run` keeps it: its policy
/// reloads, an app's requests and the daily budget go through the same scheduler (`HostRunner`), so a
/// test can step through hours of a timeline and assert what it shows and what it spent.
///
/// ```swift
/// let widget = try host.scheduled(kind: "StepCounter", family: .systemSmall)
/// try widget.advance(by: 6 * 3600)
/// XCTAssertEqual(try widget.current().node(id: "steps")?.text, "4200")
/// XCTAssertEqual(widget.budgetSpent, 6)                 // one policy reload an hour
/// ```
public final class ScheduledWidget {
    public let runner: HostRunner
    /// The instance: render it, tap it, read its events.
    public var session: WidgetSession { runner.sessions[0] }
    private let clock: VirtualClock
    private let recorder: ScheduleRecorder
    public let dailyBudget: Int

    init(host: WidgetTestHost, instance: WidgetInstance, dailyBudget: Int) {
        clock = host.clock
        recorder = ScheduleRecorder()
        self.dailyBudget = dailyBudget
        runner = HostRunner(host: host.host, configuration: HostConfiguration(instances: [instance]),
                            outputDirectory: host.storeDirectory.appendingPathComponent("renders-\(instance.id)"), socket: nil,
                            dailyBudget: dailyBudget, log: recorder)
        runner.start()
    }

    /// The virtual clock's now.
    public var now: Date { clock.now }

    /// What the widget shows now (date-driven text evaluated now).
    public func current() throws -> RenderTree { try session.render() }

    /// Every decision the scheduler made, as the event log of `run` and `simulate` has them.
    public var decisions: [ScheduleEvent] { recorder.events }

    /// Counted reloads left in the rolling 24-hour window.
    public var budgetLeft: Int { status?.budgetLeft ?? dailyBudget }

    /// Counted reloads made within the rolling 24-hour window.
    public var budgetSpent: Int { dailyBudget - budgetLeft }

    /// When the next policy or resumed reload is due, as `status` shows it.
    public var nextReload: String? { status?.nextReload }

    private var status: InstanceStatus? { runner.handle(ControlRequest(command: .status)).instances?.first }

    /// Moves the clock to `date`, carrying out everything due on the way, in order: entries becoming
    /// current, policy reloads, deferred requests whose time has come.
    public func advance(to date: Date) {
        while let next = runner.nextEventDate(), next <= date {
            if next > clock.now { clock.advance(to: next) }
            runner.processDue()
            // Something due now that stays due (nothing to move it on) must not stop the clock.
            if runner.nextEventDate() == next { break }
        }
        if date > clock.now { clock.advance(to: date) }
        runner.processDue()
    }

    public func advance(by seconds: TimeInterval) { advance(to: clock.now.addingTimeInterval(seconds)) }

    /// What `WidgetCenter.shared.reloadTimelines(ofKind:)` does from the app: counted against the
    /// budget (deferred when it is spent) unless the app is in the foreground. Returns the host's answer.
    @discardableResult
    public func appRequestsReload(foreground: Bool = false) -> ControlResponse {
        var request = ControlRequest(command: .reload, kind: session.instance.kind)
        request.foreground = foreground
        return runner.handle(request)
    }
}

extension WidgetTestHost {
    /// A widget instance kept up to date on the virtual clock by the same scheduler as `run`, with
    /// `dailyBudget` counted reloads a rolling day (the real system's, for a widget viewed often: 70).
    public func scheduled(kind: String, family: WidgetFamily, placement: String? = nil, id: String? = nil,
                          configuration: [String: ConfigurationValue]? = nil, dailyBudget: Int = 70) -> ScheduledWidget {
        ScheduledWidget(host: self, instance: WidgetInstance(
            id: id ?? "\(kind)-\(family.rawValue)", extensionPath: extensionPath, kind: kind, family: family, placement: placement,
            configuration: configuration), dailyBudget: dailyBudget)
    }
}
