import AVFoundation

/// `import AVFoundation` alone names Foundation's types, Core Media's time, Core Video's buffers, Core
/// Image and key-value observing, as on Apple's platforms.
enum AVFoundationReexportProbe {
    static func foundationValues() -> (date: Date, id: UUID, interval: TimeInterval, defaults: UserDefaults?, text: String) {
        (Date(timeIntervalSince1970: 0), UUID(), TimeInterval(8 * 3600), UserDefaults(suiteName: "probe"), String(localized: "Probe \(3)"))
    }

    static func mediaNames() -> (time: CMTime, key: String, image: CIImage, options: NSKeyValueObservingOptions) {
        (CMTime(value: 3, timescale: 2), kCVPixelBufferPixelFormatTypeKey, CIImage.empty(), [.new])
    }
}
