import ByteCoding
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

    package static func read(from r: inout ArchiveByteReader) throws(ArchiveDecodingError) -> ReloadPolicy {
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

    package static func read(from r: inout ArchiveByteReader) throws(ArchiveDecodingError) -> EnvironmentVariant {
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
    package static func read(from r: inout ArchiveByteReader) throws(ArchiveDecodingError) -> DeviceSettings {
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

extension ArchivedEntry {
    /// A tag (0 none, 1 a score, 2 a score and a duration), then the `f64`s: written the same way in
    /// IPC messages and `.timeline` files, so files with no durations read as before.
    package func writeRelevance(to w: inout ByteWriter) {
        Self.writeRelevance(relevance, duration: relevanceDuration, to: &w)
    }

    package static func writeRelevance(_ score: Double?, duration: Double, to w: inout ByteWriter) {
        guard let score else { return w.u8(0) }
        if duration == 0 {
            w.u8(1)
            w.f64(score)
        } else {
            w.u8(2)
            w.f64(score)
            w.f64(duration)
        }
    }

    package static func readRelevance(from r: inout ArchiveByteReader) throws(ArchiveDecodingError) -> (Double?, Double) {
        switch try r.enumCode("relevance", cases: 3) {
        case 1: return (try r.f64("relevance"), 0)
        case 2:
            let score = try r.f64("relevance")
            let offset = r.offset
            let duration = try r.f64("relevance duration")
            guard duration.isFinite, duration >= 0 else { throw .invalidValue(offset: offset, field: "relevance duration", value: duration.bitPattern) }
            return (score, duration)
        default: return (nil, 0)
        }
    }
}
