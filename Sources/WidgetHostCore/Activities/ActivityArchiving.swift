import Foundation
import WidgetArchive
import WidgetLayout
import WidgetProtocol

extension WidgetHost {
    /// Asks `executable`'s extension for every presentation it declares of `attributesType` (or those
    /// named), for one content, and checks each archive as any archive is checked: it decodes under the
    /// store's limits and is the presentation and variant asked for. Supervised like a timeline request.
    public func activityPresentations(
        executable: String, attributesType: String, activityID: String, attributes: [UInt8], state: [UInt8], isStale: Bool = false,
        families: [WidgetFamily]? = nil
    ) throws(HostError) -> (reply: ActivityReply, presentations: ActivityPresentations) {
        let connection = try connection(to: executable)
        guard let descriptor = connection.hello.activities.first(where: { $0.attributesType == attributesType }) else {
            throw .unknownWidget(extensionID: connection.extensionID, kind: attributesType, family: "Live Activity")
        }
        let wanted = descriptor.presentations.filter { families?.contains($0) ?? true }
        let request = ActivityRequest(
            requestID: 0, attributesType: attributesType, activityID: activityID, attributes: attributes, state: state, isStale: isStale,
            now: clock.now, presentations: wanted.map { .init(family: $0, variants: ActivityPresentations.variants(for: $0)) })
        let reply: ActivityReply
        do {
            reply = try connection.activity(request, timeout: requestTimeout)
        } catch {
            activityRequestFailed(executable, connection, error)
            throw error
        }
        return (reply, try Self.validate(reply, families: wanted, attributesType: attributesType, extensionID: connection.extensionID,
                                         options: store.options))
    }

    /// Decodes every archive of a reply and checks it is what was asked for (each presentation at most
    /// once, one archive per variant, its kind, family and variant those asked).
    public static func validate(
        _ reply: ActivityReply, families: [WidgetFamily], attributesType: String, extensionID: String, options: ArchiveDecodingOptions
    ) throws(HostError) -> ActivityPresentations {
        let decoder = ArchiveDecoder(options: options)
        var archives: [WidgetArchiveValue] = [], seen: Set<WidgetFamily> = []
        for presentation in reply.presentations {
            let variants = ActivityPresentations.variants(for: presentation.family)
            guard families.contains(presentation.family), seen.insert(presentation.family).inserted,
                  variants.count == presentation.archives.count else {
                throw .invalidArchive(extensionID: extensionID, kind: attributesType, entry: 0, .unexpectedPresentation(presentation.family))
            }
            for (bytes, variant) in zip(presentation.archives, variants) {
                let value: WidgetArchiveValue
                do { value = try decoder.decode(bytes) } catch {
                    throw .invalidArchive(extensionID: extensionID, kind: attributesType, entry: 0, .undecodable(error, family: presentation.family))
                }
                guard value.kind == attributesType, value.family == presentation.family, value.variant == variant else {
                    throw .invalidArchive(extensionID: extensionID, kind: attributesType, entry: 0,
                                          .mismatch(found: "\(value.kind) \(value.family) \(value.variant)", expected: "\(presentation.family) \(variant)"))
                }
                archives.append(value)
            }
        }
        return ActivityPresentations(archives: archives, layout: reply.layout)
    }
}

extension WidgetHost {
    /// A widget's relevance clues (`relevance()`, a `RelevanceConfiguration`'s), supervised like a
    /// timeline request.
    public func relevance(executable: String, kind: String) throws(HostError) -> [RelevanceClue] {
        let connection = try connection(to: executable)
        do {
            return try connection.relevance(kind: kind, now: clock.now, timeout: requestTimeout)
        } catch {
            activityRequestFailed(executable, connection, error)
            throw error
        }
    }
}
