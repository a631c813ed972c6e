import Foundation
import WidgetProtocol

extension ReloadPolicy {
    /// The earliest time this policy asks for the next timeline, given the timeline's entry dates and
    /// when it was fetched: `atEnd` at the last entry, `after(date)` at that date, `never` not at all.
    /// Never before `notBefore` (a floor such as "not in the past").
    public func nextReload(entryDates: [Date], fetchedAt: Date, notBefore: Date) -> Date? {
        switch self {
        case .atEnd: max(entryDates.last ?? fetchedAt, notBefore)
        case .after(let date): max(date, notBefore)
        case .never: nil
        }
    }
}
