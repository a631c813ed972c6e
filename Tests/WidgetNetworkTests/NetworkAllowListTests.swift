import Foundation
import Testing
import WidgetNetwork

@Suite struct NetworkAllowListTests {
    @Test func aHostRuleAllowsBothSchemesOnAnyPort() throws {
        let list = try NetworkAllowList(parsing: ["api.example.com"])
        #expect(list.rule(allowing: URL(string: "https://api.example.com/v1")!) != nil)
        #expect(list.rule(allowing: URL(string: "http://API.example.com:8080/")!) != nil)
        #expect(list.rule(allowing: URL(string: "https://example.com/")!) == nil)
        #expect(list.rule(allowing: URL(string: "https://evil-api.example.com/")!) == nil)
    }

    @Test func aWildcardAllowsTheDomainAndItsSubdomainsOnly() throws {
        let list = try NetworkAllowList(parsing: ["*.weather.gov"])
        #expect(list.rule(allowing: URL(string: "https://weather.gov/")!) != nil)
        #expect(list.rule(allowing: URL(string: "https://api.weather.gov/points")!) != nil)
        #expect(list.rule(allowing: URL(string: "https://notweather.gov/")!) == nil)
    }

    @Test func aSchemeAndPortNarrowTheRule() throws {
        let list = try NetworkAllowList(parsing: ["http://127.0.0.1:8080"])
        #expect(list.rule(allowing: URL(string: "http://127.0.0.1:8080/feed")!)?.description == "http://127.0.0.1:8080")
        #expect(list.rule(allowing: URL(string: "https://127.0.0.1:8080/feed")!) == nil)
        #expect(list.rule(allowing: URL(string: "http://127.0.0.1:8081/feed")!) == nil)
        // Default ports count.
        #expect(try NetworkAllowList(parsing: ["https://a.com:443"]).rule(allowing: URL(string: "https://a.com/")!) != nil)
    }

    @Test(arguments: ["", "ftp://a.com", "a.com:0", "a.com:99999", "*a.com", "a.*.com", "a com", "http://a.com:x"])
    func whatIsNotARuleIsThrownBackWithItsText(_ text: String) {
        #expect(throws: NetworkAllowListError(rule: text)) { try NetworkAllowList(parsing: ["ok.com", text]) }
    }

    @Test func modesParseFromTheCommandLinesWords() throws {
        #expect(try NetworkMode("live", folder: nil) == .live)
        #expect(try NetworkMode("off", folder: nil) == .off)
        #expect(try NetworkMode("record", folder: "/r") == .record(folder: "/r"))
        #expect(try NetworkMode("replay", folder: "/r") == .replay(folder: "/r"))
        #expect(throws: NetworkModeError.folderMissing(mode: "replay")) { try NetworkMode("replay", folder: nil) }
        #expect(throws: NetworkModeError.unexpectedFolder(mode: "off")) { try NetworkMode("off", folder: "/r") }
        #expect(throws: NetworkModeError.unknown("online")) { try NetworkMode("online", folder: nil) }
    }

    @Test func withAllowListsAnExtensionWithoutOneReachesNothing() {
        let url = URL(string: "https://api.example.com/")!
        #expect(NetworkPolicy().refusal(of: url, for: "Any") == nil)
        let policy = NetworkPolicy(allowLists: ["Listed": NetworkAllowList(rules: [NetworkAllowList.Rule("api.example.com")!])])
        #expect(policy.refusal(of: url, for: "Listed") == nil)
        #expect(policy.refusal(of: url, for: "Unlisted") == "Unlisted has no network allow-list in the run configuration")
        #expect(policy.refusal(of: URL(string: "https://other.com/")!, for: "Listed") == "other.com is not in Listed's allow-list")
        #expect(policy.refusal(of: URL(string: "file:///etc/passwd")!, for: "Listed") == "only http and https go through the host")
    }
}
