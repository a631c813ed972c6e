// The trips feed the app syncs from. The widget only builds its request and reads the feed's XML
// from what the app stored: `URLRequest` and `XMLParser` come with `import Foundation`, as on iOS.
import Foundation

enum TripFeed {
    static func request(page: Int) -> URLRequest? {
        guard let url = URL(string: "https://trips.example/feed?page=\(page)") else { return nil }
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        return request
    }

    /// What the app stored at its last sync.
    static let stored = Data(#"<feed><trip name="Porto"/><trip name="Lima"/></feed>"#.utf8)

    /// The names in a stored feed, `<trip name="…"/>` each.
    static func names(in feed: Data) -> [String] {
        final class Names: NSObject, XMLParserDelegate {
            var found: [String] = []
            func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if element == "trip", let name = attributes["name"] { found.append(name) }
            }
        }
        let parser = XMLParser(data: feed)
        let names = Names()
        parser.delegate = names
        parser.parse()
        return names.found
    }
}

/// What the app's feed screen observes, in the same file: `ObservableObject`, `@Published` and
/// `@Observable` come with `import Foundation` too, as on iOS.
final class TripFeedModel: ObservableObject {
    @Published var names: [String] = []
}

@Observable final class TripFeedProgress {
    var loaded = 0
}

extension Notification.Name {
    static let tripFeedChanged = Notification.Name("TripFeedChanged")
}

/// Listens for the feed's changes the Objective-C way, as older app code does: `#selector` and
/// `@objc`, which `import` respells for a Swift method reference.
final class TripFeedListener {
    private(set) var changes = 0

    init(center: NotificationCenter) {
        center.addObserver(self, selector: #selector(TripFeedListener.feedChanged(_:)), name: .tripFeedChanged, object: nil)
    }

    @objc private func feedChanged(_ notification: Notification) {
        changes += 1
    }
}
