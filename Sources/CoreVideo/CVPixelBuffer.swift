// The `CoreVideo` compat module: the pixel buffer type and the attribute keys AVFoundation's video
// outputs are configured with. No video is decoded here, so no buffer is ever made: the functions that
// read one exist for the signatures of code that would.
@_exported import Foundation
// `OSType`, the pixel formats' type, is Foundation's four-character code (`FoundationAdditions`).
@_exported import FoundationAdditions

/// `CVBuffer`: a buffer of media data. None is made here.
public final class CVBuffer: @unchecked Sendable {
    package init() {}
}

public typealias CVImageBuffer = CVBuffer
public typealias CVPixelBuffer = CVImageBuffer
public typealias CVReturn = Int32

public let kCVReturnSuccess: CVReturn = 0

/// The attribute keys of a pixel buffer, as strings (Core Foundation's `CFString` on Apple's platforms;
/// apps write `kCVPixelBufferPixelFormatTypeKey as String` or `String(kCVPixelBufferPixelFormatTypeKey)`).
public let kCVPixelBufferPixelFormatTypeKey = "PixelFormatType"
public let kCVPixelBufferWidthKey = "Width"
public let kCVPixelBufferHeightKey = "Height"
public let kCVPixelBufferIOSurfacePropertiesKey = "IOSurfaceProperties"

/// Pixel formats, as their four-character codes.
public let kCVPixelFormatType_24RGB: OSType = 0x0000_0018
public let kCVPixelFormatType_32ARGB: OSType = 0x0000_0020
public let kCVPixelFormatType_32BGRA: OSType = 0x4247_5241 // 'BGRA'
public let kCVPixelFormatType_32RGBA: OSType = 0x5247_4241 // 'RGBA'
public let kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: OSType = 0x3432_3076 // '420v'
public let kCVPixelFormatType_420YpCbCr8BiPlanarFullRange: OSType = 0x3432_3066 // '420f'

public func CVPixelBufferGetWidth(_ pixelBuffer: CVPixelBuffer) -> Int { 0 }
public func CVPixelBufferGetHeight(_ pixelBuffer: CVPixelBuffer) -> Int { 0 }
