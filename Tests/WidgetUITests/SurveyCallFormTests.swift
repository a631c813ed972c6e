import AppIntents
import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import XCTest

// Call forms the survey of 50 widget projects found missing, written as those apps write them.

@Observable
private final class SurveyPreferences {
    var isEnabled = true
    @ObservationIgnored var cache: [String] = []
}

private struct SurveyPlayIntent: AudioPlaybackIntent {
    static let title: LocalizedStringResource = "Play"
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

private struct SurveyDeleteIntent: AppIntent {
    static let title: LocalizedStringResource = "Delete"
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

private struct SurveyBoardEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Board"
    static let defaultQuery = SurveyBoardQuery()
    let id: String
    @Property(title: "Title") var title: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)", image: .init(systemName: "infinity")) }
    init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

private struct SurveyBoardQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [SurveyBoardEntity] { [] }
}

private enum SurveyIntervalEntity: Int, CaseIterable, AppEntity {
    case hour = 1, day = 24
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Interval"
    static let defaultQuery = SurveyIntervalQuery()
    var displayRepresentation: DisplayRepresentation { "\(rawValue)" }
}

private struct SurveyIntervalQuery: EntityQuery {
    func entities(for identifiers: [Int]) async throws -> [SurveyIntervalEntity] { identifiers.compactMap(SurveyIntervalEntity.init(rawValue:)) }
}

private struct SurveyTransientEntity: TransientAppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Model"
    var id = "model"
    var displayRepresentation: DisplayRepresentation { "Model" }
    init() {}
}

private final class SurveyNavigationModel: Sendable {
    let route = "home"
}

private struct SurveySelectIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select"
    @Parameter(title: "Selected OTPs", default: [], size: 2)
    var selected: [String]
    @Parameter(title: "Selected OTP to Show", default: nil, inputConnectionBehavior: .connectToPreviousIntentResult)
    var shown: String?
    @Dependency private var navigationModel: SurveyNavigationModel
    var route: String { navigationModel.route }
    init() {}
}

private enum SurveyBackground: ShapeStyle {
    case tinted
    func resolve(in environment: EnvironmentValues) -> some ShapeStyle { Color(red: 1, green: 0, blue: 0) }
}

private struct SurveySizeKey: PreferenceKey {
    static let defaultValue: CGSize = .zero
    static func reduce(value: inout CGSize, nextValue: () -> CGSize) { value = nextValue() }
}

private struct SurveyAdaptiveLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        Label(configuration).labelStyle(.iconOnly)
    }
}

private struct SurveyCheckStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button(action: { configuration.isOn.toggle() }) { Text(configuration.isOn ? "On" : "Off") }
            .onAppear { _ = configuration.$isOn }
    }
}

private struct SurveyItem: Identifiable { let id: String }

final class SurveyCallFormTests: XCTestCase {
    private func archive<V: View>(_ view: V, environment: EnvironmentValues = EnvironmentValues()) -> (ViewNode, [String]) {
        ViewArchiver.archive(view, environment: environment)
    }

    // #1
    func testObservableThroughSwiftUI() {
        let preferences = SurveyPreferences()
        preferences.isEnabled = false
        preferences.cache.append("x")
        XCTAssertFalse(preferences.isEnabled)
        XCTAssertEqual(preferences.cache, ["x"])
    }

    // #4, #6
    func testColorCGColorAndResolve() throws {
        let swiftUIColor = Color(red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5)
        let components = try XCTUnwrap(swiftUIColor.cgColor?.components)
        XCTAssertEqual(components, [0.2, 0.4, 0.6, 0.5])
        XCTAssertNil(Color.red.cgColor, "a system colour is dynamic: no CGColor, as on Apple's platforms")
        XCTAssertEqual(Color(cgColor: CGColor(gray: 0.5, alpha: 1)).cgColor?.components, [0.5, 0.5, 0.5, 1])

        let resolved = Color.red.resolve(in: .init())
        XCTAssertEqual(resolved.red, 1, accuracy: 0.001)
        XCTAssertEqual(resolved.green, 59 / 255, accuracy: 0.001)
        XCTAssertEqual(resolved.opacity, 1)
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        XCTAssertEqual(Color.red.resolve(in: dark).green, 69 / 255, accuracy: 0.001)
        XCTAssertEqual(resolved.cgColor.numberOfComponents, 4)
        XCTAssertEqual(Color(red: 0.5, green: 0.5, blue: 0.5).resolve(in: .init()).linearRed, 0.214, accuracy: 0.001)
    }

    // #3, #18
    func testAudioPlaybackIntentAndButtonRoles() {
        for view in [
            AnyView(Button(intent: SurveyPlayIntent()) { Text("Play") }),
            AnyView(Button("Delete", systemImage: "trash", role: .destructive, intent: SurveyDeleteIntent())),
            AnyView(Button("Delete", role: .destructive, intent: SurveyDeleteIntent())),
            AnyView(Button(role: .destructive, intent: SurveyDeleteIntent()) { Text("Delete") }),
        ] {
            let (node, warnings) = archive(view)
            guard case .control(let control) = node, case .intent = control.action else { return XCTFail("\(node)") }
            XCTAssertEqual(warnings, [])
        }
    }

    // #5, #33, #36, #31
    func testEntityPropertyDisplayRepresentationAndRawValueEntities() {
        let board = SurveyBoardEntity(id: "b", title: "Groceries")
        XCTAssertEqual(board.title, "Groceries")
        XCTAssertEqual(board.$title.title.key, "Title")
        XCTAssertEqual(board.displayRepresentation.image, DisplayRepresentation.Image(systemName: "infinity"))
        let all: DisplayRepresentation = DisplayRepresentation(title: "All", image: .init(systemName: "infinity"))
        XCTAssertEqual(all.title.key, "All")
        XCTAssertEqual(SurveyIntervalEntity.day.id, 24)
        XCTAssertEqual(SurveyTransientEntity().id, "model")
    }

    // #28
    func testConfigurationDisplayNameFromResource() {
        let configuration = StaticConfiguration(kind: "feed", provider: SurveyProvider()) { _ in Text("3") }
            .configurationDisplayName(LocalizedStringResource("Widget.Feed.Config.Title"))
            .description(LocalizedStringResource("Widget.Feed.Config.Description"))
            .onBackgroundURLSessionEvents { _, completion in completion() }
        let widget = configuration._resolve().first
        XCTAssertEqual(widget?.displayName, "Widget.Feed.Config.Title")
        XCTAssertEqual(widget?.description, "Widget.Feed.Config.Description")
    }

    // #29, #30, #35, #32, #34
    func testParameterSizesDependenciesConfirmationAndPlaceholders() async throws {
        let intent = SurveySelectIntent()
        XCTAssertEqual(intent.selected, [])
        XCTAssertNil(intent.shown)
        XCTAssertEqual(IntentCollectionSize(integerLiteral: 2), IntentCollectionSize(exactly: 2))
        AppDependencyManager.shared.add(dependency: SurveyNavigationModel())
        XCTAssertEqual(intent.route, "home")
        try await intent.requestConfirmation(result: .result(), confirmationActionName: .go, showPrompt: true)
        let format = LocalizedStringResource("\(placeholder: .int) servers", table: "AppIntents")
        XCTAssertEqual(format.key, "%lld servers")
        _ = TypeDisplayRepresentation(name: "Server", numericFormat: format)
    }

    // #7, #8: app-UI forms archive their content unchanged.
    func testAppInterfaceModifiersAreInert() {
        @State var on = true
        let plain = archive(Text("QR")).0
        let forms: [AnyView] = [
            AnyView(Text("QR").contextMenu { Text("Copy") }),
            AnyView(Text("QR").contextMenu(menuItems: { Text("Copy") }, preview: { Text("QR") })),
            AnyView(Text("QR").dropDestination(for: String.self) { _, _ in true }),
            AnyView(Text("QR").navigationTitle("Settings")),
            AnyView(Text("QR").navigationViewStyle(StackNavigationViewStyle())),
            AnyView(Text("QR").alert(item: Binding<SurveyItem?>(get: { nil }, set: { _ in })) { item in Alert(title: Text(item.id)) }),
            AnyView(Text("QR").onHover { _ in }),
            AnyView(Text("QR").onGeometryChange(for: CGFloat.self, of: { geometry in geometry.size.width }) { _ in }),
            AnyView(Text("QR").onPreferenceChange(SurveySizeKey.self) { _ in }),
        ]
        for form in forms {
            let (node, warnings) = archive(form)
            XCTAssertEqual(node, plain)
            XCTAssertEqual(warnings.count, 1, "\(warnings)")
        }
        XCTAssertEqual(archive(Text("QR").previewInterfaceOrientation(.landscapeLeft)).0, plain)
        XCTAssertEqual(archive(Text("QR").preference(key: SurveySizeKey.self, value: CGSize(width: 1, height: 1))).0, plain)

        let (settings, warnings) = archive(Section(header: Text("")) {
            Toggle("Redirect to GitHub", isOn: $on).toggleStyle(SwitchToggleStyle(tint: .orange))
        })
        XCTAssertTrue(warnings.contains { $0.contains("Toggle(isOn: Binding)") })
        XCTAssertTrue(settings.literalTexts.contains("Redirect to GitHub"))
    }

    // #9–#15
    func testLayoutAndSceneForms() {
        let cover = archive(Text("A").containerRelativeFrame([.horizontal, .vertical])).0
        XCTAssertTrue(cover.allModifiers.contains { if case .frame(let f) = $0 { f.maxWidth == .infinity && f.maxHeight == .infinity } else { false } })
        let (limited, warnings) = archive(Text("A").lineLimit(1, reservesSpace: true))
        XCTAssertTrue(limited.allModifiers.contains(.lineLimit(1)))
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue((archive(Text("A").scenePadding()).0).allModifiers.contains { if case .padding = $0 { true } else { false } })
        XCTAssertEqual(EnvironmentValues().scenePhase, .active)
        @ScaledMetric(relativeTo: .title2) var size: CGFloat = 30
        XCTAssertEqual(size, 30)
    }

    // #16
    func testTransitionProtocolForms() {
        let protocolForm = archive(Text("A").transition(.scale(0.1).combined(with: .opacity))).0
        let anyForm = archive(Text("A").transition(AnyTransition.scale(scale: 0.1).combined(with: .opacity))).0
        XCTAssertEqual(protocolForm, anyForm)
        XCTAssertEqual(archive(Text("A").transition(.opacity)).0, archive(Text("A").transition(AnyTransition.opacity)).0)
    }

    // #17, #19, #20
    func testLabelConfigurationStrokeShapeAndToggleBinding() {
        let (node, _) = archive(Label("Share", systemImage: "square.and.arrow.up").labelStyle(SurveyAdaptiveLabelStyle()))
        XCTAssertEqual(node.literalTexts, [], "icon only")
        let (clipped, warnings) = archive(Color.red.clipShape(Circle().stroke(lineWidth: 16)))
        XCTAssertNotEqual(clipped, .empty)
        XCTAssertEqual(warnings.count, 1)
        guard case .shape(let ring) = archive(Circle().stroke(lineWidth: 2)).0 else { return XCTFail() }
        XCTAssertEqual(ring.strokeWidth, 2)
        let (toggle, _) = archive(Toggle(isOn: true, intent: SurveyDeleteIntent()) { Text("T") }.toggleStyle(SurveyCheckStyle()))
        guard case .control(let control) = toggle, case .toggle(_, let onLabel, let offLabel) = control.kind else { return XCTFail() }
        XCTAssertEqual(onLabel.literalTexts, ["On"])
        XCTAssertEqual(offLabel.literalTexts, ["Off"])
    }

    // #22, #23
    func testTimeDataSourceTextAndCustomShapeStyle() {
        let year = Date.now.formatted(.dateTime.year())
        XCTAssertEqual((archive(Text(.currentDate, format: .dateTime.year())).0).literalTexts, [year])
        let styled = archive(Rectangle().fill(SurveyBackground.tinted)).0
        let red = archive(Rectangle().fill(Color(red: 1, green: 0, blue: 0))).0
        XCTAssertEqual(styled, red)
    }

    // #27
    func testEnvironmentVariantsDynamicMembers() {
        let context = TimelineProviderContext(
            family: .systemSmall, isPreview: false, displaySize: CGSize(width: 170, height: 170),
            environmentVariants: .init(colorScheme: nil, widgetRenderingMode: nil))
        let scale = context.environmentVariants.displayScale?.max() ?? 1.0
        XCTAssertEqual(scale, EnvironmentValues().displayScale)
    }
}

private struct SurveyEntry: TimelineEntry { let date: Date }
private struct SurveyProvider: TimelineProvider {
    func placeholder(in context: Context) -> SurveyEntry { SurveyEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (SurveyEntry) -> Void) { completion(SurveyEntry(date: .now)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<SurveyEntry>) -> Void) {
        completion(Timeline(entries: [SurveyEntry(date: .now)], policy: .never))
    }
}
