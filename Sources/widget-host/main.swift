import Foundation

/// `widget-host`: run, inspect and render widget extensions without a phone.
let usage = CommandHelp.usage

var standardError = FileHandle.standardError

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("widget-host: \(message)\n".utf8))
    exit(code)
}

let args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
}
let rest = Array(args.dropFirst())
switch command {
case "--version", "version":
    print(CommandHelp.version)
    exit(0)
case "help", "--help", "-h":
    guard let name = rest.first else {
        print(usage)
        exit(0)
    }
    guard let help = CommandHelp.named(name) else { fail("no command \(name); widget-host help lists them", code: 2) }
    print(help.usage())
    exit(0)
default:
    // `COMMAND --help` is that command's usage, whatever else is on the line.
    if rest.contains("--help") || rest.contains("-h"), let help = CommandHelp.named(command) {
        print(help.usage())
        exit(0)
    }
}
do {
    switch command {
    case "demo": try DemoCommand.run(rest)
    case "inspect": try InspectCommand.run(rest)
    case "render": try RenderCommand.run(rest)
    case "animate": try AnimateCommand.run(rest)
    case "preview": try PreviewCommand.run(rest)
    case "import": try ImportCommand.run(rest)
    case "placements": try PlacementsCommand.run(rest)
    case "run": try RunCommand.run(rest)
    case "simulate": try SimulateCommand.run(rest)
    case "fuzz": try FuzzCommand.run(rest)
    case "tap": try ControlCommand.tap(rest)
    case "reload": try ControlCommand.reload(rest)
    case "push": try ControlCommand.push(rest)
    case "status": try ControlCommand.status(rest)
    case "activity": try ActivityCommand.run(rest)
    default: throw UsageError("unknown command \(command)")
    }
} catch let error as UsageError {
    FileHandle.standardError.write(Data("widget-host: \(error)\n\n\(CommandHelp.named(command)?.usage() ?? usage)\n".utf8))
    exit(2)
} catch let error as CommandFailure {
    fail(error.message, code: 1)
} catch {
    fail("\(error)", code: 1)
}
