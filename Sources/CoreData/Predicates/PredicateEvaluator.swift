import Foundation

/// Evaluates a parsed predicate against an object, as Core Data's in-memory evaluation does: a key
/// path through a to-many relationship gives a collection, which `ANY`/`ALL`/`NONE` (or, without
/// one, any element) compare; nil compares equal only to nil and orders with nothing.
enum PredicateEvaluator {
    static func evaluate(_ node: PredicateNode, object: Any?, bindings: [String: Any]?) -> Bool {
        switch node {
        case .constant(let value): return value
        case .and(let parts): return parts.allSatisfy { evaluate($0, object: object, bindings: bindings) }
        case .or(let parts): return parts.contains { evaluate($0, object: object, bindings: bindings) }
        case .not(let inner): return !evaluate(inner, object: object, bindings: bindings)
        case .comparison(let comparison): return evaluate(comparison, object: object, bindings: bindings)
        }
    }

    static func evaluate(_ comparison: PredicateComparison, object: Any?, bindings: [String: Any]?) -> Bool {
        let left = resolve(comparison.left, object: object, bindings: bindings)
        let right = resolve(comparison.right, object: object, bindings: bindings)
        let test = { (value: Any?) in compare(value, comparison.op, right, options: comparison.options) }
        switch comparison.quantifier {
        case .any: return (KeyPathReader.collection(left) ?? [left as Any]).contains { test($0) }
        case .all: return (KeyPathReader.collection(left) ?? [left as Any]).allSatisfy { test($0) }
        case .none: return !(KeyPathReader.collection(left) ?? [left as Any]).contains { test($0) }
        case .direct:
            // A to-many key path compared as one value: any of its values (Core Data's SQL does so
            // for a key path through a relationship), unless the operator takes a collection.
            if case .keyPath = comparison.left, let items = KeyPathReader.collection(left), !takesCollectionOnLeft(comparison.op, right) {
                return items.contains { test($0) }
            }
            return test(left)
        }
    }

    private static func takesCollectionOnLeft(_ op: PredicateOperator, _ right: Any?) -> Bool {
        switch op {
        case .contains: return true
        case .equal, .notEqual: return KeyPathReader.collection(right) != nil
        default: return false
        }
    }

    static func resolve(_ expression: PredicateExpression, object: Any?, bindings: [String: Any]?) -> Any? {
        switch expression {
        case .evaluatedObject: return object
        case .keyPath(let path): return KeyPathReader.value(of: object, path: path)
        case .value(let value): return value
        case .aggregate(let items): return items.map { resolve($0, object: object, bindings: bindings) as Any }
        case .variable(let name):
            guard let value = bindings?[name] else {
                CoreDataDiagnostics.report("predicate variable $\(name) has no value; it reads as nil")
                return nil
            }
            return value
        case .keyPathFrom(let base, let path):
            return KeyPathReader.value(of: resolve(base, object: object, bindings: bindings), path: path)
        case .arithmetic(let a, let op, let b):
            let x = resolve(a, object: object, bindings: bindings), y = resolve(b, object: object, bindings: bindings)
            let integers = !(x is Double) && !(x is Float) && !(y is Double) && !(y is Float)
            if integers, op != "/", let x = x.flatMap({ NumericValue.int64($0) }), let y = y.flatMap({ NumericValue.int64($0) }) {
                switch op {
                case "+": return x.addingReportingOverflow(y).partialValue
                case "-": return x.subtractingReportingOverflow(y).partialValue
                default: return x.multipliedReportingOverflow(by: y).partialValue
                }
            }
            guard let x = x.flatMap({ NumericValue.double($0) }), let y = y.flatMap({ NumericValue.double($0) }) else { return nil }
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            default: return y == 0 ? nil : x / y
            }
        }
    }

    /// One comparison of two values.
    static func compare(_ left: Any?, _ op: PredicateOperator, _ right: Any?, options: PredicateValues.StringOptions) -> Bool {
        switch op {
        case .equal:
            if let a = KeyPathReader.collection(left), let b = KeyPathReader.collection(right) {
                return a.count == b.count && a.allSatisfy { x in b.contains { PredicateValues.equal(x, $0, options: options) } }
            }
            return PredicateValues.equal(left, right, options: options)
        case .notEqual:
            return !compare(left, .equal, right, options: options)
        case .less: return PredicateValues.compare(left, right, options: options) == .orderedAscending
        case .lessOrEqual: return [.orderedAscending, .orderedSame].contains(PredicateValues.compare(left, right, options: options))
        case .greater: return PredicateValues.compare(left, right, options: options) == .orderedDescending
        case .greaterOrEqual: return [.orderedDescending, .orderedSame].contains(PredicateValues.compare(left, right, options: options))
        case .beginsWith, .endsWith, .like, .matches:
            guard let text = PredicateValues.text(left), let pattern = PredicateValues.text(right) else { return false }
            let a = PredicateValues.fold(text, options), b = PredicateValues.fold(pattern, options)
            switch op {
            case .beginsWith: return a.hasPrefix(b)
            case .endsWith: return a.hasSuffix(b)
            case .like: return PredicateValues.like(a, b)
            default: return PredicateValues.matches(text, pattern, caseInsensitive: options.contains(.caseInsensitive))
            }
        case .contains:
            if let items = KeyPathReader.collection(left) { return items.contains { PredicateValues.equal($0, right, options: options) } }
            guard let text = PredicateValues.text(left), let part = PredicateValues.text(right) else { return false }
            let b = PredicateValues.fold(part, options)
            return b.isEmpty || PredicateValues.fold(text, options).contains(b)
        case .in:
            if let items = KeyPathReader.collection(right) { return items.contains { PredicateValues.equal(left, $0, options: options) } }
            guard let text = PredicateValues.text(right), let part = PredicateValues.text(left) else { return false }
            return PredicateValues.fold(text, options).contains(PredicateValues.fold(part, options))
        case .between:
            guard let bounds = KeyPathReader.collection(right), bounds.count == 2 else { return false }
            let low = PredicateValues.compare(left, bounds[0], options: options), high = PredicateValues.compare(left, bounds[1], options: options)
            return (low == .orderedDescending || low == .orderedSame) && (high == .orderedAscending || high == .orderedSame)
        }
    }
}
