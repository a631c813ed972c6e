import Foundation

extension NSPredicate {
    /// `NSPredicate(format:_:)`, which Linux's Foundation marks unavailable ("Predicate strings … are
    /// not supported"): parsed here and evaluated against managed objects, dictionaries and plain
    /// values. The arguments are `Any` rather than `CVarArg`, so `date as NSDate`, `[String]` and
    /// managed objects pass as on Apple's platforms; since the corelibs initializer is unavailable,
    /// overload resolution picks this one wherever `CoreData` is imported.
    ///
    /// A format that does not parse raises an exception on Apple's platforms. Here it is said on
    /// stderr (with the offset and why) and the predicate matches nothing, so a widget with a typo
    /// shows no data rather than crashing its extension.
    public convenience init(format predicateFormat: String, _ args: Any...) {
        self.init(format: predicateFormat, argumentArray: args)
    }

    /// `NSPredicate(format:argumentArray:)`.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        do {
            let node = try PredicateParser.parse(predicateFormat, arguments: arguments ?? [])
            self.init(block: { object, bindings in PredicateEvaluator.evaluate(node, object: object, bindings: bindings) })
        } catch {
            CoreDataDiagnostics.report("NSPredicate: \(error); the predicate matches nothing")
            self.init(value: false)
        }
    }

    /// The parse of a format, or why it does not parse: for code that wants the error rather than a
    /// predicate matching nothing (not in Apple's API).
    public static func validatedFormat(_ predicateFormat: String, _ args: Any...) throws(PredicateFormatError) -> NSPredicate {
        let node = try PredicateParser.parse(predicateFormat, arguments: args)
        return NSPredicate(block: { object, bindings in PredicateEvaluator.evaluate(node, object: object, bindings: bindings) })
    }
}
