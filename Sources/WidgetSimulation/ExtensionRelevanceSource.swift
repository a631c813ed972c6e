import Foundation
import SmartStack
import WidgetHostCore
import WidgetProtocol

/// A real extension's relevance for a Smart Stack simulation: at the start of each day, its timeline's
/// entries (their `TimelineEntryRelevance`) and its `relevance()` clues, asked of the extension on a
/// virtual clock of its own that only moves forward.
public final class ExtensionRelevanceSource {
    let host: WidgetHost
    let clock: VirtualClock
    public private(set) var failures: [String] = []

    public init(host: WidgetHost, clock: VirtualClock) {
        self.host = host
        self.clock = clock
    }

    public func member(_ instance: Scenario.Instance, dayStart: Date) -> SmartStack.Member {
        guard let path = instance.extension, let kind = instance.kind, let family = instance.family else {
            return StackSimulation.scripted(instance, start: dayStart, days: 1)
        }
        if clock.now < dayStart { clock.advance(to: dayStart) }
        var member = SmartStack.Member(id: instance.id)
        do {
            let descriptor = try host.connection(to: path).descriptor(kind: kind)
            member.relevanceOnly = descriptor?.relevanceOnly ?? false
            member.clues = try host.relevance(executable: path, kind: kind)
            if !member.relevanceOnly {
                let timeline = try host.reload(executable: path, kind: kind, family: family)
                member.entries = timeline.entries.compactMap { entry in entry.relevance.map { (entry.date, $0, entry.relevanceDuration) } }
            }
        } catch {
            failures.append("\(instance.id): \(error)")
        }
        return member
    }
}
