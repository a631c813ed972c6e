import AppIntents
import SwiftUI
import WidgetKit
import WidgetArchive
import WidgetUI
import XCTest

private struct Badge: View {
    let count: Int?
    @Environment(\.widgetFamily) var family
    @Environment(\.colorScheme) var scheme

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            if let count {
                Text("\(count) new")
            } else {
                Text("None")
            }
            switch family {
            case .systemSmall: Text("small")
            case .accessoryInline: EmptyView()
            default: Text("other")
            }
            Text(scheme == .dark ? "dark" : "light")
        }
    }
}

private struct SchemeLabel: View {
    @Environment(\.colorScheme) var scheme
    var body: some View { Text(scheme == .dark ? "dark" : "light") }
}

private struct ToneKey: EnvironmentKey { static let defaultValue = "plain" }

extension EnvironmentValues {
    fileprivate var tone: String {
        get { self[ToneKey.self] }
        set { self[ToneKey.self] = newValue }
    }
}

/// A custom modifier whose body reads the environment and changes it for its content.
private struct Toned: ViewModifier {
    @Environment(\.colorScheme) var scheme
    func body(content: Content) -> some View {
        VStack {
            Text("modifier sees \(scheme == .dark ? "dark" : "light")")
            content.environment(\.colorScheme, .dark)
        }
    }
}

/// Composites nested inside and after environment changes: each sees the environment where it is.
private struct Scoped: View {
    @Environment(\.tone) var tone
    var body: some View {
        VStack {
            SchemeLabel()
            VStack { SchemeLabel(); Wrapper() }.environment(\.colorScheme, .dark)
            SchemeLabel()
            SchemeLabel().modifier(Toned())
            Text(tone)
            Wrapper().environment(\.tone, "loud")
            Wrapper()
        }
    }
}

private struct Wrapper: View {
    @Environment(\.tone) var tone
    var body: some View { HStack { Text(tone); SchemeLabel() } }
}

/// Reads the Foundation-backed environment values.
private struct Regional: View {
    @Environment(\.locale) var locale
    @Environment(\.calendar) var calendar
    @Environment(\.timeZone) var timeZone
    var body: some View { Text("\(locale.identifier) \(calendar.identifier) \(timeZone.identifier)") }
}

private struct AddIntent: AppIntent {
    static let title: LocalizedStringResource = "Add"
    @Parameter(title: "Amount") var amount: Int
    @Parameter(title: "Label") var label: String
    init() {}
    init(amount: Int, label: String) {
        self.amount = amount
        self.label = label
    }
    func perform() async throws -> some IntentResult { .result() }
}

/// Parameters between plain properties (which are not persisted), to pin where each field is read.
private struct MixedIntent: AppIntent {
    static let title: LocalizedStringResource = "Mixed"
    var note = "not persisted"
    @Parameter(title: "Count") var count: Int
    var scratch: [Int] = [1, 2, 3]
    @Parameter(title: "Name") var name: String
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

/// A class intent: its value is a reference, so its parameters are found by reflection instead.
// `@unchecked Sendable`: as an app's class intents are; each is made, filled and performed by one task.
private final class ClassIntent: AppIntent, @unchecked Sendable {
    static let title: LocalizedStringResource = "Class"
    @Parameter(title: "Level") var level: Int
    required init() {}
    func perform() async throws -> some IntentResult { .result() }
}

final class ViewArchivingTests: XCTestCase {
    private func archive<V: View>(_ view: V, family: WidgetFamily = .systemSmall, scheme: ColorScheme = .light) -> (ViewNode, [String]) {
        var env = EnvironmentValues()
        env.widgetFamily = family
        env.colorScheme = scheme
        return ViewArchiver.archive(view, environment: env)
    }

    private func texts(_ node: ViewNode) -> [String] {
        var out: [String] = []
        node.forEachNode { n in
            if case .text(let t) = n {
                out.append(t.runs.map { if case .literal(let s) = $0.content { s } else { "<date>" } }.joined())
            }
        }
        return out
    }

    func testBuilderBranchesAndEnvironmentAreEvaluatedAtArchiveTime() {
        XCTAssertEqual(texts(archive(Badge(count: 3)).0), ["3 new", "small", "light"])
        XCTAssertEqual(texts(archive(Badge(count: nil), family: .accessoryInline, scheme: .dark).0), ["None", "dark"])
        XCTAssertEqual(texts(archive(Badge(count: 1), family: .systemLarge).0), ["1 new", "other", "light"])
    }

    /// An environment change applies to its subtree only, through any depth of composite views and
    /// custom modifiers, and is undone for the views after it.
    func testEnvironmentChangesAreScopedToTheirSubtree() {
        XCTAssertEqual(texts(archive(Scoped()).0), [
            "light", "dark", "plain", "dark", "light", "modifier sees light", "dark", "plain", "loud", "light", "plain", "light",
        ])
        XCTAssertEqual(texts(archive(Scoped(), scheme: .dark).0), [
            "dark", "dark", "plain", "dark", "dark", "modifier sees dark", "dark", "plain", "loud", "dark", "plain", "dark",
        ])
    }

    /// Locale, calendar and time zone default to en_US, Gregorian and UTC (deterministic archives), and
    /// can be set for a subtree like any value.
    func testRegionalValuesHaveDefaultsAndCanBeSet() {
        // Foundation names UTC "GMT" on some platforms.
        let utc = TimeZone(identifier: "UTC")?.identifier ?? "UTC"
        XCTAssertEqual(texts(archive(Regional()).0), ["en_US gregorian \(utc)"])
        let set = VStack {
            Regional()
                .environment(\.locale, Locale(identifier: "fr_FR"))
                .environment(\.calendar, Calendar(identifier: .japanese))
                .environment(\.timeZone, TimeZone(identifier: "Asia/Tokyo") ?? .current)
            Regional()
        }
        XCTAssertEqual(texts(archive(set).0), ["fr_FR japanese Asia/Tokyo", "en_US gregorian \(utc)"])
    }

    func testStackKeepsAlignmentSpacingAndChildren() {
        guard case .stack(let stack) = archive(Badge(count: 1)).0 else { return XCTFail("expected a stack") }
        XCTAssertEqual(stack.axis, .vertical)
        XCTAssertEqual(stack.alignment.horizontal, .leading)
        XCTAssertEqual(stack.spacing, 2)
        XCTAssertEqual(stack.children.count, 3)
    }

    func testModifiersOnAGroupApplyToEachChild() {
        let (root, _) = archive(HStack { Group { Text("a"); Text("b") }.padding(4) })
        guard case .stack(let stack) = root else { return XCTFail("expected a stack") }
        XCTAssertEqual(stack.children.count, 2)
        for child in stack.children {
            guard case .modified(.text, .padding(let p)) = child else { return XCTFail("expected padded text, got \(child)") }
            XCTAssertEqual(p.top, 4)
        }
    }

    func testForEachGivesEachElementItsIdentity() {
        let (root, _) = archive(VStack { ForEach(["x", "y"], id: \.self) { Text($0) } })
        guard case .stack(let stack) = root else { return XCTFail("expected a stack") }
        XCTAssertEqual(stack.children, [.modified(.text(TextNode("x")), .identity("x")), .modified(.text(TextNode("y")), .identity("y"))])
    }

    func testDateTextIsArchivedAsDataNotAString() {
        let date = Date(timeIntervalSince1970: 1_000_000)
        let (root, _) = archive(Text("Ends in \(date, style: .timer)!"))
        XCTAssertEqual(root, .text(TextNode(runs: [TextRun(.literal("Ends in ")), TextRun(.date(date, .timer)), TextRun(.literal("!"))])))
        XCTAssertEqual(archive(Text(date, style: .relative)).0, .text(TextNode(runs: [TextRun(.date(date, .relative))])))
    }

    func testTextStylesStayOnTheirRuns() {
        let (root, _) = archive(Text("a").bold() + Text("b").font(.caption))
        XCTAssertEqual(root, .text(TextNode(runs: [TextRun(.literal("a"), weight: .bold), TextRun(.literal("b"), font: FontSpec(size: .style(.caption)))])))
    }

    func testWidgetModifiersAreMarkers() {
        let url = URL(string: "app://x")!
        let (root, _) = archive(Text("t").widgetAccentable().privacySensitive().invalidatableContent().widgetURL(url).id("total"))
        XCTAssertEqual(root, .modified(.modified(.modified(.modified(.modified(.text(TextNode("t")), .accentable(true)),
            .privacySensitive(true)), .invalidatable(true)), .widgetURL("app://x")), .identity("total")))
    }

    func testContainerBackgroundIsTheWidgetSlot() {
        let (root, _) = archive(Text("t").containerBackground(for: .widget) { Color.red })
        XCTAssertEqual(root, .modified(.text(TextNode("t")), .containerBackground(.color(.system(.red, opacity: 1)))))
    }

    func testIntentButtonArchivesTheIntentAndItsParameters() async throws {
        let (root, warnings) = archive(Button(intent: AddIntent(amount: 64, label: "Espresso")) { Text("Add") })
        XCTAssertEqual(warnings, [])
        guard case .control(let control) = root, case .intent(let intent) = control.action else { return XCTFail("expected an intent button") }
        XCTAssertEqual(intent.typeIdentifier, AddIntent.typeIdentifier)
        let rebuilt = try await IntentParameterCodec.decode(AddIntent.self, from: intent.parameters)
        XCTAssertEqual(rebuilt.amount, 64)
        XCTAssertEqual(rebuilt.label, "Espresso")
        XCTAssertTrue(IntentRegistry.shared.isRegistered(AddIntent.typeIdentifier))
    }

    func testOnlyParametersArePersistedWhereverTheyAreDeclared() throws {
        var mixed = MixedIntent()
        mixed.count = 3
        mixed.name = "tea"
        mixed.note = "changed"
        for _ in 0..<2 {  // the second time reads the cached field layout
            let values = try IntentParameterCodec.decodeValues(IntentParameterCodec.encode(mixed))
            XCTAssertEqual(values.map(\.0), ["count", "name"])
            XCTAssertEqual(values.map(\.1), [.int(3), .string("tea")])
        }
        let object = ClassIntent()
        object.level = 9
        let values = try IntentParameterCodec.decodeValues(IntentParameterCodec.encode(object))
        XCTAssertEqual(values.map(\.0), ["level"])
        XCTAssertEqual(values.map(\.1), [.int(9)])
    }

    func testClosureButtonIsInertWithAWarning() {
        let (root, warnings) = archive(Button(action: {}) { Text("Nope") })
        guard case .control(let control) = root else { return XCTFail("expected a control") }
        XCTAssertEqual(control.action, .inert)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("inert"))
    }

    func testToggleArchivesBothStates() {
        let (root, _) = archive(Toggle(isOn: false, intent: AddIntent(amount: 1, label: "x")) { Text("Task") }.toggleStyle(.button))
        guard case .control(let control) = root, case .toggle(let isOn, let on, let off) = control.kind else { return XCTFail("expected a toggle") }
        XCTAssertFalse(isOn)
        XCTAssertNotEqual(on, off)
        XCTAssertTrue("\(on)".contains("checkmark.circle.fill"))
        XCTAssertTrue("\(off)".contains("\"circle\""))
    }

    func testMalformedIntentParametersAreRejected() async {
        do {
            _ = try await IntentParameterCodec.decode(AddIntent.self, from: [1, 200])
            XCTFail("expected an error")
        } catch let error as IntentCodingError {
            guard case .malformed = error else { return XCTFail("unexpected \(error)") }
        } catch {
            XCTFail("unexpected \(error)")
        }
    }
}
