import Foundation

/// A parsed predicate format string, its `%@`/`%K`/`%d`… arguments already put in place.
indirect enum PredicateNode {
    case constant(Bool)
    case and([PredicateNode])
    case or([PredicateNode])
    case not(PredicateNode)
    case comparison(PredicateComparison)
}

/// `ANY`, `ALL`, `NONE` (or none) before a comparison whose left side is a collection.
enum PredicateQuantifier { case direct, any, all, none }

enum PredicateOperator: Equatable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    case beginsWith, endsWith, contains, like, matches, `in`, between
}

struct PredicateComparison {
    var quantifier: PredicateQuantifier
    var left: PredicateExpression
    var op: PredicateOperator
    var options: PredicateValues.StringOptions
    var right: PredicateExpression
}

/// A side of a comparison.
indirect enum PredicateExpression {
    /// The object evaluated (`SELF`).
    case evaluatedObject
    /// A key path from the object (`trip.name`, `items.@count`).
    case keyPath([String])
    /// A constant or a substituted argument.
    case value(Any?)
    /// `{1, 2, 3}`.
    case aggregate([PredicateExpression])
    /// `$NAME`: a substitution variable, read from the bindings given at evaluation.
    case variable(String)
    /// `a + b`, `a - b`, `a * b`, `a / b` on numbers.
    case arithmetic(PredicateExpression, Character, PredicateExpression)
    /// `expression.key.path` (a key path read from another expression's value, `SELF.name`, `$x.name`).
    case keyPathFrom(PredicateExpression, [String])
}

/// Why a predicate format could not be parsed, with where.
public struct PredicateFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    public var format: String
    /// Offset in characters where the problem is.
    public var offset: Int
    public var message: String
    public var description: String { "cannot parse the predicate format \"\(format)\" at \(offset): \(message)" }
}
