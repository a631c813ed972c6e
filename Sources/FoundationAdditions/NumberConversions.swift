import Foundation

extension CGFloat {
    /// `CGFloat(truncating:)`, as Apple's Foundation gives it beside `Double(truncating:)` (which
    /// Linux's has): a number read from an `NSNumber`, say a `Decimal` computed for a colour's hue.
    public init(truncating number: NSNumber) {
        self.init(number.doubleValue)
    }
}
