import ArgumentParser
import Foundation

/// `--now SECONDS`: the current time, for reproducible signature, expiry and output checks.
struct ClockOption: ParsableArguments {
    @Option(help: "The current time in Unix seconds (for reproducible checks and output).")
    var now: Int64?

    /// `--now` as a date, else the system clock.
    var date: Date {
        now.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
    }
}
