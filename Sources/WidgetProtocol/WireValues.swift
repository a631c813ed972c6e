import Foundation
import WidgetArchive

// Values written the same way in IPC messages and in stored `.timeline` files.

extension ReloadPolicy {
    /// A tag (0 `atEnd`, 1 `after` followed by the date, 2 `never`).
    package func write(to w: inout ByteWriter) {
        switch self {
        case .atEnd: w.u8(0)
        case .after(let date): w.u8(1); w.f64(date.timeIntervalSince1970)
        case .never: w.u8(2)
        }
    }

    package static func read(from r: inout ByteReader) throws(ArchiveDecodingError) -> ReloadPolicy {
        let offset = r.offset
        switch try r.u8() {
        case 0: return .atEnd
        case 1: return .after(Date(timeIntervalSince1970: try r.f64("policy date")))
        case 2: return .never
        case let other: throw .invalidTag(offset: offset, tag: other, context: "reload policy")
        }
    }
}

extension EnvironmentVariant {
    /// Four bytes: rendering mode, colour scheme, flags (container background, luminance reduced,
    /// simplified level of detail, device settings follow), redaction reasons; then the device
    /// settings when they are not the standard ones.
    package func write(to w: inout ByteWriter) {
        w.u8(renderingMode.rawValue)
        w.u8(colorScheme.rawValue)
        w.u8((showsContainerBackground ? 1 : 0) | (isLuminanceReduced ? 2 : 0) | (isSimplified ? 4 : 0) | (device.isStandard ? 0 : 8))
        w.u8(redactionReasons.rawValue)
        if !device.isStandard {
            w.u8(device.textSize.rawValue)
            w.u8(device.layoutDirection.rawValue)
            w.inlineString(device.locale)
            w.inlineString(device.timeZone)
        }
    }

    package static func read(from r: inout ByteReader) throws(ArchiveDecodingError) -> EnvironmentVariant {
        let mode = WidgetRenderingMode(rawValue: try r.enumCode("rendering mode", cases: WidgetRenderingMode.allCases.count)) ?? .fullColor
        let scheme = ColorScheme(rawValue: try r.enumCode("color scheme", cases: ColorScheme.allCases.count)) ?? .light
        let bits = try r.enumCode("variant flags", cases: 16)
        let reasons = try r.enumCode("redaction reasons", cases: 8)
        let device = bits & 8 != 0 ? try DeviceSettings.read(from: &r) : .standard
        return EnvironmentVariant(renderingMode: mode, colorScheme: scheme, showsContainerBackground: bits & 1 != 0,
                                  isLuminanceReduced: bits & 2 != 0, redactionReasons: RedactionReasons(rawValue: reasons),
                                  isSimplified: bits & 4 != 0, device: device)
    }
}

extension DeviceSettings {
    /// Text size, direction, then the locale and time zone identifiers as strings.
    package static func read(from r: inout ByteReader) throws(ArchiveDecodingError) -> DeviceSettings {
        let size = TextSizeValue(rawValue: try r.enumCode("text size", cases: TextSizeValue.allCases.count)) ?? .large
        let direction = LayoutDirectionValue(rawValue: try r.enumCode("layout direction", cases: 2)) ?? .leftToRight
        var identifiers: [String] = []
        for field in ["locale", "time zone"] {
            let offset = r.offset
            identifiers.append(try checked(try r.inlineString(maxLength: maxIdentifierLength), field: field, offset: offset))
        }
        return DeviceSettings(textSize: size, layoutDirection: direction, locale: identifiers[0], timeZone: identifiers[1])
    }
}
