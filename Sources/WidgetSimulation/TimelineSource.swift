import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetProtocol
import WidgetScheduling

/// Where simulated reloads get their timelines.
public protocol TimelineSource: AnyObject {
    func timeline(for instance: Scenario.Instance, at date: Date) throws -> ScheduledTimeline
}

/// Timelines from the scenario's script: `entries` entries `spacing` apart from the reload.
public final class ScriptedTimelineSource: TimelineSource {
    /// Policies as parsed, by their text: a month of reloads names the same few.
    private var parsed: [String: ScriptedPolicy] = [:]

    public init() {}

    public func timeline(for instance: Scenario.Instance, at date: Date) throws -> ScheduledTimeline {
        let n = max(1, instance.entries ?? 4)
        let spacing = instance.spacing ?? 900
        let dates = (0..<n).map { date.addingTimeInterval(Double($0) * spacing) }
        let text = instance.policy ?? "atEnd"
        let scripted = parsed[text] ?? {
            let policy = Scenario.parsePolicy(text) ?? .atEnd
            parsed[text] = policy
            return policy
        }()
        let policy: ReloadPolicy = switch scripted {
        case .atEnd: .atEnd
        case .never: .never
        case .after(let s): .after(date.addingTimeInterval(s))
        }
        return ScheduledTimeline(entryDates: dates, policy: policy)
    }
}

/// Timelines from real extension processes: the extension's `getTimeline` runs for real; only time is
/// virtual (the host's virtual clock is set before each request).
public final class ExtensionTimelineSource: TimelineSource {
    let host: WidgetHost
    let clock: VirtualClock

    public init(host: WidgetHost, clock: VirtualClock) {
        self.host = host
        self.clock = clock
    }

    public func timeline(for instance: Scenario.Instance, at date: Date) throws -> ScheduledTimeline {
        guard let path = instance.extension, let kind = instance.kind, let family = instance.family else {
            throw HostError.configuration(path: instance.id, .notAnExtensionInstance)
        }
        clock.advance(to: date)
        let t = try host.reload(executable: path, kind: kind, family: family)
        return ScheduledTimeline(entryDates: t.entries.map(\.date), policy: t.policy)
    }
}
