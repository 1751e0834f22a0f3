import ArgumentParser

/// `--json`: print one JSON object on stdout instead of text. Each command's discussion gives the
/// object's shape.
struct JSONOption: ParsableArguments {
    @Flag(help: "Print one JSON object on stdout (its keys are listed above).")
    var json = false
}
