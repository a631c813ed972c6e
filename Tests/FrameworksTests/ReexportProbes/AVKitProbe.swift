import AVKit

/// `import AVKit` alone brings AVFoundation and UIKit, as on Apple's platforms.
enum AVKitReexportProbe {
    static func foundationValues() -> (date: Date, id: UUID, interval: TimeInterval, defaults: UserDefaults?, text: String) {
        (Date(timeIntervalSince1970: 0), UUID(), TimeInterval(8 * 3600), UserDefaults(suiteName: "probe"), String(localized: "Probe \(3)"))
    }

    static func controller() -> (AVPlayerViewController, UIImage.Orientation, CALayer) {
        let controller = AVPlayerViewController()
        controller.player = AVPlayer(url: URL(fileURLWithPath: "/clip.mp4"))
        return (controller, .up, controller.view.layer)
    }
}
