import Foundation
import FoundationAdditions
import WidgetArchive
import WidgetIntents

/// `Text`: runs of literal and date-driven content. Date styles are archived as data so the host
/// shows the right "2:32" at any instant without running the extension again.
public nonisolated struct Text: View, Hashable, Sendable {
    var runs: [TextRun]

    init(runs: [TextRun]) { self.runs = runs }

    /// A literal or interpolated string (`Text("Level \(level)")`). A literal is the key of a string
    /// the app's tables may translate (`Localizable.strings`, `Localizable.xcstrings`).
    public init(_ key: LocalizedStringKey) { runs = key.localizedRuns(table: nil, bundle: nil) }

    /// A string value, shown verbatim. Disfavoured, as SwiftUI's is: a literal (interpolated or not)
    /// makes a `LocalizedStringKey`, whose interpolations keep dates, timers and other texts as such.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { runs = [TextRun(.literal(String(content)))] }

    public init(verbatim content: String) { runs = [TextRun(.literal(content))] }

    /// `Text("key", comment:)` and `Text("key", tableName:bundle:comment:)`: the key looked up in that
    /// table of that bundle, as `Text(_:)` looks it up in `Localizable`.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        runs = key.localizedRuns(table: tableName, bundle: bundle)
    }

    /// `Text(LocalizedStringResource)`: the resource as `String(localized:)` gives it. A string literal
    /// makes a `LocalizedStringKey`, as in SwiftUI.
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource) { runs = [TextRun(.literal(String(localized: resource)))] }

    /// `Text(_:formatter:)`: the value as the formatter writes it, now. Apple requires a
    /// `ReferenceConvertible` subject, which Linux's `Date` is not; any value is taken here.
    public init<Subject>(_ subject: Subject, formatter: Formatter) {
        runs = [TextRun(.literal(formatter.string(for: subject) ?? ""))]
    }

    /// `Text(date, style:)`: resolved by the host at render time.
    public init(_ date: Date, style: DateStyle) { runs = [TextRun(.date(date, style.value))] }

    /// `Text(timerInterval:pauseTime:countsDown:showsHours:)`.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        runs = [TextRun(.timerInterval(start: timerInterval.lowerBound, end: timerInterval.upperBound, countsDown: countsDown))]
    }

    /// `Text(value, format:)`: formatted now, in the extension, in the environment's locale when a
    /// view or the device set one (as SwiftUI gives a format style the environment's locale).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        runs = [TextRun(.literal(format.inEnvironmentLocale.format(input)))]
    }

    /// `Text.DateStyle`.
    public struct DateStyle: Hashable, Sendable {
        let value: WidgetArchive.DateStyle
        public static let time = DateStyle(value: .time)
        public static let date = DateStyle(value: .date)
        public static let relative = DateStyle(value: .relative)
        public static let offset = DateStyle(value: .offset)
        public static let timer = DateStyle(value: .timer)
    }

    public static func + (lhs: Text, rhs: Text) -> Text { Text(runs: lhs.runs + rhs.runs) }

    private func mapRuns(_ transform: (inout TextRun) -> Void) -> Text {
        var copy = self
        for i in copy.runs.indices { transform(&copy.runs[i]) }
        return copy
    }

    public func font(_ font: Font?) -> Text { mapRuns { $0.font = font?.spec } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { mapRuns { $0.weight = weight } }
    public func bold() -> Text { fontWeight(.bold) }
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    public func italic() -> Text { mapRuns { $0.italic = true } }
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
    public func foregroundColor(_ color: Color?) -> Text { mapRuns { $0.color = color?.value } }
    /// `Text.foregroundStyle(_:)` (iOS 17): a colour for these runs, or a hierarchical level of the
    /// inherited foreground (`.secondary`). A gradient gives its first colour and a material the
    /// secondary level, as a run is drawn in one colour.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        switch style._paint {
        case .color(let c): mapRuns { $0.color = c; $0.foregroundLevel = nil }
        case .linearGradient(let stops, _, _): mapRuns { $0.color = stops.first?.color; $0.foregroundLevel = nil }
        case .foreground(let level): mapRuns { $0.color = nil; $0.foregroundLevel = level }
        case .material: mapRuns { $0.color = nil; $0.foregroundLevel = 1 }
        }
    }
    /// Digits already advance alike in the host's metrics.
    public func monospacedDigit() -> Text { self }
    public func monospaced(_ isActive: Bool = true) -> Text { isActive ? mapRuns { $0.font = ($0.font ?? FontSpec(size: .style(.body))).with { $0.design = .monospaced } } : self }
    public func fontDesign(_ design: Font.Design?) -> Text { mapRuns { $0.font = ($0.font ?? FontSpec(size: .style(.body))).with { $0.design = design ?? .default } } }
    public func fontWidth(_ width: Font.Width?) -> Text { mapRuns { $0.font = ($0.font ?? FontSpec(size: .style(.body))).with { $0.width = width?.value ?? .standard } } }
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        mapRuns { $0.attributes.underline = TextDecoration(isActive: isActive, pattern: pattern.value, color: color?.value) }
    }
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        mapRuns { $0.attributes.strikethrough = TextDecoration(isActive: isActive, pattern: pattern.value, color: color?.value) }
    }
    public func kerning(_ kerning: CGFloat) -> Text { mapRuns { $0.attributes.kerning = Double(kerning) } }
    public func tracking(_ tracking: CGFloat) -> Text { mapRuns { $0.attributes.tracking = Double(tracking) } }
    public func baselineOffset(_ offset: CGFloat) -> Text { mapRuns { $0.attributes.baselineOffset = Double(offset) } }
    public func textCase(_ textCase: Case?) -> Text { mapRuns { $0.attributes.textCase = textCase?.value ?? TextCaseValue.none } }

    /// `Text.Case`.
    public enum Case: Hashable, Sendable {
        case uppercase, lowercase
        var value: TextCaseValue { self == .uppercase ? .uppercase : .lowercase }
    }

    /// `Text.LineStyle`.
    public struct LineStyle: Hashable, Sendable {
        /// `Text.LineStyle.Pattern`.
        public struct Pattern: Hashable, Sendable {
            let value: LinePatternValue
            public static let solid = Pattern(value: .solid)
            public static let dot = Pattern(value: .dot)
            public static let dash = Pattern(value: .dash)
            public static let dashDot = Pattern(value: .dashDot)
            public static let dashDotDot = Pattern(value: .dashDotDot)
        }
        let decoration: TextDecoration
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            decoration = TextDecoration(isActive: true, pattern: pattern.value, color: color?.value)
        }
        public static let single = LineStyle()
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { builder.append(.text(TextNode(runs: runs))) }
}

/// `LocalizedStringKey`: the string-literal form of `Text`, whose interpolations can hold dates with a
/// style, formatted values and other texts.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
    var runs: [TextRun]

    public init(_ value: String) { runs = [TextRun(.literal(value))] }
    public init(stringLiteral value: String) { self.init(value) }
    public init(stringInterpolation: StringInterpolation) { runs = stringInterpolation.runs }

    public struct StringInterpolation: StringInterpolationProtocol {
        var runs: [TextRun] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        private mutating func appendText(_ s: String) {
            if let last = runs.last, case .literal(let previous) = last.content, last == TextRun(.literal(previous)) {
                runs[runs.count - 1] = TextRun(.literal(previous + s))
            } else {
                runs.append(TextRun(.literal(s)))
            }
        }

        public mutating func appendLiteral(_ literal: String) { if !literal.isEmpty { appendText(literal) } }
        public mutating func appendInterpolation(_ string: String) { appendText(string) }
        public mutating func appendInterpolation<T>(_ value: T) { appendText(String(describing: value)) }
        /// Numbers and the like: their description, without the casts `String(describing:)` makes first
        /// (each new type's a scan of every conformance record in a new process).
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) { appendText(value.description) }
        public mutating func appendInterpolation(_ text: Text) { runs.append(contentsOf: text.runs) }
        /// `"\(value, specifier: "%.1f")"`: a number in a `printf` format, as real widget code writes it.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) { appendText(String(format: specifier, value)) }
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            runs.append(TextRun(.date(date, style.value)))
        }
        public mutating func appendInterpolation(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
            runs.append(TextRun(.timerInterval(start: timerInterval.lowerBound, end: timerInterval.upperBound, countsDown: countsDown)))
        }
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            appendText(format.inEnvironmentLocale.format(input))
        }
        public mutating func appendInterpolation<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter?) {
            appendText(formatter.map { $0.string(for: subject) ?? "" } ?? String(describing: subject))
        }
        /// `"\(date, formatter: f)"`: Linux's `Date` (and `NSNumber`) are not `ReferenceConvertible`,
        /// which Apple's signature asks for; the formatter writes them all the same.
        @_disfavoredOverload
        public mutating func appendInterpolation<Subject>(_ subject: Subject, formatter: Formatter?) {
            appendText(formatter.map { $0.string(for: subject) ?? "" } ?? String(describing: subject))
        }
    }
}

extension LocalizedStringKey {
    /// The key's text with date runs written as ISO dates: for names and descriptions, not for display.
    public var plainText: String {
        runs.map { run in
            switch run.content {
            case .literal(let s): s
            case .date(let d, _): "\(d)"
            case .timerInterval(let s, let e, _): "\(s)...\(e)"
            }
        }.joined()
    }
}

extension FormatStyle {
    /// This style in the locale of the environment being archived, when one was set.
    var inEnvironmentLocale: Self { EnvironmentValues.current.explicitLocale.map { locale($0) } ?? self }
}
