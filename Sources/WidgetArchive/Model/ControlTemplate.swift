/// A control (`ControlWidget`, iOS 18): not a view but a template the system draws itself, the same
/// data in Control Center, on the Lock Screen, for the Action button and in the Mac menu bar. The
/// extension evaluates the template's label views and keeps what the system shows of them: a title, a
/// symbol and a value for each state, a tint, the action hint and status texts.
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
        public init(symbol: Symbol? = nil, value: String? = nil) {
            self.symbol = symbol
            self.value = value
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
    /// `.controlWidgetActionHint(_:)`: what the Action button says pressing will do.
    public var actionHint: String?
    /// `.controlWidgetStatus(_:)`: a status shown briefly after the control's action ran.
    public var status: String?
    /// `.privacySensitive()`: the value is redacted while the device is locked.
    public var isPrivacySensitive: Bool
    public var action: ControlAction

    public init(
        style: Style, isOn: Bool = false, title: String, onFace: Face, offFace: Face, tint: ColorValue? = nil,
        actionHint: String? = nil, status: String? = nil, isPrivacySensitive: Bool = false, action: ControlAction
    ) {
        self.style = style
        self.isOn = isOn
        self.title = title
        self.onFace = onFace
        self.offFace = offFace
        self.tint = tint
        self.actionHint = actionHint
        self.status = status
        self.isPrivacySensitive = isPrivacySensitive
        self.action = action
    }

    /// The face of the state the control is in.
    public var currentFace: Face { isOn ? onFace : offFace }
}
