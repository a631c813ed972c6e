import Foundation

/// `widget-host`: run, inspect and render widget extensions without a phone.
let usage = """
usage: widget-host <command> [options]

commands:
  demo [--store DIR] [--out DIR] [--sandbox none|basic|full]
      launch the bundled example extension as a real process, archive a day of its
      timeline in virtual time, render every entry, and print a summary
  inspect FILE [--entry N]
      decode an archive (.wgar) or a stored timeline (.timeline) and print its tree
  render FILE --family F [--placement P] [--at DATE] [--entry N] [--mode M] [--scheme S]
         [--contrast standard|increased] [--extension EXE] [--format png|svg|json|text] [--scale S]
         [--font TTF] --out PATH
      lay out and render an archive or a timeline's current entry at DATE (asset images from
      EXE's resources and asset catalogs); --out - writes to standard output
  animate FILE --family F [--placement P] [--from N] [--to M] [--fps F] [--format apng|frames|json]
          [--scale S] [--font TTF] --out PATH
      the transition from one entry of a stored timeline to another as the host plays it: an
      animated PNG, numbered PNG frames, or the plan as JSON; --out - writes to standard output
  preview --extension EXE --out DIR [--at DATE] [--entries N] [--font TTF] [--sandbox LEVEL]
      launch an extension; render every widget kind and supported family in its natural
      placement, and every preview its source declares (#Preview, PreviewProvider), to PNG,
      SVG and JSON, with an index.html contact sheet
  run --config FILE [--store DIR] [--out DIR] [--socket PATH] [--duration SECONDS] [--budget N]
      [--memory-limit MB] [--request-timeout SECONDS] [--sandbox none|basic|full] [--verbose]
      keep the configured widget instances up to date on the real clock, render them to
      --out, and serve tap/reload/status on a control socket (owner-only)
  (--sandbox: how extensions are contained; default the strongest this machine supports)
  tap INSTANCE (--element ID | --at X,Y) [--socket PATH]
      tap a control or link of a running instance: the intent runs in its extension
  reload --kind K [--foreground] [--socket PATH]
      what WidgetCenter.shared.reloadTimelines(ofKind:) does from an app (counted against the
      budget unless the app is in the foreground)
  status [--socket PATH]
      what each instance of a running host shows, and when it reloads next
  simulate [--days N] [--scenario FILE] [--seed S] [--budget N] [--out DIR] [--sandbox LEVEL]
      play days of reload-budget decisions on a virtual clock (the bundled extensions when no
      scenario is given) and write a report, the event log (JSON lines) and an SVG chart
  fuzz [--target archive|frame|render] [--seconds N | --runs N] [--seed S] [--corpus DIR] [--out DIR]
      structure-aware fuzzing of the archive or IPC frame decoder, or of rendering what decodes;
      stops at the first finding,
      writes its input to a file and exits non-zero
  placements
      list the placements and their families and sizes

Archives are specified in Archives/FORMAT.md.
"""

var standardError = FileHandle.standardError

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("widget-host: \(message)\n".utf8))
    exit(code)
}

let args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else {
    print(usage)
    exit(2)
}
let rest = Array(args.dropFirst())
do {
    switch command {
    case "demo": try DemoCommand.run(rest)
    case "inspect": try InspectCommand.run(rest)
    case "render": try RenderCommand.run(rest)
    case "animate": try AnimateCommand.run(rest)
    case "preview": try PreviewCommand.run(rest)
    case "placements": try PlacementsCommand.run(rest)
    case "run": try RunCommand.run(rest)
    case "simulate": try SimulateCommand.run(rest)
    case "fuzz": try FuzzCommand.run(rest)
    case "tap": try ControlCommand.tap(rest)
    case "reload": try ControlCommand.reload(rest)
    case "status": try ControlCommand.status(rest)
    case "help", "--help", "-h": print(usage)
    default: throw UsageError("unknown command \(command)")
    }
} catch let error as UsageError {
    FileHandle.standardError.write(Data("widget-host: \(error)\n\n\(usage)\n".utf8))
    exit(2)
} catch let error as CommandFailure {
    fail(error.message, code: 1)
} catch {
    fail("\(error)", code: 1)
}
