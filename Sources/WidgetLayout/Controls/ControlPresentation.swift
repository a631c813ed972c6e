import WidgetArchive

/// A control's template drawn the way a place draws controls: the system's views, built here from the
/// template's data, then laid out like any archived tree. The extension never sees these views; it
/// only chose the symbol, title, value and tint.
///
/// A toggle becomes a toggle control with both faces drawn, so a tap flips it at once, as it does a
/// widget's toggle; a button becomes a plain button over its whole look. Either carries the template's
/// intent. Colours follow iOS 18's Control Center: a dark glass platter, an active toggle filled with
/// its tint (the system blue unless the control sets one), symbols in white.
struct ControlPresentation {
    let template: ControlTemplate
    let look: ControlLook
    /// The size of the place, in points.
    let size: Size
    /// The device is locked: a privacy-sensitive value is redacted, and left out of the accessibility label.
    let redactsValue: Bool

    /// The control as views for the place.
    var view: ViewNode {
        // Locked, a privacy-sensitive control hides its state too: it shows its off face.
        let hidesState = redactsValue && template.isPrivacySensitive
        let on = hidesState ? face(template.offFace, isOn: false) : face(template.onFace, isOn: true)
        let control: ViewNode
        switch template.style {
        case .toggle:
            control = .control(ControlNode(kind: .toggle(isOn: template.isOn, onLabel: on, offLabel: face(template.offFace, isOn: false)),
                                           action: template.action))
        case .button:
            control = .control(ControlNode(kind: .plainButton(label: face(template.onFace, isOn: false)), action: template.action))
        }
        // A disabled control (archived without its action) is dimmed, as the system dims it.
        return template.action == .inert ? control.modified(.opacity(0.45)) : control
    }

    private var tint: ColorValue { template.tint ?? .system(.blue, opacity: 1) }

    /// One state's look.
    private func face(_ face: ControlTemplate.Face, isOn: Bool) -> ViewNode {
        let body: ViewNode = switch look {
        case .symbol: symbolCircle(face, isOn: isOn, diameter: min(size.width, size.height), symbolSize: 24)
        case .row: row(face, isOn: isOn)
        case .tile: tile(face, isOn: isOn)
        case .lockScreenButton: lockScreenButton(face, isOn: isOn)
        case .island: island(face, isOn: isOn)
        case .menuBarItem: menuBarItem(face, isOn: isOn)
        }
        return body.modified(.accessibilityLabel(accessibilityLabel(face)))
    }

    // MARK: Looks

    private func row(_ face: ControlTemplate.Face, isOn: Bool) -> ViewNode {
        let texts = titleAndValue(face, titleSize: 12, valueSize: 11)
        let content = ViewNode.stack(StackNode(axis: .horizontal, spacing: 8, children: [
            symbolCircle(face, isOn: isOn, diameter: size.height - 24, symbolSize: 19), texts, .spacer(minLength: 0),
        ])).modified(.padding(PaddingSpec(top: 12, leading: 12, bottom: 12, trailing: 8)))
        return platter(content, shape: .capsule)
    }

    private func tile(_ face: ControlTemplate.Face, isOn: Bool) -> ViewNode {
        let content = ViewNode.stack(StackNode(axis: .vertical, alignment: .init(horizontal: .leading, vertical: .center), spacing: 0, children: [
            symbolCircle(face, isOn: isOn, diameter: 48, symbolSize: 22), .spacer(minLength: 0),
            titleAndValue(face, titleSize: 15, valueSize: 13),
        ])).modified(.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .init(horizontal: .leading, vertical: .top))))
            .modified(.padding(PaddingSpec(top: 14, leading: 14, bottom: 14, trailing: 14)))
        return platter(content, shape: .roundedRectangle(cornerRadius: 34, continuous: true))
    }

    private func lockScreenButton(_ face: ControlTemplate.Face, isOn: Bool) -> ViewNode {
        // The flashlight's look: glass while off, white with a dark symbol while on.
        let fill: ColorValue = isOn ? .system(.white, opacity: 1) : .rgba(red: 1, green: 1, blue: 1, opacity: 0.18)
        let symbolColor: ColorValue = isOn ? .system(.black, opacity: 1) : .system(.white, opacity: 1)
        return framed(symbol(face, pointSize: 20, color: symbolColor), width: size.width, height: size.height, on: .circle, fill: fill)
    }

    private func island(_ face: ControlTemplate.Face, isOn: Bool) -> ViewNode {
        let detail = face.status ?? face.actionHint ?? face.value
        var lines = [title(size: 14)]
        if let detail { lines.append(valueText(detail, size: 12)) }
        let content = ViewNode.stack(StackNode(axis: .horizontal, spacing: 10, children: [
            symbolCircle(face, isOn: isOn || template.style == .button, diameter: size.height - 12, symbolSize: 18),
            .stack(StackNode(axis: .vertical, alignment: .init(horizontal: .leading, vertical: .center), spacing: 1, children: lines)),
            .spacer(minLength: 0),
        ])).modified(.padding(PaddingSpec(top: 6, leading: 6, bottom: 6, trailing: 14)))
        return framed(content, width: size.width, height: size.height, on: .capsule, fill: .system(.black, opacity: 1))
    }

    private func menuBarItem(_ face: ControlTemplate.Face, isOn: Bool) -> ViewNode {
        let highlight: ColorValue = isOn ? .rgba(red: 1, green: 1, blue: 1, opacity: 0.28) : .system(.clear, opacity: 1)
        return framed(symbol(face, pointSize: 15, color: .system(.white, opacity: 1)), width: size.width, height: size.height,
                      on: .roundedRectangle(cornerRadius: 5, continuous: true), fill: highlight)
    }

    // MARK: Parts

    /// The symbol on a circle: the tint while a toggle is on, glass otherwise.
    private func symbolCircle(_ face: ControlTemplate.Face, isOn: Bool, diameter: Double, symbolSize: Double) -> ViewNode {
        let fill: ColorValue = isOn ? tint : .rgba(red: 1, green: 1, blue: 1, opacity: 0.16)
        let symbolColor: ColorValue = isOn || template.tint == nil ? .system(.white, opacity: 1) : tint
        return framed(symbol(face, pointSize: symbolSize, color: symbolColor), width: diameter, height: diameter, on: .circle, fill: fill)
    }

    /// `content` centred in a frame of that size, on a shape filled with `fill`.
    private func framed(_ content: ViewNode, width: Double, height: Double, on shape: ShapeKind, fill: ColorValue) -> ViewNode {
        content.modified(.frame(.fixed(width: width, height: height)))
            .modified(.background(.shape(ShapeNode(kind: shape, fill: .color(fill))), .init(horizontal: .center, vertical: .center)))
    }

    private func symbol(_ face: ControlTemplate.Face, pointSize: Double, color: ColorValue) -> ViewNode {
        let image: ViewNode = switch face.symbol {
        case .system(let name): .image(ImageNode(source: .system(name), template: true))
        case .asset(let name): .image(ImageNode(source: .asset(name), template: true))
        case nil: .empty
        }
        return image.modified(.foreground(.color(color))).modified(.font(FontSpec(size: .fixed(pointSize), weight: .semibold)))
    }

    private func titleAndValue(_ face: ControlTemplate.Face, titleSize: Double, valueSize: Double) -> ViewNode {
        var lines = [title(size: titleSize)]
        if let value = face.value { lines.append(valueText(value, size: valueSize)) }
        return .stack(StackNode(axis: .vertical, alignment: .init(horizontal: .leading, vertical: .center), spacing: 1, children: lines))
    }

    /// The title, marked privacy-sensitive when the template is: the layout redacts it while locked.
    private func title(size: Double) -> ViewNode {
        let node = text(template.title, size: size, weight: .semibold, color: .system(.white, opacity: 1))
        return template.isPrivacySensitive ? node.modified(.privacySensitive(true)) : node
    }

    /// The value, marked privacy-sensitive when the template is: the layout redacts it while locked.
    private func valueText(_ value: String, size: Double) -> ViewNode {
        let node = text(value, size: size, weight: .regular, color: .rgba(red: 1, green: 1, blue: 1, opacity: 0.7))
        return template.isPrivacySensitive ? node.modified(.privacySensitive(true)) : node
    }

    private func text(_ string: String, size: Double, weight: FontWeight, color: ColorValue) -> ViewNode {
        ViewNode.text(TextNode(string)).modified(.foreground(.color(color)))
            .modified(.font(FontSpec(size: .fixed(size), weight: weight))).modified(.lineLimit(1))
    }

    /// The glass platter Control Center draws under a medium or large control.
    private func platter(_ content: ViewNode, shape: ShapeKind) -> ViewNode {
        framed(content, width: size.width, height: size.height, on: shape, fill: .rgba(red: 1, green: 1, blue: 1, opacity: 0.12))
    }

    private func accessibilityLabel(_ face: ControlTemplate.Face) -> String {
        if redactsValue && template.isPrivacySensitive { return "Hidden while locked" }
        return [template.title, face.value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
