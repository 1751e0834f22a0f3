#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import Combine
import Foundation
import Roundtrip
import SwiftUI

/// The card terminal's state for SwiftUI: the charge on screen and what was answered so far.
/// Everything Roundtrip does happens in ``Terminal``; this class only keeps what the screen shows.
@MainActor
final class TerminalStore: ObservableObject {
    /// What the terminal shows.
    enum Screen {
        /// No charge to answer.
        case idle
        /// A valid charge, waiting for the clerk's decision.
        case charge(CardTerminalReceiver.Charge)
        /// A request the spec refused, which is not answered.
        case refused(RoundtripError)
    }

    /// What the terminal shows now.
    @Published private(set) var screen = Screen.idle
    /// One line per answered or refused request, newest first.
    @Published private(set) var log: [String] = []

    private let terminal: Terminal?

    /// Creates a store over a terminal, or over none with the reason it could not be made.
    init(terminal: Terminal?, problem: String? = nil) {
        self.terminal = terminal
        if let problem { log = [problem] }
    }

    /// The app's store.
    ///
    /// - Parameter opener: Opens the point of sale's return URLs.
    static func live(opener: any URLOpener) -> TerminalStore {
        do throws(RoundtripError) {
            return TerminalStore(terminal: try Terminal(opener: opener))
        } catch {
            return TerminalStore(terminal: nil, problem: "The terminal's spec cannot be used: \(error.message) [\(error.codeName)]")
        }
    }

    /// Decides a URL the system delivered.
    func receive(_ url: URL) {
        guard let terminal else { return }
        screen =
            switch terminal.review(url) {
            case .charge(let charge): .charge(charge)
            case .refused(let error): .refused(error)
            }
        if case .refused(let error) = screen {
            log.insert("Refused: \(error.message) [\(error.codeName)]", at: 0)
        }
    }

    /// Answers the charge on screen with the clerk's decision and goes back to the point of sale.
    func decide(_ decision: Terminal.Decision) async {
        guard let terminal, case .charge(let charge) = screen else { return }
        screen = .idle
        let line = "\(charge.invoiceNumber): \(decision.rawValue)"
        switch await terminal.answer(charge, with: decision) {
        case .returned:
            log.insert("\(line), returned to \(Terminal.returnsTo(charge))", at: 0)
        case .notOpened(let url):
            log.insert("\(line), but no app opened \(url.absoluteString)", at: 0)
        case .unanswerable(let error):
            log.insert("\(line), not answered: \(error.message) [\(error.codeName)]", at: 0)
        }
    }

    /// Puts a refused request away.
    func dismiss() {
        screen = .idle
    }
}
#endif
