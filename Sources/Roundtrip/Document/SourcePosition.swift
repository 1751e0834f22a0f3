/// A place in a text document (a spec file or an apple-app-site-association file): 1-based line
/// and column, and the 0-based byte offset.
///
/// Columns count Unicode scalars, so a position points at the same character an editor shows.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int
    /// The 0-based offset in UTF-8 bytes from the start of the file.
    public var offset: Int

    /// Creates a position.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Orders positions by offset.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
}
