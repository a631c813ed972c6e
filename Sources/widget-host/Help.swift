import Foundation

/// Each command's usage: what `widget-host help COMMAND` and `COMMAND --help` print, and, all
/// together, what `widget-host help` prints.
struct CommandHelp {
    let name: String
    let synopsis: String
    let summary: String

    /// As the full usage lists it: the synopsis indented, its summary under it.
    var text: String {
        let lines = synopsis.split(separator: "\n").map { "  \($0)" } + summary.split(separator: "\n").map { "      \($0)" }
        return lines.joined(separator: "\n")
    }

    static let version = "widget-host 1.0.0 (archive format 1)"

    static let all: [CommandHelp] = [
        CommandHelp(name: "demo", synopsis: "demo [--store DIR] [--out DIR] [--sandbox none|basic|full] [--network MODE]", summary: """
            launch the bundled example extensions as real processes, archive a day of their
            timelines in virtual time, render every entry, and print a summary
            (--network: the headline widget's feed; default replay Archives/recordings)
            """),
        CommandHelp(name: "inspect", synopsis: "inspect FILE [--entry N] [--json]", summary: """
            decode an archive (.wgar) or a stored timeline (.timeline) and print its tree
            (--json: the decoded value as JSON)
            """),
        CommandHelp(name: "render", synopsis: """
            render FILE --family F [--placement P] [--at DATE] [--entry N] [--mode M] [--scheme S]
                   [--contrast standard|increased] [--extension EXE] [--format png|svg|json|text] [--scale S]
                   [--font TTF] [DEVICE] --out PATH
            """, summary: """
            lay out and render an archive or a timeline's current entry at DATE (asset images from
            EXE's resources and asset catalogs); --out - writes to standard output
            DEVICE: [--text-size S] [--direction ltr|rtl] [--locale ID] [--time-zone TZ] [--model M]: the
            device's Dynamic Type size (xSmall … xxxLarge, accessibility1 … 5 or AX1 … AX5), reading direction,
            locale (right to left when its language is) and time zone (default: those the archive was made
            in), and the iPhone whose widget sizes the iPhone placements take (iphone-se, iphone-mini,
            iphone, iphone-plus, iphone-11, iphone-max)
            """),
        CommandHelp(name: "animate", synopsis: """
            animate FILE --family F [--placement P] [--from N] [--to M] [--fps F] [--format apng|frames|json]
                    [--scale S] [--font TTF] --out PATH
            """, summary: """
            the transition from one entry of a stored timeline to another as the host plays it: an
            animated PNG, numbered PNG frames, or the plan as JSON; --out - writes to standard output
            """),
        CommandHelp(name: "preview", synopsis: """
            preview --extension EXE --out DIR [--at DATE] [--entries N] [--matrix [--platforms P,…] [AXES]] [--shard K/N]
                    [--font TTF] [--sandbox LEVEL] [--network MODE] [DEVICE]
            preview --merge SHARD_DIR... --out DIR
            """, summary: """
            launch an extension; render every widget kind and supported family in its natural
            placement (--matrix: in every placement showing it, in each colour scheme, and in each
            family's natural placement once per device axis value), and every
            preview its source declares (#Preview, PreviewProvider), to PNG, SVG and JSON, with an
            index.html contact sheet; --shard K/N renders the K-th of N parts, and --merge joins the
            parts' folders into the whole preview
            DEVICE as for render. AXES: [--text-sizes S,…] [--directions D,…] [--locales ID,…] [--models M,…]
            (each `none` to leave it out; default xSmall,accessibility3 / rtl / de_DE / iphone-se)
            MODE: live (default) | off | record DIR | replay DIR: where the extension's requests go
            """),
        CommandHelp(name: "import", synopsis: """
            import PATH.xcodeproj --out DIR [--target NAME] [--configuration NAME] [--preview PREVIEW_DIR [--build-path DIR]]
                   [--widgethost DIR]
            """, summary: """
            make a SwiftPM package in DIR from an Xcode project's widget extension target: its files
            where they are (no copies), its asset catalogs as resources with the asset symbols Xcode
            generates, its Swift packages and the build settings that change compilation; says what
            it left out. --preview builds the package and previews it into PREVIEW_DIR. With several
            widget extensions, --target chooses (the command lists them); --build-path is SwiftPM's
            build folder for the preview's build (one shared by several imports builds this package once)
            """),
        CommandHelp(name: "run", synopsis: """
            run --config FILE [--store DIR] [--out DIR] [--socket PATH] [--duration SECONDS] [--budget N]
                [--memory-limit MB] [--request-timeout SECONDS] [--sandbox none|basic|full] [--network MODE] [--verbose] [RULES]
                [--data-quota MB] [--process-limit N] [--descriptor-limit N]
            """, summary: """
            keep the configured widget instances up to date on the real clock, render them to
            --out, and serve tap/reload/push/status on a control socket (owner-only); SIGHUP reads
            the configuration again
            (--sandbox: how extensions are contained; default the strongest this machine supports)
            (--network live|off|record DIR|replay DIR: where extensions' requests go, each one
            logged in events.jsonl; the configuration's "network" section holds allow-lists)
            RULES: [--developer-mode] [--learning-days N] [--coalesce SECONDS] [--standby-refresh SECONDS|off]
                   [--close-entries SECONDS] [--counted-interactions]: the budget rules (README)
            """),
        CommandHelp(name: "tap", synopsis: "tap INSTANCE|ACTIVITY (--element ID | --at X,Y) [--placement P] [--socket PATH]", summary: """
            tap a control or link of a running instance, or of a Live Activity where it is shown
            (--placement: iphone-lock-activity, the default, island-expanded…): the intent runs in its
            extension
            """),
        CommandHelp(name: "activity", synopsis: "activity start|update|end|dismiss|list [ID] [OPTIONS] [--socket PATH] [--json]", summary: """
            Live Activities of a running host, as an app starts and changes them (docs/live-activities.md):
              start --type T --attributes JSON|@FILE --state JSON|@FILE [--stale-date ISO] [--relevance N]
                    [--push-type token|channel:ID] [--transient] [--start ISO] [--extension ID]
                    [--alert-title T --alert-body B]
              update ID --state JSON|@FILE [--stale-date ISO] [--relevance N] [--timestamp ISO] [--alert-title T …]
              end ID [--state JSON|@FILE] [--dismissal default|immediate|ISO] [--timestamp ISO]
              dismiss ID    (the person removes it from the Lock Screen)
              list [--extension ID]
            """),
        CommandHelp(name: "reload", synopsis: "reload --kind K [--foreground] [--socket PATH]", summary: """
            what WidgetCenter.shared.reloadTimelines(ofKind:) does from an app (counted against the
            budget unless the app is in the foreground)
            """),
        CommandHelp(name: "push", synopsis: "push TOKEN | push --rotate EXTENSION | push (TOKEN | --channel ID) --payload JSON|@FILE [--priority 10|5] [--socket PATH]", summary: """
            a WidgetKit content-changed push to TOKEN (status shows each instance's): the widgets or
            control it reaches reload like reloadAllTimelines(), counted against their budget and
            deferred when it is spent; --rotate replaces an extension's tokens and tells its handlers;
            with --payload, an ActivityKit push ({"aps": {"event": "update", "content-state": {…}}}) to
            an activity's token, a push-to-start token or a channel: priority 10 within the hour's
            budget is delivered at once, beyond it and at priority 5 with the next burst
            """),
        CommandHelp(name: "status", synopsis: "status [--socket PATH] [--json]", summary: """
            what each instance of a running host shows, and when it reloads next
            """),
        CommandHelp(name: "simulate", synopsis: "simulate [--days N] [--scenario FILE] [--seed S] [--budget N] [--out DIR] [--sandbox LEVEL] [--json] [RULES]", summary: """
            play days of reload-budget decisions on a virtual clock (the bundled extensions when no
            scenario is given) and write a report, the event log (JSON lines) and an SVG chart
            (--json: the report as JSON on standard output); RULES as for run, over the scenario's
            """),
        CommandHelp(name: "fuzz", synopsis: "fuzz [--target archive|frame|render|timeline] [--seconds N | --runs N] [--seed S] [--corpus DIR] [--out DIR] | fuzz [--target T] --write-seeds DIR [--count N] [--seed S]", summary: """
            structure-aware fuzzing of the archive or IPC frame decoder, or of rendering what decodes;
            reports what share of inputs decoded; stops at the first finding, writes its input to a
            file and exits non-zero; --write-seeds writes the generated inputs it starts from (256 by
            default), one file each, to seed another fuzzer's corpus
            """),
        CommandHelp(name: "placements", synopsis: "placements [--json]", summary: """
            list the placements and their families and sizes
            """),
        CommandHelp(name: "help", synopsis: "help [COMMAND]", summary: """
            this text, or one command's (also COMMAND --help); --version prints the version
            """),
    ]

    static func named(_ name: String) -> CommandHelp? { all.first { $0.name == name } }

    /// Every command's usage.
    static var usage: String {
        """
        usage: widget-host <command> [options]

        commands:
        \(all.map(\.text).joined(separator: "\n"))

        Exit status: 0 done; 1 failed (the message says what and where); 2 wrong command line
        (printed with the usage). Archives are specified in Archives/FORMAT.md.
        """
    }

    /// One command's usage.
    func usage() -> String {
        let lines = synopsis.split(separator: "\n")
        // Another form of the command is a usage line of its own; anything else continues the line before.
        let continued = lines.dropFirst().map { $0.hasPrefix(name + " ") ? "       widget-host " + $0 : "           " + $0 }
        return (["usage: widget-host " + (lines.first ?? "")] + continued).joined(separator: "\n") + "\n\n" + summary
    }
}
