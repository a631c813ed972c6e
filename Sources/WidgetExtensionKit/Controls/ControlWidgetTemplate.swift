import Foundation
import WidgetArchive
import WidgetIntents
import WidgetUI

/// `ControlWidgetTemplate`: what a control shows and does. The system draws it; the label views only
/// give it a symbol, a title and a value (`ControlTemplate`).
public protocol ControlWidgetTemplate {
    associatedtype Body: ControlWidgetTemplate
    @ControlWidgetTemplateBuilder var body: Self.Body { get }
    /// Fills in the template's data: primitive templates override this.
    func _makeTemplate(into builder: inout _ControlTemplateBuilder)
}

extension ControlWidgetTemplate {
    public func _makeTemplate(into builder: inout _ControlTemplateBuilder) { body._makeTemplate(into: &builder) }
}

extension Never: ControlWidgetTemplate {}

/// `@ControlWidgetTemplateBuilder`: one template, with `if`/`else` between two.
@resultBuilder
public enum ControlWidgetTemplateBuilder {
    public static func buildBlock<T: ControlWidgetTemplate>(_ content: T) -> T { content }
    public static func buildExpression<T: ControlWidgetTemplate>(_ content: T) -> T { content }
    public static func buildEither<First: ControlWidgetTemplate, Second: ControlWidgetTemplate>(
        first: First
    ) -> _ConditionalControlTemplate<First, Second> { _ConditionalControlTemplate(choice: .first(first)) }
    public static func buildEither<First: ControlWidgetTemplate, Second: ControlWidgetTemplate>(
        second: Second
    ) -> _ConditionalControlTemplate<First, Second> { _ConditionalControlTemplate(choice: .second(second)) }
    public static func buildLimitedAvailability<T: ControlWidgetTemplate>(_ content: T) -> T { content }
}

/// One of two templates, as an `if`/`else` chose.
public struct _ConditionalControlTemplate<First: ControlWidgetTemplate, Second: ControlWidgetTemplate>: ControlWidgetTemplate {
    enum Choice { case first(First), second(Second) }
    let choice: Choice
    public var body: Never { preconditionFailure("conditional templates are primitive") }
    public func _makeTemplate(into builder: inout _ControlTemplateBuilder) {
        switch choice {
        case .first(let t): t._makeTemplate(into: &builder)
        case .second(let t): t._makeTemplate(into: &builder)
        }
    }
}

/// Builds a `ControlTemplate` from a template value: archives its label views in the control's
/// environment and reads the symbol and texts out of them.
public struct _ControlTemplateBuilder {
    var template = ControlTemplate(style: .button, title: "", onFace: .init(), offFace: .init(), action: .inert)

    /// A face from what a value label shows, falling back on the title label's symbol and texts.
    static func face(_ value: ControlLabelReading?, title: ControlLabelReading, defaultValue: String?) -> ControlTemplate.Face {
        ControlTemplate.Face(
            symbol: value?.symbol ?? title.symbol, value: value.map { $0.texts.first } ?? defaultValue,
            status: value?.labelTexts.status ?? title.labelTexts.status,
            actionHint: value?.labelTexts.actionHint ?? title.labelTexts.actionHint)
    }
    var diagnostics: [String] = []
    /// Label-level `.privacySensitive()`; the template's own modifier sets the template's flag.
    var labelIsPrivacySensitive = false
    var isDisabled = false

    /// What the label views show.
    mutating func read<V: View>(_ view: V) -> ControlLabelReading {
        var environment = EnvironmentValues()
        environment.widgetFamily = ._control
        let archived = ViewArchiver.archiveViews(view, environment: environment, locate: nil)
        diagnostics.append(contentsOf: archived.diagnostics)
        let reading = ControlLabelReading(archived.nodes, texts: archived.controlLabelTexts)
        if reading.isPrivacySensitive { labelIsPrivacySensitive = true }
        return reading
    }

    /// The intent archived for the control, registered so this process can perform it.
    mutating func action<I: AppIntent>(_ intent: I) -> ControlAction {
        do {
            return .intent(try IntentRegistry.shared.reference(to: intent))
        } catch {
            diagnostics.append("\(I.typeIdentifier) is archived inert: \(error)")
            return .inert
        }
    }

    /// The finished template.
    var result: ControlTemplate {
        var result = template
        if labelIsPrivacySensitive { result.isPrivacySensitive = true }
        if isDisabled { result.action = .inert }
        return result
    }
}

/// What a control's label views show, read from their archived nodes: the first symbol, the texts in
/// order, and whether any of it is marked privacy-sensitive.
struct ControlLabelReading {
    var symbol: ControlTemplate.Symbol?
    var texts: [String] = []
    var isPrivacySensitive = false
    var labelTexts: ControlLabelTexts

    init(_ nodes: [ViewNode], texts labelTexts: ControlLabelTexts) {
        self.labelTexts = labelTexts
        for node in nodes { visit(node) }
    }

    private mutating func visit(_ node: ViewNode) {
        switch node {
        case .image(let image):
            guard symbol == nil else { return }
            switch image.source {
            case .system(let name): symbol = .system(name)
            case .asset(let name): symbol = .asset(name)
            case .data: break
            }
        case .text(let text):
            let string = text.runs.map(Self.plain).joined()
            if !string.isEmpty { texts.append(string) }
        case .modified(_, .privacySensitive(true)):
            isPrivacySensitive = true
            for child in node.children { visit(child) }
        default:
            for child in node.children { visit(child) }
        }
    }

    private static func plain(_ run: TextRun) -> String {
        switch run.content {
        case .literal(let s): s
        case .date(let date, _): date.formatted(date: .omitted, time: .shortened)
        case .timerInterval(_, let end, _): end.formatted(date: .omitted, time: .shortened)
        }
    }
}
