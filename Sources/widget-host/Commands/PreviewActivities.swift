import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetStore

extension PreviewRun {
    /// A Live Activity preview (`#Preview(as: .content, using:) … contentStates:`): each content state
    /// archived by the extension as a running activity's would be, and drawn in every place activities
    /// are shown (the Lock Screen, the Dynamic Island's presentations, StandBy, the watch, CarPlay, the
    /// Mac menu bar), to `DIR/previews/<n>-<name>/state-K/<placement>.*`. A two-activity island shows
    /// the state beside the next one.
    func renderActivityPreview(index: Int, name: String, sample: ActivitySample) {
        let folder = "previews/\(index + 1)-\(ArchiveStore.safeComponent(name))"
        var states: [ActivityPresentations] = []
        for (number, state) in sample.states.enumerated() {
            do {
                states.append(try host.activityPresentations(
                    executable: executable, attributesType: sample.attributesType, activityID: "preview-\(number)",
                    attributes: sample.attributes, state: state).presentations)
            } catch {
                fail("Live Activity “\(name)” state \(number): \(error)")
                sheet.add(title: "Live Activity “\(name)”", error: "state \(number): \(error)")
                return
            }
        }
        // In a matrix, the places whose look follows the scheme (the Lock Screen's banner) in the other one too.
        let looks: [(Placement, ColorScheme?)] = Placement.activityPlacements.map { ($0, nil) }
            + (matrix ? [(Placement.activityLockScreen, .dark)] : [])
        for (placement, scheme) in looks {
            let title = "Live Activity “\(name)” · \(placement.name)" + (scheme.map { ", \($0)" } ?? "")
            for (number, presentations) in states.enumerated() {
                let second = states.count > 1 ? states[(number + 1) % states.count] : presentations
                let context = RenderContext(placement: placement, family: placement.families.first ?? ._activityMedium, date: host.clock.now,
                                            colorScheme: scheme, device: device)
                let tree = ActivityRenderer.render(presentations, second: second, context: context)
                let image = "\(folder)/state-\(number)/\(placement.id)" + (scheme.map { "-\($0)" } ?? "")
                do {
                    try FileManager.default.createDirectory(at: out.appendingPathComponent("\(folder)/state-\(number)"),
                                                            withIntermediateDirectories: true)
                    try write(tree, to: out.appendingPathComponent(image))
                } catch {
                    fail("\(title) state \(number): \(error)")
                    continue
                }
                written += 1
                sheet.add(title: title, entry: number, caption: "content state \(number + 1)", image: image + ".png", size: tree.size,
                          texts: tree.texts)
            }
        }
    }
}
