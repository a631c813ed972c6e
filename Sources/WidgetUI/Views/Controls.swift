import Foundation
import WidgetArchive
import WidgetIntents

/// `Button`. Only `Button(intent:)` is interactive in a widget: the intent is archived (type and
/// `@Parameter` values) and performed in the extension when tapped. A closure button is archived inert,
/// with a warning, because the host never runs closures.
public nonisolated struct Button<Label: View>: View {
    let label: Label
    let action: (inout _ArchiveBuilder) -> ControlAction
    /// What a custom `ButtonStyle` reads as `configuration.role`.
    var role: ButtonRole?

    public init<I: AppIntent>(intent: I, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = { builder in intentAction(intent, builder: &builder) }
    }

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = { builder in
            builder.warn("Button(action:) is archived inert: widgets only perform App Intents (use Button(intent:))")
            return .inert
        }
    }

    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(action: action, label: label)
        self.role = role
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let action = self.action(&builder)
        switch builder.environment.buttonChrome {
        case .bordered:
            builder.append(.control(ControlNode(kind: .button(label: builder.node(of: label)), action: action)))
        case .plain:
            builder.append(.control(ControlNode(kind: .plainButton(label: builder.node(of: label)), action: action)))
        case .custom(let makeBody):
            let styled = makeBody(ButtonStyleConfiguration(label: AnyView(label), isPressed: false, role: role))
            builder.append(.control(ControlNode(kind: .plainButton(label: builder.node(of: styled)), action: action)))
        }
    }
}

extension Button where Label == WidgetUI.Label<Text, Image> {
    /// `Button("Title", systemImage: "plus", intent: …)`.
    public init<I: AppIntent>(_ titleKey: LocalizedStringKey, systemImage: String, intent: I) {
        self.init(intent: intent) { Label(titleKey, systemImage: systemImage) }
    }
}

/// `ButtonRole`.
public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

/// How buttons below draw: on a capsule, as their label alone, or through a custom style.
enum ButtonChrome {
    case bordered
    case plain
    case custom((ButtonStyleConfiguration) -> AnyView)
}

/// `PrimitiveButtonStyle`: the built-in button styles.
public protocol PrimitiveButtonStyle {
    var _chrome: _ButtonChromeValue { get }
}

/// Which chrome a built-in style draws.
public struct _ButtonChromeValue {
    let chrome: ButtonChrome
}

public struct DefaultButtonStyle: PrimitiveButtonStyle { public init() {}; public var _chrome: _ButtonChromeValue { _ButtonChromeValue(chrome: .bordered) } }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {}; public var _chrome: _ButtonChromeValue { _ButtonChromeValue(chrome: .bordered) } }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {}; public var _chrome: _ButtonChromeValue { _ButtonChromeValue(chrome: .bordered) } }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {}; public var _chrome: _ButtonChromeValue { _ButtonChromeValue(chrome: .plain) } }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {}; public var _chrome: _ButtonChromeValue { _ButtonChromeValue(chrome: .plain) } }
public struct LinkButtonStyle: PrimitiveButtonStyle { public init() {}; public var _chrome: _ButtonChromeValue { _ButtonChromeValue(chrome: .plain) } }

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { DefaultButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { BorderedButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { PlainButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() } }
extension PrimitiveButtonStyle where Self == LinkButtonStyle { public static var link: LinkButtonStyle { LinkButtonStyle() } }

/// `ButtonStyle`: a custom look, made from the label.
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// `ButtonStyleConfiguration`: a widget's button is never pressed while archived.
public struct ButtonStyleConfiguration {
    public typealias Label = AnyView
    public let label: AnyView
    public let isPressed: Bool
    public let role: ButtonRole?
}

/// `ButtonBorderShape`.
public struct ButtonBorderShape: Hashable, Sendable {
    let name: String
    public static let automatic = ButtonBorderShape(name: "automatic")
    public static let capsule = ButtonBorderShape(name: "capsule")
    public static let circle = ButtonBorderShape(name: "circle")
    public static let roundedRectangle = ButtonBorderShape(name: "roundedRectangle")
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(name: "roundedRectangle") }
}

extension Button where Label == Text {
    public init<I: AppIntent>(_ titleKey: LocalizedStringKey, intent: I) {
        self.init(intent: intent) { Text(titleKey) }
    }
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }
}

/// Archives an intent for a control and registers its type so this process can perform it later.
func intentAction<I: AppIntent>(_ intent: I, builder: inout _ArchiveBuilder) -> ControlAction {
    do {
        return .intent(try IntentRegistry.shared.reference(to: intent))
    } catch {
        builder.warn("\(I.typeIdentifier) is archived inert: \(error)")
        return .inert
    }
}

/// `Toggle`. Interactive with an intent; archived with both states pre-rendered so the host flips it
/// before the extension answers.
public nonisolated struct Toggle<Label: View>: View {
    let isOn: Bool
    let label: Label
    let action: (inout _ArchiveBuilder) -> ControlAction

    public init<I: AppIntent>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
        self.action = { builder in intentAction(intent, builder: &builder) }
    }

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn.wrappedValue
        self.label = label()
        self.action = { builder in
            builder.warn("Toggle(isOn: Binding) is archived inert: widgets only perform App Intents (use Toggle(isOn:intent:))")
            return .inert
        }
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let action = self.action(&builder)
        let style = builder.environment.toggleStyle
        let label = AnyView(self.label)
        let on = builder.node(of: style.makeBody(ToggleStyleConfiguration(label: label, isOn: true)))
        let off = builder.node(of: style.makeBody(ToggleStyleConfiguration(label: label, isOn: false)))
        builder.append(.control(ControlNode(kind: .toggle(isOn: isOn, onLabel: on, offLabel: off), action: action)))
    }
}

extension Toggle where Label == Text {
    public init<I: AppIntent>(_ titleKey: LocalizedStringKey, isOn: Bool, intent: I) {
        self.init(isOn: isOn, intent: intent) { Text(titleKey) }
    }

    /// `Toggle(_:isOn:)` with a binding: drawn in the binding's state, archived inert as
    /// `Toggle(isOn:label:)` with a binding is.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// `ToggleStyleConfiguration`: what a custom style draws from. Custom styles must read `isOn`, since
/// both states are archived. `isOn` is a binding, as Apple declares it; setting it changes nothing
/// (each archived state is fixed), and a tap performs the toggle's intent.
public struct ToggleStyleConfiguration {
    public let label: AnyView
    @Binding public var isOn: Bool
    public typealias Label = AnyView

    init(label: AnyView, isOn: Bool) {
        self.label = label
        self._isOn = .constant(isOn)
    }
}

/// `ToggleStyle`.
public protocol ToggleStyle {
    associatedtype Body: View
    typealias Configuration = ToggleStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

extension ToggleStyle {
    func makeBody(_ configuration: ToggleStyleConfiguration) -> AnyView { AnyView(makeBody(configuration: configuration)) }
}

/// The default switch look: label, then a capsule track with a knob, green when on unless tinted.
public struct SwitchToggleStyle: ToggleStyle {
    let tint: Color?
    public init() { tint = nil }
    /// `SwitchToggleStyle(tint:)` (iOS 14): the track's colour when on.
    public init(tint: Color) { self.tint = tint }
    public func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.label
            Spacer(minLength: 4)
            ZStack(alignment: configuration.isOn ? .trailing : .leading) {
                Capsule().fill(configuration.isOn ? tint ?? Color.green : Color.gray.opacity(0.3))
                Circle().fill(Color.white).padding(2)
            }
            .frame(width: 51, height: 31)
        }
    }
}

/// A checkbox-like look (what `.button` toggles look like in widgets).
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 6) {
            Image(systemName: configuration.isOn ? "checkmark.circle.fill" : "circle")
            configuration.label
        }
    }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
    public static var automatic: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

struct AnyToggleStyle {
    let makeBody: (ToggleStyleConfiguration) -> AnyView
    init<S: ToggleStyle>(_ style: S) { makeBody = { style.makeBody($0) } }
    func makeBody(_ configuration: ToggleStyleConfiguration) -> AnyView { makeBody(configuration) }
}

struct ToggleStyleKey: EnvironmentKey {
    static var defaultValue: AnyToggleStyle { AnyToggleStyle(SwitchToggleStyle()) }
}

extension EnvironmentValues {
    var toggleStyle: AnyToggleStyle {
        get { self[ToggleStyleKey.self] }
        set { self[ToggleStyleKey.self] = newValue }
    }
}

nonisolated extension View {
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        archived(environment: { $0.toggleStyle = AnyToggleStyle(style) })
    }
    /// `.buttonStyle(_:)`: plain and borderless buttons draw their label alone; bordered ones (the
    /// default) on the tinted capsule.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        archived(environment: { $0.buttonChrome = style._chrome.chrome })
    }

    /// `.buttonStyle(_:)` with a custom `ButtonStyle`: its body, unpressed, is the button's look.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        archived(environment: { $0.buttonChrome = .custom { AnyView(style.makeBody(configuration: $0)) } })
    }

    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { self }
}

/// `Link`: a tap target that opens the app at a URL (medium and larger widgets).
public nonisolated struct Link<Label: View>: View {
    let destination: URL
    let label: Label
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        builder.append(builder.node(of: label).modified(.link(destination.absoluteString)))
    }
}

extension Link where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }
}
