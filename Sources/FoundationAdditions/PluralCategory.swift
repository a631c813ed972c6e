import Foundation

/// The plural form a number takes in a language, by CLDR's cardinal rules (for the languages apps
/// most often ship; any other takes `one` for 1 and `other` otherwise). A `zero` form that a table
/// gives is used for 0 in every language, as Apple's lookup does.
package enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of `number` in `language` (an `.lproj` name such as `en`, `pt-BR`, `zh-Hans`).
    package static func of(_ number: Double, language: String) -> PluralCategory {
        let code = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { String($0).lowercased() } ?? ""
        let isInteger = number.rounded() == number && abs(number) < 1e15
        let i = isInteger ? Int64(abs(number)) : Int64(abs(number).rounded(.towardZero))
        let mod10 = i % 10, mod100 = i % 100
        switch code {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "tr":
            return .other
        case "fr", "pt" where language.lowercased() != "pt-pt":
            return i <= 1 ? .one : .other
        case "ru", "uk", "be":
            guard isInteger else { return .other }
            if mod10 == 1, mod100 != 11 { return .one }
            if (2...4).contains(mod10), !(12...14).contains(mod100) { return .few }
            return .many
        case "pl":
            guard isInteger else { return .other }
            if i == 1 { return .one }
            if (2...4).contains(mod10), !(12...14).contains(mod100) { return .few }
            return .many
        case "cs", "sk":
            guard isInteger else { return .many }
            return i == 1 ? .one : (2...4).contains(i) ? .few : .other
        case "ar":
            guard isInteger else { return .other }
            switch i {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default: return (3...10).contains(mod100) ? .few : (11...99).contains(mod100) ? .many : .other
            }
        default:
            return isInteger && i == 1 ? .one : .other
        }
    }

    /// The form to use from those a table gives: the number's category, `zero` for 0 when given,
    /// else `other`.
    package static func choose<T>(_ forms: [String: T], for number: Double?, language: String) -> T? {
        guard let number else { return forms["other"] }
        if number == 0, let zero = forms["zero"] { return zero }
        return forms[of(number, language: language).rawValue] ?? forms["other"]
    }
}
