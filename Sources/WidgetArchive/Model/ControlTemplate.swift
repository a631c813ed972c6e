/// A control (`ControlWidget`, iOS 18): not a view but a template the system draws itself, the same
/// data in Control Center, on the Lock Screen, for the Action button and in the Mac menu bar. The
/// extension evaluates the template's label views and keeps what the system shows of them: a title, a
/// symbol, a value, a status and an action hint for each state, and a tint.
///
/// Apple documentation: "ControlWidgetButton", "ControlWidgetToggle", "controlWidgetActionHint(_:)",
/// "controlWidgetStatus(_:)", "privacySensitive(_:)" (a control's value is hidden while the device is
/// locked).
public struct ControlTemplate: Hashable, Sendable, Codable {
    public enum Style: UInt8, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
        case button = 0, toggle
        public var description: String { self == .button ? "button" : "toggle" }
    }

    /// What the control shows in one state: a toggle has two, a button one (kept in both).
    public struct Face: Hashable, Sendable, Codable {
        /// The symbol: a system symbol or a custom one from the asset catalog.
        public var symbol: Symbol?
        /// The value text (`"On"`, `"72°"`), shown beside the title where there is room.
        public var value: String?
        /// `.controlWidgetStatus(_:)`: what Control Center says when the control reaches this state.
        public var status: String?
        /// `.controlWidgetActionHint(_:)`: what the Action button says pressing will do from this state.
        public var actionHint: String?
        public init(symbol: Symbol? = nil, value: String? = nil, status: String? = nil, actionHint: String? = nil) {
            self.symbol = symbol
            self.value = value
            self.status = status
            self.actionHint = actionHint
        }
    }

    /// A control's symbol: controls show symbols only, never photographs.
    public enum Symbol: Hashable, Sendable, Codable {
        case system(String)
        case asset(String)
    }

    public var style: Style
    /// A toggle's state when archived; always false for a button.
    public var isOn: Bool
    public var title: String
    public var onFace: Face
    public var offFace: Face
    /// `.tint(_:)`: the colour of an active toggle and of the symbol.
    public var tint: ColorValue?
    /// `.privacySensitive()`: the value is redacted while the device is locked.
    public var isPrivacySensitive: Bool
    public var action: ControlAction

    public init(
        style: Style, isOn: Bool = false, title: String, onFace: Face, offFace: Face, tint: ColorValue? = nil,
        isPrivacySensitive: Bool = false, action: ControlAction
    ) {
        self.style = style
        self.isOn = isOn
        self.title = title
        self.onFace = onFace
        self.offFace = offFace
        self.tint = tint
        self.isPrivacySensitive = isPrivacySensitive
        self.action = action
    }

    /// The face of the state the control is in.
    public var currentFace: Face { isOn ? onFace : offFace }
}
