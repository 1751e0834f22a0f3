/// `/tests`: recent runs, newest first.
struct HistoryPage: Sendable {
    let rows: [(test: ULCTest, status: TestStatus, elapsed: Int64)]

    var page: Page {
        let body: HTML =
            rows.isEmpty
            ? "<section><p class=\"muted\">No tests yet. <a href=\"/\">Create one</a>.</p></section>"
            : """
            <section><table><thead><tr><th>Test</th><th>Target</th><th>Kind</th><th>Status</th><th>Elapsed</th></tr></thead><tbody>
            \(rows.map { row -> HTML in """
                <tr><td><a href="/tests/\(row.test.id)">\(row.test.id)</a></td><td><code>\(row.test.target)</code></td>\
                <td>\(row.test.kind.rawValue)</td><td><span class="status \(row.status.rawValue)">\(row.status.rawValue)</span></td>\
                <td>\(row.elapsed) ms</td></tr>
                """ })
            </tbody></table></section>
            """
        return Page(title: "History", body: body)
    }
}
