import Foundation

/// `NSErrorPointer`, which Apple's Foundation declares and Linux's lacks: where a method that reports
/// failure by its result leaves the error (`var error: NSError?; context.canEvaluatePolicy(policy,
/// error: &error)`). A plain mutable pointer here: there is no autorelease pool to hand it through.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
