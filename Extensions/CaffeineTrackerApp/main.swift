// The caffeine tracker's app, as far as its Live Activity goes: what its screens would do when you log a
// drink, as commands. It reaches the running host through ActivityKit (`WIDGET_HOST_SOCKET` names the
// host's control socket; `widget-host run` listens at its default path).
//
//   CaffeineTrackerApp log DRINK MILLIGRAMS [--now ISO8601]   start the session, or add to it
//   CaffeineTrackerApp end [--now ISO8601]                    end the session (it stays on the Lock Screen)
//   CaffeineTrackerApp list                                   the sessions the system keeps
//   CaffeineTrackerApp watch SECONDS                          print the session's changes as they come
//
// `--now` stands for the app's clock where the host's runs on a virtual one (the demo's).
import ActivityKit
import CaffeineShared
import Foundation

typealias Session = Activity<CaffeineSessionAttributes>

/// Prints a line and flushes it: `watch` is read through a pipe while it runs.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("CaffeineTrackerApp: \(message)\n".utf8))
    exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let now: Date = {
    guard let i = arguments.firstIndex(of: "--now") else { return Date() }
    guard i + 1 < arguments.count, let date = ISO8601DateFormatter().date(from: arguments[i + 1]) else {
        fail("--now takes an ISO 8601 date, such as 2026-11-28T10:30:00Z", code: 2)
    }
    arguments.removeSubrange(i...i + 1)
    return date
}()

@MainActor func content(_ state: CaffeineSessionAttributes.ContentState) -> ActivityContent<CaffeineSessionAttributes.ContentState> {
    // Stale if the app has not updated it for two hours; the fuller the cup, the more relevant.
    ActivityContent(state: state, staleDate: now.addingTimeInterval(2 * 3600), relevanceScore: state.activeMilligrams)
}

func hex(_ data: Data?) -> String { data.map { $0.map { String(format: "%02x", $0) }.joined() } ?? "none" }

switch arguments.first {
case "log":
    guard arguments.count == 3, let milligrams = Double(arguments[2]), milligrams > 0, milligrams < 2000 else {
        fail("log takes a DRINK and its MILLIGRAMS (0 to 2000)", code: 2)
    }
    let drink = arguments[1]
    if let session = Session.activities.first(where: { $0.activityState == .active || $0.activityState == .stale }) {
        let state = CaffeineMath.adding(drink, milligrams: milligrams, to: session.content.state, at: now)
        // Over 300 mg, the update alerts: the screen lights and the island expands.
        let alert = state.activeMilligrams > 300
            ? AlertConfiguration(title: "That's a lot of caffeine", body: "\(Int(state.activeMilligrams)) mg active", sound: .default) : nil
        await session.update(content(state), alertConfiguration: alert)
        say("updated \(session.id): \(Int(session.content.state.activeMilligrams.rounded())) mg active, \(session.content.state.drinks) drinks")
    } else {
        let state = CaffeineMath.adding(drink, milligrams: milligrams, to: nil, at: now)
        do {
            let session = try Session.request(attributes: CaffeineSessionAttributes(startedAt: now), content: content(state), pushType: .token)
            say("started \(session.id): \(Int(state.activeMilligrams.rounded())) mg active; push token \(hex(session.pushToken))")
        } catch {
            fail("the session did not start: \(error)")
        }
    }
case "end":
    guard let session = Session.activities.first(where: { $0.activityState == .active || $0.activityState == .stale }) else {
        fail("no session is running")
    }
    await session.end(session.content, dismissalPolicy: .default)
    say("ended \(session.id): \(session.activityState)")
case "list":
    let sessions = Session.activities
    say("\(sessions.count) session(s); Live Activities \(ActivityAuthorizationInfo().areActivitiesEnabled ? "enabled" : "disabled")")
    for session in sessions {
        say("  \(session.id): \(session.activityState), \(Int(session.content.state.activeMilligrams.rounded())) mg active, push token \(hex(session.pushToken))")
    }
case "watch":
    guard arguments.count == 2, let seconds = Double(arguments[1]), seconds > 0 else { fail("watch takes SECONDS", code: 2) }
    guard let session = Session.activities.first else { fail("no session to watch") }
    say("watching \(session.id)")
    let deadline = Task {
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        exit(0)
    }
    let states = Task {
        for await state in session.activityStateUpdates {
            say("state \(state)")
            if state == .dismissed { exit(0) }
        }
    }
    for await update in session.contentUpdates {
        say("content \(Int(update.state.activeMilligrams.rounded())) mg active, \(update.state.drinks) drinks (\(update.state.lastDrink))")
    }
    // The content stream ends with the activity: the state stream still has its last word to say.
    await states.value
    deadline.cancel()
default:
    fail("usage: CaffeineTrackerApp log DRINK MILLIGRAMS | end | list | watch SECONDS [--now ISO8601]", code: 2)
}
