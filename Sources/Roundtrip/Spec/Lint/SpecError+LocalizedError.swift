import Foundation

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") supplies
// `localizedDescription`, so an alert built from a caught error says what went wrong.
extension SpecError: LocalizedError {
    /// Every error of the spec, one per line with its place; or, when the error carries none,
    /// which spec could not be loaded.
    public var errorDescription: String? {
        let text = description
        return text.isEmpty ? "the spec \(file.map { "'\($0)' " } ?? "")could not be loaded" : text
    }
}
